/**
 * Back and Next of a wizard step. Whether each is enabled is the machine's answer to
 * `can(event)`; the buttons only send the event, so no screen re-decides it.
 */
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { usePortalCan, usePortalSend } from '../portal/portal-context';

export function BackButton() {
  const send = usePortalSend();
  const canBack = usePortalCan({ type: 'WIZARD.BACK_REQUESTED' });
  return (
    <Button variant="secondary" disabled={!canBack} onClick={() => send({ type: 'WIZARD.BACK_REQUESTED' })}>
      Back
    </Button>
  );
}

/** `loading`: the step's check is running; the button shows it and stays put until it ends. */
export function NextButton({ loading = false, children = 'Next' }: { loading?: boolean; children?: ReactNode }) {
  const send = usePortalSend();
  const canNext = usePortalCan({ type: 'WIZARD.NEXT_REQUESTED' });
  return (
    <Button disabled={!canNext && !loading} loading={loading} onClick={() => send({ type: 'WIZARD.NEXT_REQUESTED' })}>
      {children}
    </Button>
  );
}
