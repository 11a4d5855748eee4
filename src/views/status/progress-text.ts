/** How the status page words the engine's counts and sizes (the estimate and waits are worded by the machine). */
import type { TransferProgress } from '../../../contract/index.ts';
import { formatBytes as size } from '../../../machines';

const number = new Intl.NumberFormat('en-US');
const ITEM = { emailmigration: ['message', 'messages'], contactsmigration: ['contact', 'contacts'] } as const;
export type OperationKind = keyof typeof ITEM;

const items = (kind: OperationKind, count: number) => `${number.format(count)} ${ITEM[kind][count === 1 ? 0 : 1]}`;

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
