/**
 * Copy new mail on the owner's status page (decision 0032): mail that reached the old mailbox after
 * an export to a mailbox completed, copied on request. The result of a pass is announced when it
 * ends ("5 new messages copied"); every pass keeps its line. An export that chose forwarding says
 * until when its daily copies go on, and its owner may stop them.
 */
import { css } from '@emotion/react';
import { selectCopyNewMail } from '../../../machines/index.ts';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { colors, font, space } from '../../theme/theme';
import { Alert, Button } from '../../ui';
import { StopForwardingDialog } from './stop-forwarding-dialog';
import { useErrorWords } from '../../words/use-error-words';
import { useStatusWords } from './use-status-words';

const section = css`
  margin: ${space(5)} 0;
  h2 {
    font-size: ${font.size.lg};
    margin: 0 0 ${space(2)};
  }
`;

export function CopyNewMail() {
  const send = usePortalSend();
  const view = usePortalSelector(selectCopyNewMail, sameData);
  const sayError = useErrorWords();
  const t = useStatusWords();
  if (!view.shown) return null;
  return (
    <section css={section} aria-labelledby="copy-new-mail-heading">
      <h2 id="copy-new-mail-heading">{t('newMailTitle')}</h2>
      <p>{t('newMailLead')}</p>
      <p role="status" aria-live="polite">
        {view.copying ? t('copying') : view.result ? t.phrase(view.result) : ''}
      </p>
      {view.error && <Alert tone="error">{sayError(view.error)}</Alert>}
      {view.canCopy && (
        <Button variant="secondary" onClick={() => send({ type: 'EXPORT.COPY_NEW_MAIL_REQUESTED' })}>
          {t('copyNewMail')}
        </Button>
      )}
      {view.forwarding && <p>{t.phrase(view.forwarding.text)}</p>}
      {view.forwarding?.canStop && (
        <Button variant="secondary" onClick={() => send({ type: 'FORWARDING.STOP_REQUESTED' })}>
          {t('stopCopying')}
        </Button>
      )}
      {view.forwarding && (view.forwarding.confirming || view.forwarding.stopping) && (
        <StopForwardingDialog busy={view.forwarding.stopping} />
      )}
      {view.passes.length > 1 && (
        <ul aria-label={t('eachCopy')} css={{ color: colors.muted, paddingLeft: space(5) }}>
          {view.passes.map((pass) => (
            <li key={pass.key}>{t.phrase({ key: 'passLine', values: { when: pass.when ?? '', text: pass.text } })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
