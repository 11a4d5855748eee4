import type { FormEvent } from 'react';
import { colors, space } from '../../theme/theme';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectStatusLookup } from '../../../machines/index.ts';
import { signInWords } from '../../../contract/words/en/sign-in.ts';
import { useErrorWords } from '../../words/use-error-words';
import { useWords } from '../../words/use-words';

/** 'Check your export status': the export ID (32 alphanumerics, §5) or sign in to list exports. */
export default function StatusLookupModal() {
  const send = usePortalSend();
  const lookup = usePortalSelector(selectStatusLookup);
  const t = useWords(signInWords);
  const error = useErrorWords();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'STATUS_LOOKUP.SUBMITTED' });
  };
  return (
    <Modal title={t('checkStatus')} onClose={() => send({ type: 'STATUS_LOOKUP.CLOSED' })}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('exportId')}
          hint={t('exportIdHint')}
          value={lookup.value}
          onChange={(value) => send({ type: 'STATUS_LOOKUP.ID_CHANGED', value })}
          error={error(lookup.error)}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          css={{ fontFamily: 'ui-monospace, monospace' }}
        />
        <Button type="submit" css={{ width: '100%' }}>
          {t('checkStatusButton')}
        </Button>
      </form>
      <p css={{ margin: `${space(5)} 0 0`, textAlign: 'center', color: colors.muted }}>
        {t('noExportId')}{' '}
        <Button variant="link" onClick={() => send({ type: 'STATUS_LOOKUP.SIGN_IN_REQUESTED' })}>
          {t('checkBySigningIn')}
        </Button>
      </p>
    </Modal>
  );
}
