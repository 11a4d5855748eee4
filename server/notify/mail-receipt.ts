/**
 * The count receipt as the ended mail gives it: totals per kind (email folders, address books), never a
 * folder's or an address book's name (docs/decisions/0025-customer-text-in-mail.md). The names are
 * text the account holder chose, and the mail goes, under our name, to whatever notification address
 * was typed in; the receipt folder by folder is on the export's page for its signed-in owner.
 */
import { formatCount, type ReceiptLine } from '../../contract/index.ts';

type Kind = ReceiptLine['operation'];

const WORDS: Record<Kind, { label: string; container: [string, string]; item: [string, string] }> = {
  emailmigration: { label: 'Email', container: ['folder', 'folders'], item: ['message', 'messages'] },
  contactsmigration: { label: 'Contacts', container: ['address book', 'address books'], item: ['contact', 'contacts'] },
};

const counted = (count: number, [one, many]: [string, string]) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** One kind's totals: how many containers, items at each end, and containers with fewer at the destination. */
export type KindTotals = { kind: Kind; containers: number; source: number; destination: number; short: number };

export function totalsByKind(receipt: readonly ReceiptLine[]): KindTotals[] {
  return (['emailmigration', 'contactsmigration'] as const).flatMap((kind) => {
    const lines = receipt.filter((line) => line.operation === kind);
    if (lines.length === 0) return [];
    const sum = (pick: (line: ReceiptLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
    return [
      {
        kind,
        containers: lines.length,
        source: sum((line) => line.source),
        destination: sum((line) => line.destination),
        short: lines.filter((line) => line.destination < line.source).length,
      },
    ];
  });
}

/** "Email in 14 folders", "Contacts in 1 address book". */
export const kindLabel = (totals: KindTotals) =>
  `${WORDS[totals.kind].label} in ${counted(totals.containers, WORDS[totals.kind].container)}`;

/** "3,402 messages", "1 contact". */
export const itemCount = (totals: KindTotals, count: number) => counted(count, WORDS[totals.kind].item);

/** The sentences under the totals: which kinds came up short, and where each one is listed. */
export function receiptNotes(all: readonly KindTotals[], signInLabel: string): string[] {
  const short = all
    .filter((totals) => totals.short > 0)
    .map((totals) => `In ${counted(totals.short, WORDS[totals.kind].container)}, fewer are at the destination than at the source.`);
  const each = all.map((totals) => `each ${WORDS[totals.kind].container[0]}`).join(' and ');
  return [...short, `To see ${each}, choose "${signInLabel}" on the export portal.`];
}
