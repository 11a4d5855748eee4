/**
 * "Choose what to move" on the options page: the rules of the choice, shared by guards, selectors and
 * the load request. Everything (the default) adds nothing to the load, so a customer who never opens
 * the choice sends the load of before. Its words are the view's (contract/words/en/mail-choice.ts):
 * what stops Next is a key of that section (decision 0033).
 */
import { dayWords, type DateRange, type MailChoice } from '../contract/index.ts';
import type { MailChoiceForm } from './types.ts';

/** Why the choice cannot be sent yet: a key of the mail choice's words. */
export type MailChoiceProblem = 'fromDateMissing' | 'noFolder';

const isDay = (value: string) => dayWords(value) !== null;

/**
 * The choice in short, for beside the closed disclosure ("The last month, 2 folders left out"), so a
 * customer who closes it still sees what will move; null for everything. The view words it.
 */
export function mailChoiceSummary(choice: MailChoiceForm): { range: DateRange; fromDay: string | null; leftOut: number } | null {
  if (!mailChoiceOf(choice)) return null;
  const fromDay = choice.range === 'from-date' && isDay(choice.fromDate) ? choice.fromDate : null;
  return { range: choice.range, fromDay, leftOut: choice.excludedFolders.length };
}

/** Why the choice cannot be sent yet; null when it can. */
export function mailChoiceProblem(choice: MailChoiceForm): MailChoiceProblem | null {
  if (choice.range === 'from-date' && !isDay(choice.fromDate)) return 'fromDateMissing';
  const listed = choice.folders?.folders ?? [];
  if (listed.length > 0 && listed.every((folder) => choice.excludedFolders.includes(folder.path))) return 'noFolder';
  return null;
}

/** The load's `mail_choice`, or undefined for everything. */
export function mailChoiceOf(choice: MailChoiceForm): MailChoice | undefined {
  if (choice.range === 'everything' && choice.excludedFolders.length === 0) return undefined;
  return {
    range: choice.range,
    ...(choice.range === 'from-date' ? { from_date: choice.fromDate } : {}),
    ...(choice.excludedFolders.length > 0 ? { excluded_folders: choice.excludedFolders } : {}),
  };
}
