/**
 * The confirmation before scheduling an account closure: closing is the most final thing in the
 * portal, so it says what happens and on which date before the request goes out. Escape, the
 * close button and "Keep my account open" all dismiss.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../ui';
import { brand } from '../../config/brand';
import { usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { useWords } from '../../words/use-words';
import { calendarDate } from '../../../contract/index.ts';
import { optOutWords } from '../../../contract/words/en/opt-out.ts';
import { selectLanguage } from '../../../machines/index.ts';
import { daysPhrase } from './opt-out-explanations';

const DAY_MS = 24 * 60 * 60 * 1000;

export function ScheduleClosureDialog({ days }: { days: number }) {
  const send = usePortalSend();
  const language = usePortalSelector(selectLanguage);
  const t = useWords(optOutWords);
  // The date as of when the question opened: a closure confirmed now is dated from now.
  const [openedAt] = useState(() => Date.now());
  const date = calendarDate(openedAt + days * DAY_MS, language);
  // The date in bold wherever the language puts it in the sentence.
  const [before, after] = t('scheduleDeleted', { provider: brand.providerName, days: daysPhrase(days, t), date }).split(date);
  return (
    <ConfirmDialog
      title={t('scheduleTitle')}
      keepLabel={t('keepOpen')}
      confirmLabel={t('confirmSchedule')}
      onKeep={() => send({ type: 'OPT_OUT.DISMISSED' })}
      onConfirm={() => send({ type: 'OPT_OUT.CONFIRMED' })}
    >
      <p>
        {before}
        <strong>{date}</strong>
        {after}
      </p>
      <p>{t('scheduleFirst')}</p>
    </ConfirmDialog>
  );
}
