/**
 * The item report of an ended export as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet
 * programs read non-ASCII folder names): one `receipt` row per folder or address book (the count
 * receipt) and one `item` row per item that was skipped, in the order they failed, with what names a
 * message to a person (subject, sender, date). Columns are listed in docs/api.md. Its header row and
 * the cells that are ours (what a row is, what moved, why) are said in a language: English keeps the
 * documented names and codes (contract/words/en/item-report.ts). A text cell that a spreadsheet would
 * take for a formula (=, +, -, @) gets a leading apostrophe: folder names and server answers are not
 * ours to trust.
 */
import type { Language, ReceiptLine } from '../../contract/index.ts';
import { itemReportWords } from '../../contract/words/en/item-report.ts';
import type { KeyOf } from '../../contract/words/section.ts';
import { say, sayer } from '../../contract/words/translate.ts';
import type { ReportItem } from '../ports.ts';
import { buildCsv } from '../engine/index.ts';

export const ITEM_REPORT_COLUMNS = [
  'record',
  'operation',
  'container',
  'item_id',
  'uid',
  'size',
  'reason',
  'detail',
  'source_count',
  'destination_count',
  'destination_container',
  // Added for issue 36, after the others so a reader of the earlier columns reads on unchanged.
  'subject',
  'sender',
  'date',
] as const;

type Word = KeyOf<typeof itemReportWords>;
const isWord = (code: string): code is Word => Object.hasOwn(itemReportWords.en, code);

const text = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const number = (value: number | null) => (value === null ? '' : String(value));

/** The report's file name in a language (ASCII: it travels in Content-Disposition). */
export const itemReportFileName = (exportId: string, language: Language): string =>
  say(language, itemReportWords, 'fileName', { exportId });

/** The report in a language, whose catalog must have been loaded (`loadLanguage`). */
export function itemReportCsv(report: { receipt: readonly ReceiptLine[]; items: readonly ReportItem[] }, language: Language): string {
  const word = sayer(language)(itemReportWords);
  // An operation the words do not name (none the engine reports today) is written as its code.
  const operation = (code: string) => (isWord(code) ? word(code) : code);
  const rows = [
    ITEM_REPORT_COLUMNS.map((column) => word(column)),
    ...report.receipt.map((line) => [
      word('receiptRow'),
      operation(line.operation),
      text(line.container),
      '',
      '',
      '',
      '',
      '',
      number(line.source),
      number(line.destination),
      text(line.destination_container ?? null),
      '',
      '',
      '',
    ]),
    ...report.items.map((item) => [
      word('itemRow'),
      word(item.operation),
      text(item.container),
      text(item.itemId),
      number(item.uid),
      number(item.size),
      word(item.reason),
      text(item.detail),
      '',
      '',
      '',
      text(item.about?.subject ?? null),
      text(item.about?.sender ?? null),
      item.about?.date ?? '',
    ]),
  ];
  return `\ufeff${buildCsv(rows)}`;
}
