/**
 * The words of the item report, the CSV an owner downloads from the status page
 * (server/jobs/item-report.ts). English keeps the column names and codes docs/api.md documents, so a
 * tool that reads the report reads on unchanged; another language says them as words a person reads
 * in a spreadsheet. The report is said in the language the owner's page shows (its language cookie),
 * else in the export's.
 */
import { section } from '../section.ts';

export const itemReportWords = section('itemReport', {
  // The header row, one word per column (ITEM_REPORT_COLUMNS).
  record: 'record',
  operation: 'operation',
  container: 'container',
  item_id: 'item_id',
  uid: 'uid',
  size: 'size',
  reason: 'reason',
  detail: 'detail',
  source_count: 'source_count',
  destination_count: 'destination_count',
  destination_container: 'destination_container',
  subject: 'subject',
  sender: 'sender',
  date: 'date',
  // What a row is: a folder's counts, or one item.
  receiptRow: 'receipt',
  itemRow: 'item',
  // What moved.
  emailmigration: 'emailmigration',
  contactsmigration: 'contactsmigration',
  // Why an item is listed.
  'too-big': 'too-big',
  quota: 'quota',
  refused: 'refused',
  'unreadable-at-source': 'unreadable-at-source',
  'vanished-at-source': 'vanished-at-source',
  'folder-missing': 'folder-missing',
  'folder-refused': 'folder-refused',
  'kept-as-attachment': 'kept-as-attachment',
  // The file's name (ASCII: it travels in Content-Disposition).
  fileName: 'northwave-export-{exportId}-report.csv',
});
