/**
 * The item report of an ended export as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet
 * programs read non-ASCII folder names): one `receipt` row per folder or address book (the count
 * receipt) and one `item` row per item that was skipped, in the order they failed, with what names a
 * message to a person (subject, sender, date). Columns are listed
 * in docs/api.md. A text cell that a spreadsheet would take for a formula (=, +, -, @) gets a leading
 * apostrophe: folder names and server answers are not ours to trust.
 */
import type { ReceiptLine } from '../../contract/index.ts';
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

const text = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const number = (value: number | null) => (value === null ? '' : String(value));

export function itemReportCsv(report: { receipt: readonly ReceiptLine[]; items: readonly ReportItem[] }): string {
  const rows = [
    ITEM_REPORT_COLUMNS,
    ...report.receipt.map((line) => [
      'receipt',
      line.operation,
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
      'item',
      item.operation,
      text(item.container),
      text(item.itemId),
      number(item.uid),
      number(item.size),
      item.reason,
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
