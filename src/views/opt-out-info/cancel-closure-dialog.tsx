/**
 * The confirmation before cancelling an account closure (spec §1: cancelling cannot be undone).
 * Shown while the machine waits for the answer; Escape, the close button and "Keep" all dismiss.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';

export function CancelClosureDialog() {
  const send = usePortalSend();
  return (
    <ConfirmDialog
      title="Cancel your account closure?"
      keepLabel="Keep the closure"
      confirmLabel="Yes, cancel the closure"
      onKeep={() => send({ type: 'OPT_OUT.CANCEL_DISMISSED' })}
      onConfirm={() => send({ type: 'OPT_OUT.CANCEL_CONFIRMED' })}
    >
      <p>
        Your account will stay open and you can save your email and contacts instead. <strong>Cancelling cannot be undone:</strong> you will
        not be able to schedule the closure again from this portal.
      </p>
    </ConfirmDialog>
  );
}
