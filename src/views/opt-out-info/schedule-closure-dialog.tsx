/**
 * The confirmation before scheduling an account closure: closing is the most final thing in the
 * portal, so it says what happens and on which date before the request goes out. Escape, the
 * close button and "Keep my account open" all dismiss.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../ui';
import { brand } from '../../config/brand';
import { usePortalSend } from '../../portal/portal-context';
import { calendarDate } from '../../../contract/index.ts';
import { daysPhrase } from './opt-out-explanations';

const DAY_MS = 24 * 60 * 60 * 1000;

export function ScheduleClosureDialog({ days }: { days: number }) {
  const send = usePortalSend();
  // The date as of when the question opened: a closure confirmed now is dated from now.
  const [openedAt] = useState(() => Date.now());
  const date = calendarDate(openedAt + days * DAY_MS);
  return (
    <ConfirmDialog
      title="Close your account?"
      keepLabel="Keep my account open"
      confirmLabel="Yes, close my account"
      onKeep={() => send({ type: 'OPT_OUT.DISMISSED' })}
      onConfirm={() => send({ type: 'OPT_OUT.CONFIRMED' })}
    >
      <p>
        Your {brand.providerName} mailbox and contacts will be deleted in {daysPhrase(days)}, on <strong>{date}</strong>. They cannot be
        brought back after that.
      </p>
      <p>Want to keep some of it? Save your email and contacts first. Until that date you can still cancel the closure.</p>
    </ConfirmDialog>
  );
}
