/**
 * The count receipt as the ended mail gives it: totals per kind (email folders, address books), never a
 * folder's or an address book's name (docs/decisions/0025-customer-text-in-mail.md). The names are
 * text the account holder chose, and the mail goes, under our name, to whatever notification address
 * was typed in; the receipt folder by folder is on the export's page for its signed-in owner.
 */
import { formatCount, type ReceiptLine } from '../../contract/index.ts';
import type { MailSay } from './export-mail.ts';

type Kind = ReceiptLine['operation'];

/** One kind's totals: how many containers, items at each end, and containers with fewer at the destination. */
export type KindTotals = { kind: Kind; containers: number; source: number; destination: number; short: number };

function totalsByKind(receipt: readonly ReceiptLine[]): KindTotals[] {
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

/** "14 folders", "1 address book". */
const containers = (t: MailSay, kind: Kind, count: number) => t('containers', { kind, count, counted: formatCount(count) });

/** Each kind's row: "Email in 14 folders", "3,402 messages" at the source, and at the destination. */
export function receiptRows(t: MailSay, receipt: readonly ReceiptLine[]) {
  const items = (kind: Kind, count: number) => t('kindItems', { kind, count, counted: formatCount(count) });
  return totalsByKind(receipt).map((totals) => ({
    label: t('kindLabel', { kind: totals.kind, containers: containers(t, totals.kind, totals.containers) }),
    source: items(totals.kind, totals.source),
    destination: items(totals.kind, totals.destination),
  }));
}

/** The sentences under the totals: which kinds came up short, and where each one is listed. */
export function receiptNotes(t: MailSay, receipt: readonly ReceiptLine[], signIn: string): string[] {
  const all = totalsByKind(receipt);
  const short = all
    .filter((totals) => totals.short > 0)
    .map((totals) => t('fewerArrived', { containers: containers(t, totals.kind, totals.short) }));
  const [first = '', second] = all.map((totals) => t('eachKind', { kind: totals.kind }));
  const each = second === undefined ? first : t('bothKinds', { first, second });
  return [...short, t('seeEach', { each, signIn })];
}
