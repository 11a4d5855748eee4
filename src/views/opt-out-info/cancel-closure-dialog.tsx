/**
 * The confirmation before cancelling an account closure (spec §1: cancelling cannot be undone).
 * Shown while the machine waits for the answer; Escape, the close button and "Keep" all dismiss.
 */
import { css } from '@emotion/react';
import { Button, Modal } from '../../ui';
import { space, mediaUp } from '../../theme/theme';
import { usePortalSend } from '../../app/portal-context';

const row = css`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space(3)};
  margin-top: ${space(6)};
  ${mediaUp('sm')} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;

export function CancelClosureDialog() {
  const send = usePortalSend();
  const dismiss = () => send({ type: 'OPT_OUT.CANCEL_DISMISSED' });
  return (
    <Modal title="Cancel your account closure?" role="alertdialog" onClose={dismiss} closeLabel="Keep the closure">
      <p>
        Your account will stay open and you can save your email and contacts instead. <strong>Cancelling cannot be undone:</strong> you will
        not be able to schedule the closure again from this portal.
      </p>
      <div css={row}>
        <Button variant="secondary" onClick={dismiss}>
          Keep the closure
        </Button>
        <Button onClick={() => send({ type: 'OPT_OUT.CANCEL_CONFIRMED' })}>Yes, cancel the closure</Button>
      </div>
    </Modal>
  );
}
