import type { FormEvent } from 'react';
import { colors, space } from '../../theme/theme';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectStatusLookup } from '../../../machines/index.ts';

/** 'Check your export status': the export ID (32 alphanumerics, §5) or sign in to list exports. */
export default function StatusLookupModal() {
  const send = usePortalSend();
  const lookup = usePortalSelector(selectStatusLookup);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'STATUS_LOOKUP.SUBMITTED' });
  };
  return (
    <Modal title="Check your export status" onClose={() => send({ type: 'STATUS_LOOKUP.CLOSED' })}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Export ID"
          hint="You can find this ID of 32 letters and numbers in the email we sent you."
          value={lookup.value}
          onChange={(value) => send({ type: 'STATUS_LOOKUP.ID_CHANGED', value })}
          error={lookup.error}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          css={{ fontFamily: 'ui-monospace, monospace' }}
        />
        <Button type="submit" css={{ width: '100%' }}>
          Check status
        </Button>
      </form>
      <p css={{ margin: `${space(5)} 0 0`, textAlign: 'center', color: colors.muted }}>
        No export ID?{' '}
        <Button variant="link" onClick={() => send({ type: 'STATUS_LOOKUP.SIGN_IN_REQUESTED' })}>
          Check by signing in
        </Button>
      </p>
    </Modal>
  );
}
