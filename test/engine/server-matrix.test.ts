/**
 * The engine between the mail servers the world runs: Dovecot (`/`, no prefix, SPECIAL-USE, a master
 * user), Cyrus (`INBOX.` and `.`, SPECIAL-USE, an admin logging in as the customer through SASL PLAIN's
 * authzid) and Courier (Maildir++ `INBOX.` and `.`, no SPECIAL-USE, no LITERAL+ or MULTIAPPEND, the
 * customer's own login), each the source and each the destination of the other two. A generated
 * mailbox with nested, non-ASCII, dotted and special-use folders moves with every message's bytes,
 * flags and internal date intact, into the tree the destination's shape gives it (no `INBOX.INBOX`, no
 * flattening, Sent into the destination's Sent), and with a receipt per folder that adds up.
 */
import { createHash } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { IMAP_SERVER_KINDS, startImapServer, type ImapAuth, type ImapServerKind, type ImapTestServer } from '../support/imap-servers.ts';

const customer = { email: 'src@example.com', password: 'Source-pw-1' };
const destinationOf = (from: ImapServerKind) => ({ email: `from${from}@example.net`, password: `From-${from}-pw` });
const servers = new Map<ImapServerKind, ImapTestServer>();

type Stored = { sha256: string; flags: string[]; internalDate: number };
/** A folder as name parts below the namespace, and its special use where it has one. */
type Folder = { segments: string[]; role?: 'Sent' | 'Drafts' | 'Trash' | 'Junk' };

const FOLDERS: Folder[] = [
  { segments: ['INBOX'] },
  { segments: ['Sent'], role: 'Sent' },
  { segments: ['Drafts'], role: 'Drafts' },
  { segments: ['Trash'], role: 'Trash' },
  { segments: ['Clients'] },
  { segments: ['Clients', '2019'] },
  { segments: ['Clients', '2019', 'Q1'] },
  { segments: ['Réunions', 'Été 2019'] },
  { segments: ['Ärger & Ösen'] },
  // A dot in a name: a character where the separator is '/', a new level where it is '.'.
  { segments: ['v1.2 notes'] },
];
const KEPT = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);
const FLAG_SETS = [['\\Seen'], [], ['\\Seen', '\\Flagged'], ['\\Answered', '\\Seen'], ['\\Draft']];

function messagesOf(folder: Folder, index: number) {
  return Array.from({ length: 4 }, (_, n) => {
    const id = `${index}.${n}`;
    const body = n === 3 ? 'x'.repeat(300_000) : `Message ${id} in ${folder.segments.join('/')}, ünïcödé kept as UTF-8.`;
    const raw = Buffer.from(
      `Message-ID: <matrix-${id}@example.com>\r\nFrom: Src <src@example.com>\r\nSubject: ${id}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    );
    return {
      raw,
      flags: FLAG_SETS[(index + n) % FLAG_SETS.length] as string[],
      internalDate: new Date(Date.UTC(2018, index % 12, 1 + n, 9, 15, 7)),
    };
  });
}
const MAILBOX = FOLDERS.map((folder, index) => ({ folder, messages: messagesOf(folder, index) }));

/** The name a server gives a folder's parts: its namespace prefix, its separator between them. */
const pathOn = (server: ImapTestServer, segments: string[]) =>
  segments[0] === 'INBOX' && segments.length === 1 ? 'INBOX' : `${server.namespacePrefix}${segments.join(server.separator)}`;
/** A folder's parts as a server with this separator can hold them: a part holding the separator is more levels there. */
const levelsOn = (server: ImapTestServer, segments: string[]) => segments.flatMap((segment) => segment.split(server.separator));

function client(server: ImapTestServer, auth: ImapAuth): ImapFlow {
  const flow = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: true,
    tls: { ca: server.certificate },
    auth,
    logger: false,
    disableAutoIdle: true,
  });
  flow.on('error', () => {});
  return flow;
}

async function seed(server: ImapTestServer): Promise<void> {
  const flow = client(server, server.userAuth(customer.email));
  await flow.connect();
  try {
    const existing = new Set((await flow.list()).map((entry) => entry.path));
    for (const { folder, messages } of MAILBOX) {
      const path = pathOn(server, levelsOn(server, folder.segments));
      if (!existing.has(path)) {
        await flow.mailboxCreate(path).catch((error: { responseText?: string }) => {
          throw new Error(`${server.kind}: CREATE ${path}: ${error.responseText ?? String(error)}`);
        });
      }
      existing.add(path);
      for (const m of messages) await flow.append(path, m.raw, m.flags, m.internalDate);
    }
  } finally {
    await flow.logout();
  }
}

const stored = (m: { raw: Buffer; flags: string[]; internalDate: Date }): Stored => ({
  sha256: createHash('sha256').update(m.raw).digest('hex'),
  flags: m.flags.filter((flag) => KEPT.has(flag)).sort(),
  internalDate: m.internalDate.getTime(),
});
const sorted = (list: Stored[]) => list.sort((a, b) => a.sha256.localeCompare(b.sha256));

async function readAll(server: ImapTestServer, email: string): Promise<Map<string, Stored[]>> {
  const flow = client(server, server.userAuth(email));
  await flow.connect();
  const out = new Map<string, Stored[]>();
  try {
    for (const entry of await flow.list()) {
      if (entry.flags.has('\\Noselect')) continue;
      const box = await flow.mailboxOpen(entry.path, { readOnly: true });
      const list: Stored[] = [];
      if (box.exists > 0) {
        for await (const m of flow.fetch('1:*', { flags: true, internalDate: true, source: true })) {
          list.push(stored({ raw: m.source ?? Buffer.alloc(0), flags: [...(m.flags ?? [])], internalDate: new Date(m.internalDate ?? 0) }));
        }
      }
      out.set(entry.path, sorted(list));
    }
  } finally {
    await flow.logout();
  }
  return out;
}

/** Where each folder should land: the destination's own special folders, else the same tree in its shape. */
function expectedAt(from: ImapTestServer, to: ImapTestServer): Map<string, Stored[]> {
  const expected = new Map<string, Stored[]>();
  for (const { folder, messages } of MAILBOX) {
    // The source holds the folder as the levels its separator allows; the destination rebuilds those levels,
    // a part holding the destination's separator becoming `_` there.
    const levels = levelsOn(from, folder.segments).map((part) => part.split(to.separator).join('_'));
    const path = folder.role ? pathOn(to, [folder.role]) : pathOn(to, levels);
    expected.set(path, sorted([...(expected.get(path) ?? []), ...messages.map(stored)]));
  }
  return expected;
}

beforeAll(async () => {
  const started = await Promise.all(
    IMAP_SERVER_KINDS.map((kind) =>
      startImapServer(kind, [customer, ...IMAP_SERVER_KINDS.filter((other) => other !== kind).map(destinationOf)]),
    ),
  );
  for (const server of started) servers.set(server.kind, server);
  await Promise.all(started.map(seed));
}, 120_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const pairs = IMAP_SERVER_KINDS.flatMap((from) => IMAP_SERVER_KINDS.filter((to) => to !== from).map((to) => [from, to] as const));

describe('the engine between Dovecot, Cyrus and Courier', () => {
  it.each(pairs)(
    '%s → %s: every message with its bytes, flags and date, in the destination’s tree',
    async (fromKind, toKind) => {
      const from = servers.get(fromKind) as ImapTestServer;
      const to = servers.get(toKind) as ImapTestServer;
      const recipient = destinationOf(fromKind);
      const result = await runMailTransfer({
        transferId: `${fromKind}-${toKind}`,
        source: createImapSource({
          endpoint: { host: from.host, port: from.port, tls: 'implicit', ca: from.certificate },
          mailbox: customer.email,
          master: from.engineLogin(customer.email),
        }),
        destination: createImapDestination(
          { endpoint: { host: to.host, port: to.port, tls: 'implicit', ca: to.certificate }, user: recipient.email, auth: 'password' },
          recipient.password,
        ),
        store: createMemoryStateStore(),
        clock: systemClock,
      });
      const total = MAILBOX.reduce((sum, { messages }) => sum + messages.length, 0);
      expect(result.status).toEqual({ state: 'completed' });
      expect(result.failures).toEqual([]);
      expect(result.progress).toMatchObject({ total, done: total, failed: 0 });

      const actual = await readAll(to, recipient.email);
      const expected = expectedAt(from, to);
      for (const [path, list] of expected) expect(actual.get(path), `${fromKind} → ${toKind}: ${path}`).toEqual(list);
      const extra = [...actual].filter(([path, list]) => !expected.has(path) && list.length > 0).map(([path]) => path);
      expect(extra, 'folders with mail nobody sent').toEqual([]);
      expect([...actual.keys()].filter((path) => /INBOX.INBOX/i.test(path))).toEqual([]);

      // The servers' own empty folders (Junk, Archive) move too; every folder of the mailbox has its receipt.
      expect(result.receipts.filter((receipt) => receipt.sourceCount > 0)).toHaveLength(MAILBOX.length);
      for (const receipt of result.receipts) {
        expect(receipt.failed, receipt.container).toBe(0);
        // Two source folders can share one destination folder only by special use, which this mailbox does not do twice.
        expect(receipt.destinationCount, `${receipt.container} → ${receipt.destination}`).toBe(receipt.sourceCount);
      }
    },
    120_000,
  );
});
