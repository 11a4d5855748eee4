/** "Choose what to move" on `/migration-options`: the date range, the folders, and what stops Next. */
import { section } from '../section.ts';

export const mailChoiceWords = section('mailChoice', {
  disclosure: 'Choose what to move',
  rangeLegend: 'Which mail',
  foldersLegend: 'Which folders',
  fromDateLabel: 'First day to move',
  fromDateMissing: 'Please enter the first day to move.',
  noFolder: 'Please leave at least one folder ticked.',
  // The service's own words for it too (contract/mail-choice.ts, FOLDERS_UNAVAILABLE).
  foldersUnavailable: 'Your folders could not be listed just now, so every folder will be moved.',
  listing: 'Listing your folders...',
  retry: 'Try again',
  moreFolders: 'Only your first folders are listed here. Folders not listed are always moved.',
  // The ranges, by their value in the load (contract's DATE_RANGES).
  everything: 'Everything',
  'last-12-months': 'The last 12 months',
  'last-3-months': 'The last 3 months',
  'last-month': 'The last month',
  'from-date': 'From a date',
  // The closed disclosure's short summary: "The last month, 2 folders left out", "From Mar 1, 2026".
  fromDay: 'From {day}',
  leftOut: '{range}, {count, plural, one {1 folder left out} other {{n} folders left out}}',
  // A folder's counts: "1,240 messages, 35 MB".
  messages: '{count, plural, one {1 message} other {{n} messages}}',
  // Special folders by what they are for, in the words mail programs use.
  inbox: 'Inbox',
  sent: 'Sent',
  drafts: 'Drafts',
  trash: 'Trash',
  junk: 'Junk',
  archive: 'Archive',
});
