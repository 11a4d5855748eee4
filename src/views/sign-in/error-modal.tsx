/**
 * The sign-in error of §8, from the query or #error, with the next steps: "Try again" where signing
 * in again can end differently (the machine says where), "Contact support" which opens the support
 * form with the reason filled in, and OK to close it. Each tells the machine.
 */
import { css } from '@emotion/react';
import { colors, mediaUp, space } from '../../theme/theme';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectErrorModal } from '../../../machines/index.ts';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { signInWords } from '../../../contract/words/en/sign-in.ts';
import { useWords } from '../../words/use-words';

const actions = css`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  ${mediaUp('sm')} {
    flex-direction: row-reverse;
    justify-content: flex-start;
  }
`;

export default function ErrorModal() {
  const send = usePortalSend();
  const error = usePortalSelector(selectErrorModal, sameData);
  const t = useWords(signInWords);
  const e = useWords(errorWords);
  if (!error) return null;
  const dismiss = () => send({ type: 'ERROR_MODAL.DISMISSED' });
  const message = e.said(error.message);
  return (
    <Modal role="alertdialog" title={e(error.title)} onClose={dismiss}>
      <p css={{ margin: `0 0 ${space(6)}`, color: colors.dark }}>{message}</p>
      <div css={actions}>
        {error.retry && (
          <Button onClick={() => send({ type: 'ERROR_MODAL.RETRY_REQUESTED' })} data-autofocus>
            {t('tryAgain')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => send({ type: 'ERROR_MODAL.SUPPORT_REQUESTED', issue: e('supportIssue', { message }) })}
          data-autofocus={!error.retry || undefined}
        >
          {t('contactSupport')}
        </Button>
        <Button variant="secondary" onClick={dismiss}>
          {t('ok')}
        </Button>
      </div>
    </Modal>
  );
}
