/**
 * The confirmation before ending forwarding's daily copies (decision 0032): once stopped, they cannot
 * be started again, so the page asks first. What was copied stays; the owner may still copy new mail
 * by hand while the account is open.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';

export function StopForwardingDialog({ busy }: { busy: boolean }) {
  const send = usePortalSend();
  return (
    <ConfirmDialog
      title="Stop copying new mail?"
      keepLabel="Keep copying"
      confirmLabel="Yes, stop copying"
      onKeep={() => send({ type: 'FORWARDING.STOP_DISMISSED' })}
      onConfirm={() => send({ type: 'FORWARDING.STOP_CONFIRMED' })}
      busy={busy}
    >
      <p>
        We will stop copying mail from your old mailbox each day, and you cannot turn this back on. What was already copied stays where it
        is. While your account is open, you can still press Copy new mail.
      </p>
    </ConfirmDialog>
  );
}
