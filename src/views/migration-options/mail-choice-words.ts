/**
 * "Choose what to move" in words (decision 0033): a folder's name and counts ("Junk", "42 messages,
 * 600 KB") and the closed disclosure's summary ("The last month, 2 folders left out"), from what the
 * machine's selector gives. Shared by the view and the UI model's walk, which finds a folder by its name.
 */
import { dayWords, formatBytes, formatCount, type Language } from '../../../contract/index.ts';
import type { mailChoiceWords } from '../../../contract/words/en/mail-choice.ts';
import type { KeyOf, Values } from '../../../contract/index.ts';
import type { selectMailChoice } from '../../../machines/index.ts';

type Say = (key: KeyOf<typeof mailChoiceWords>, values?: Values) => string;
type Choice = ReturnType<typeof selectMailChoice>;

export const folderName = (t: Say, folder: Choice['folders'][number]): string => (folder.special ? t(folder.special) : folder.name);

export function folderCounts(t: Say, folder: Choice['folders'][number]): string {
  const messages = t('messages', { count: folder.messages, n: formatCount(folder.messages) });
  return folder.bytes === null ? messages : `${messages}, ${formatBytes(folder.bytes)}`;
}

export function summaryWords(t: Say, language: Language, summary: NonNullable<Choice['summary']>): string {
  const day = summary.fromDay === null ? null : dayWords(summary.fromDay, language);
  const range = day === null ? t(summary.range) : t('fromDay', { day });
  return summary.leftOut === 0 ? range : t('leftOut', { range, count: summary.leftOut, n: formatCount(summary.leftOut) });
}
