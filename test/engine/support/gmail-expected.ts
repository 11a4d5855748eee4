/**
 * What a mailbox should look like in Gmail after an import through the API, worked out from the
 * fixture on its own (not from the adapter): one message per distinct message — the same Message-ID,
 * internal date and size in several folders is one message — with a label per folder holding it,
 * UNREAD when not \Seen and STARRED when \Flagged, the Date header's time, the same bytes.
 */
import { createHash } from 'node:crypto';
import type { FixtureMessage } from './mail-fixture.ts';

const SYSTEM: Record<string, string> = { INBOX: 'INBOX', Sent: 'SENT', Drafts: 'DRAFT', Trash: 'TRASH', Junk: 'SPAM' };

export const labelOfFolder = (folder: string[]) =>
  folder.length === 1 ? (SYSTEM[folder[0] as string] ?? folder.join('/')) : folder.join('/');

export type ExpectedGmailMessage = { sha256: string; labels: string[]; internalDate: number };

function header(raw: Buffer, name: string): string | null {
  const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
}

export function expectedGmail(messages: FixtureMessage[]): ExpectedGmailMessage[] {
  const byKey = new Map<string, { message: FixtureMessage; folders: Set<string> }>();
  messages.forEach((message, i) => {
    const id = header(message.raw, 'message-id');
    const key = id === null ? `no-id-${i}` : `${id}\n${message.internalDate.getTime()}\n${message.raw.length}`;
    const entry = byKey.get(key) ?? { message, folders: new Set<string>() };
    entry.folders.add(labelOfFolder(message.folder));
    byKey.set(key, entry);
  });
  return [...byKey.values()]
    .map(({ message, folders }) => ({
      sha256: createHash('sha256').update(message.raw).digest('hex'),
      labels: [
        ...folders,
        ...(message.flags.includes('\\Seen') ? [] : ['UNREAD']),
        ...(message.flags.includes('\\Flagged') ? ['STARRED'] : []),
      ].sort(),
      internalDate: Date.parse(header(message.raw, 'date') ?? ''),
    }))
    .sort((a, b) => a.sha256.localeCompare(b.sha256) || a.labels.join().localeCompare(b.labels.join()));
}
