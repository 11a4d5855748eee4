/** How the status page words the engine's figures: counts, sizes, and the time a wait ends. */
import type { TransferProgress, TransferWait } from '../../../contract/index.ts';

const number = new Intl.NumberFormat('en-US');
const ITEM = { emailmigration: ['message', 'messages'], contactsmigration: ['contact', 'contacts'] } as const;
export type OperationKind = keyof typeof ITEM;

const items = (kind: OperationKind, count: number) => `${number.format(count)} ${ITEM[kind][count === 1 ? 0 : 1]}`;

/** Bytes in the largest unit that keeps the figure readable: 950 KB, 35 MB, 1.2 GB. */
export function size(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/** "1,240 of 5,000 messages (35 MB of 120 MB)", or what is known before the source is counted. */
export function progressText(kind: OperationKind, progress: TransferProgress): string {
  const handled = progress.done + progress.failed;
  const counted = progress.total === null ? `${items(kind, handled)} so far` : `${number.format(handled)} of ${items(kind, progress.total)}`;
  const bytes =
    progress.bytes_done !== undefined && progress.bytes_total
      ? ` (${size(progress.bytes_done)} of ${size(progress.bytes_total)})`
      : '';
  return counted + bytes;
}

/** "3 messages could not be moved", or null when none failed. */
export function failedText(kind: OperationKind, progress: TransferProgress | null): string | null {
  if (!progress || progress.failed === 0) return null;
  return `${items(kind, progress.failed)} could not be moved.`;
}

const when = new Intl.DateTimeFormat('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit' });

/** "Waiting for the destination's daily limit — continues around Tuesday 2:00 PM." */
export function waitingText(wait: TransferWait): string {
  const at = Date.parse(wait.until);
  const resume = Number.isNaN(at) ? 'soon' : `around ${when.format(at)}`;
  const why = wait.reason === 'daily-limit' ? "the destination's daily limit" : 'the destination, which asked us to slow down';
  return `Waiting for ${why} — continues ${resume}. You can close this page.`;
}
