/**
 * The throwaway Dovecot, Cyrus and Courier behind test/support/imap-servers.ts do what the migration
 * tests need from them: the source login (master user, admin + authzid, own login) and the user's own
 * login both open the user's mailbox and wrong passwords are refused; folders come with the server's
 * separator, namespace prefix and (where offered) SPECIAL-USE; a nested and a non-ASCII folder can be
 * made; a message appended with flags and an internal date reads back byte-exact; eight connections
 * of one user at once are accepted; two instances of one kind run side by side without seeing each
 * other. Each server's capabilities are printed once.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from '../support/server-process.ts';
import { IMAP_SERVER_KINDS, startImapServer, type ImapAuth, type ImapServerKind, type ImapTestServer } from '../support/imap-servers.ts';

const alice = { email: 'alice@example.com', password: 'Alice-imap-pw' };
const bob = { email: 'bob@example.net', password: 'Bob-imap-pw' };
/** What the report on the servers asks about. */
const WATCHED = ['LITERAL+', 'MULTIAPPEND', 'UIDPLUS', 'SPECIAL-USE', 'STATUS=SIZE', 'CONDSTORE', 'MOVE'];

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

async function connected(server: ImapTestServer, auth: ImapAuth): Promise<ImapFlow> {
  const flow = client(server, auth);
  await flow.connect();
  return flow;
}

async function withClient<T>(server: ImapTestServer, auth: ImapAuth, work: (flow: ImapFlow) => Promise<T>): Promise<T> {
  const flow = await connected(server, auth);
  try {
    return await work(flow);
  } finally {
    await flow.logout();
  }
}

async function inboxCount(flow: ImapFlow): Promise<number | undefined> {
  const status = await flow.status('INBOX', { messages: true });
  if (!status) throw new Error('STATUS INBOX failed');
  return status.messages;
}

const message = Buffer.from(
  [
    'From: Alice <alice@example.com>',
    'To: Bob <bob@example.net>',
    'Subject: =?UTF-8?Q?R=C3=A9union_de_mars?=',
    'Date: Thu, 14 Mar 2019 09:26:53 +0100',
    'Message-ID: <reunion-2019@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Bonjour, la réunion est à 10 h.',
    '',
    '-- ',
    'Alice',
    '',
  ].join('\r\n'),
);
const internalDate = new Date('2019-03-14T08:26:53Z');

describe.each(IMAP_SERVER_KINDS.map((kind) => [kind]))('%s', (kind: ImapServerKind) => {
  let server: ImapTestServer;

  beforeAll(async () => {
    const started = Date.now();
    server = await startImapServer(kind, [alice, bob]);
    expect(Date.now() - started, 'start time (ms)').toBeLessThan(5000);
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('logs in as the migration source and as the user', async () => {
    const capabilities = await withClient(server, server.sourceAuth(alice.email), async (flow) => [...flow.capabilities.keys()]);
    console.log(
      `${kind} capabilities (after login): ${capabilities.join(' ')}\n` +
        `${kind} offers: ${WATCHED.map((name) => `${name} ${capabilities.includes(name) ? 'yes' : 'no'}`).join(', ')}`,
    );
    await withClient(server, server.userAuth(alice.email), async (flow) => expect(flow.authenticated).toBeTruthy());
  }, 30_000);

  it("lists the user's folders with the server's separator, prefix and special use, the same for both logins", async () => {
    const listed = async (auth: ImapAuth) =>
      withClient(server, auth, async (flow) => ({
        namespace: flow.namespace,
        specialUseOffered: flow.capabilities.has('SPECIAL-USE'),
        folders: (await flow.list()).map((f) => ({
          path: f.path,
          delimiter: f.delimiter,
          specialUse: f.specialUseSource === 'extension' ? f.specialUse : undefined,
        })),
      }));
    const asSource = await listed(server.sourceAuth(alice.email));
    const asUser = await listed(server.userAuth(alice.email));
    expect(asSource.folders.map((f) => f.path).sort()).toEqual(asUser.folders.map((f) => f.path).sort());

    expect(asUser.namespace).toMatchObject({ prefix: server.namespacePrefix, delimiter: server.separator });
    for (const folder of asUser.folders) expect(folder.delimiter, folder.path).toBe(server.separator);
    const paths = asUser.folders.map((f) => f.path);
    expect(paths).toContain('INBOX');
    for (const name of ['Sent', 'Drafts', 'Trash']) expect(paths).toContain(`${server.namespacePrefix}${name}`);

    const special = Object.fromEntries(asUser.folders.filter((f) => f.specialUse).map((f) => [f.specialUse, f.path]));
    if (kind === 'courier') {
      expect(asUser.specialUseOffered).toBe(false);
      expect(special).toEqual({});
    } else {
      expect(asUser.specialUseOffered).toBe(true);
      for (const name of ['Sent', 'Drafts', 'Trash', 'Junk', 'Archive'])
        expect(special[`\\${name}`]).toBe(`${server.namespacePrefix}${name}`);
    }
  }, 30_000);

  it('creates nested and non-ASCII folders; a message appended with flags and a date reads back byte-exact', async () => {
    const { namespacePrefix: prefix, separator: sep } = server;
    const archive2019 = `${prefix}Archive${sep}2019`;
    const reunions = `${prefix}Réunions`;
    const summer = `${reunions}${sep}Été 2019`;

    const appended = await withClient(server, server.userAuth(alice.email), async (flow) => {
      const existing = new Set((await flow.list()).map((f) => f.path));
      for (const path of [`${prefix}Archive`, archive2019, reunions, summer]) if (!existing.has(path)) await flow.mailboxCreate(path);
      const tree = (await flow.list()).map((f) => f.path);
      expect(tree).toEqual(expect.arrayContaining([archive2019, reunions, summer]));
      const results = [];
      for (const path of [archive2019, summer]) {
        const result = await flow.append(path, message, ['\\Seen', '\\Flagged'], internalDate);
        // All three offer UIDPLUS: APPENDUID names the new message.
        if (!result || !result.uid) throw new Error(`APPEND to ${path} gave no APPENDUID`);
        results.push({ path, uid: result.uid });
      }
      return results;
    });

    for (const auth of [server.sourceAuth(alice.email), server.userAuth(alice.email)]) {
      await withClient(server, auth, async (flow) => {
        for (const { path, uid } of appended) {
          const box = await flow.mailboxOpen(path, { readOnly: true });
          expect(box.exists, path).toBe(1);
          const fetched = await flow.fetchOne(String(uid), { source: true, flags: true, internalDate: true }, { uid: true });
          if (!fetched) throw new Error(`${path}: the appended message is missing`);
          expect(fetched.source?.equals(message), `${path}: bytes`).toBe(true);
          expect([...(fetched.flags ?? [])].filter((flag) => flag !== '\\Recent').sort(), path).toEqual(['\\Flagged', '\\Seen']);
          expect(new Date(fetched.internalDate ?? 0).getTime(), path).toBe(internalDate.getTime());
        }
      });
    }
    // The other user sees none of it.
    await withClient(server, server.userAuth(bob.email), async (flow) => {
      expect((await flow.list()).map((f) => f.path)).not.toContain(reunions);
    });
  }, 30_000);

  it('accepts eight connections of one user at once, and the source login beside them', async () => {
    const clients = await Promise.all([
      ...Array.from({ length: 8 }, () => connected(server, server.userAuth(alice.email))),
      connected(server, server.sourceAuth(alice.email)),
    ]);
    try {
      const counts = await Promise.all(clients.map(inboxCount));
      expect(new Set(counts).size).toBe(1);
    } finally {
      await Promise.all(clients.map((flow) => flow.logout()));
    }
  }, 30_000);

  // Last: Dovecot slows every later login from the IP after failed ones (its anvil penalty), and
  // Courier answers a wrong password after five seconds.
  it('refuses wrong passwords, for the source login and the user login', async () => {
    const wrong = (auth: ImapAuth) => connected(server, { ...auth, pass: `${auth.pass}-wrong` });
    await Promise.all([
      expect(wrong(server.userAuth(alice.email))).rejects.toThrow(),
      expect(wrong(server.sourceAuth(alice.email))).rejects.toThrow(),
    ]);
  }, 30_000);
});

describe.each((['cyrus', 'courier'] as const).map((kind) => [kind]))('two %s instances at once', (kind: ImapServerKind) => {
  it('each has its own users and mail, and stop() leaves nothing listening', async () => {
    const other = { email: alice.email, password: 'Another-alice-pw' };
    const started = await Promise.allSettled([startImapServer(kind, [alice]), startImapServer(kind, [other])]);
    const [first, second] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    if (!first || !second) {
      await Promise.all([first?.stop(), second?.stop()]);
      throw started.find((result) => result.status === 'rejected')?.reason;
    }
    try {
      expect(first.port).not.toBe(second.port);
      await withClient(first, first.userAuth(alice.email), (flow) => flow.append('INBOX', message, ['\\Seen'], internalDate));
      await withClient(second, second.sourceAuth(alice.email), async (flow) => {
        expect(await inboxCount(flow)).toBe(0);
      });
      await expect(connected(second, { user: alice.email, pass: alice.password })).rejects.toThrow();
      await withClient(first, first.sourceAuth(alice.email), async (flow) => {
        expect(await inboxCount(flow)).toBe(1);
      });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(await listening(first.port)).toBe(false);
    expect(await listening(second.port)).toBe(false);
  }, 60_000);
});
