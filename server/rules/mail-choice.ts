/**
 * A load's mail choice (contract/mail-choice.ts) as the export keeps it: the range turned into its
 * first day by the service's clock, so the day is the same whatever the browser's clock says, and
 * the folders left out. Everything (no range, no folder left out) keeps nothing, so such a load is
 * the load of before.
 */
import type { MailChoice } from '../../contract/index.ts';
import type { MailSelection } from '../ports.ts';

const MONTHS_BACK = { 'last-12-months': 12, 'last-3-months': 3, 'last-month': 1 } as const;

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The same day `months` months before `now` (UTC), or the month's last day when it has no such day (31 March → 28/29 February). */
export function monthsBefore(now: number, months: number): string {
  const at = new Date(now);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return day(new Date(Date.UTC(year, month, Math.min(at.getUTCDate(), lastDay))));
}

export type ChoiceRefusal = { refused: string; field: string };

/** The choice as kept, null for everything, or why it cannot be taken. */
export function resolveMailChoice(choice: MailChoice | undefined, now: number): MailSelection | null | ChoiceRefusal {
  if (!choice) return null;
  let since: string | null = null;
  if (choice.range === 'from-date') {
    if (!choice.from_date) return { refused: 'Please enter the first day to move.', field: 'mail_choice.from_date' };
    if (choice.from_date > day(new Date(now)))
      return { refused: 'Please choose a date that is not in the future.', field: 'mail_choice.from_date' };
    since = choice.from_date;
  } else if (choice.range !== 'everything') {
    since = monthsBefore(now, MONTHS_BACK[choice.range]);
  }
  const excludedFolders = [...new Set(choice.excluded_folders ?? [])].sort();
  return since === null && excludedFolders.length === 0 ? null : { since, excludedFolders };
}
