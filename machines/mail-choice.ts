/**
 * "Choose what to move" on the options page: the rules of the choice, shared by guards, selectors and
 * the load request. Everything (the default) adds nothing to the load, so a customer who never opens
 * the choice sends the load of before.
 */
import {
  dayWords,
  FOLDERS_UNAVAILABLE,
  type DateRange,
  type MailChoice,
  type SourceFolderLine,
  type SpecialUse,
} from '../contract/index.ts';
import type { MailChoiceForm } from './types.ts';

export const MAIL_CHOICE_TEXTS = {
  disclosure: 'Choose what to move',
  rangeLegend: 'Which mail',
  foldersLegend: 'Which folders',
  fromDateLabel: 'First day to move',
  fromDateMissing: 'Please enter the first day to move.',
  noFolder: 'Please leave at least one folder ticked.',
  foldersUnavailable: FOLDERS_UNAVAILABLE,
  listing: 'Listing your folders...',
  retry: 'Try again',
} as const;

export const RANGE_LABELS: Record<DateRange, string> = {
  everything: 'Everything',
  'last-12-months': 'The last 12 months',
  'last-3-months': 'The last 3 months',
  'last-month': 'The last month',
  'from-date': 'From a date',
};

/** Special folders by what they are for, in the words mail programs use. */
const SPECIAL_NAMES: Record<SpecialUse, string> = {
  inbox: 'Inbox',
  sent: 'Sent',
  drafts: 'Drafts',
  trash: 'Trash',
  junk: 'Junk',
  archive: 'Archive',
};

/** A folder as the customer knows it: a special folder by its use, any other by its name. */
export const folderLabel = (folder: Pick<SourceFolderLine, 'name' | 'special_use'>): string =>
  folder.special_use ? SPECIAL_NAMES[folder.special_use] : folder.name;

const isDay = (value: string) => dayWords(value) !== null;

/**
 * The choice in short, beside the closed disclosure ("The last month, 2 folders left out"), so a
 * customer who closes it still sees what will move; null for everything.
 */
export function mailChoiceSummary(choice: MailChoiceForm): string | null {
  if (!mailChoiceOf(choice)) return null;
  const count = choice.excludedFolders.length;
  const folders = count === 0 ? '' : `, ${count} ${count === 1 ? 'folder' : 'folders'} left out`;
  const from = choice.range === 'from-date' ? dayWords(choice.fromDate) : null;
  const range = from ? `From ${from}` : RANGE_LABELS[choice.range];
  return `${range}${folders}`;
}

/** Why the choice cannot be sent yet, in words; null when it can. */
export function mailChoiceProblem(choice: MailChoiceForm): string | null {
  if (choice.range === 'from-date' && !isDay(choice.fromDate)) return MAIL_CHOICE_TEXTS.fromDateMissing;
  const listed = choice.folders?.folders ?? [];
  if (listed.length > 0 && listed.every((folder) => choice.excludedFolders.includes(folder.path))) return MAIL_CHOICE_TEXTS.noFolder;
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
