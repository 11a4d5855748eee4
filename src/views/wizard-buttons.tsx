/**
 * Back and Next of a wizard step. Whether each is enabled is the machine's answer to
 * `can(event)`; the buttons only send the event, so no screen re-decides it.
 */
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { usePortalCan, usePortalSend } from '../portal/portal-context';
import { destinationScreenWords } from '../../contract/words/en/destination.ts';
import { useWords } from '../words/use-words';

export function BackButton() {
  const send = usePortalSend();
  const canBack = usePortalCan({ type: 'WIZARD.BACK_REQUESTED' });
  const t = useWords(destinationScreenWords);
  return (
    <Button variant="secondary" disabled={!canBack} onClick={() => send({ type: 'WIZARD.BACK_REQUESTED' })}>
      {t('back')}
    </Button>
  );
}

/** `loading`: the step's check is running; the button shows it and stays put until it ends. */
export function NextButton({ loading = false, children }: { loading?: boolean; children?: ReactNode }) {
  const send = usePortalSend();
  const t = useWords(destinationScreenWords);
  const canNext = usePortalCan({ type: 'WIZARD.NEXT_REQUESTED' });
  return (
    <Button disabled={!canNext && !loading} loading={loading} onClick={() => send({ type: 'WIZARD.NEXT_REQUESTED' })}>
      {children ?? t('next')}
    </Button>
  );
}
