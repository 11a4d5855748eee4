/**
 * The IMAP destination: the customer's new mailbox (Gmail and Outlook.com with an XOAUTH2 access token,
 * Yahoo, AOL and others with a password). Messages are appended byte for byte with their flags and
 * internal date. Only the four flags every server accepts are copied.
 *
 * Each worker holds two connections: imapflow's, for the folder's tree and what a folder holds, and an
 * append pipe (append-pipe.ts) whose APPENDs are in flight together — a round trip per batch instead of
 * per message. So a worker counts twice against the provider's connection limit; with a limit of one,
 * imapflow appends one message at a time on its own connection.
 *
 * The folder tree is shared by the transfer's workers and changed by one at a time: two workers never
 * race to create the same parent (a child created first would leave a parent the server lists as
 * `\NonExistent`, which the old code took for a folder). A NO to CREATE, SELECT or STATUS is that
 * folder's failure (`folder-refused`), reported, and the other folders go on.
 */
import type { ImapFlow } from 'imapflow';
import { dedupKey, refKey } from '../dedup.ts';
import type { AccessTokens } from '../http/access-tokens.ts';
import {
  isFolderFault,
  TransferFault,
  type AppendResult,
  type MailDestination,
  type MailDestinationSession,
  type MessageRef,
  type SourceMessage,
} from '../ports.ts';
import type { ImapDestinationConfig } from '../job.ts';
import { openAppendPipe, type AppendPipe } from './append-pipe.ts';
import { openImap, type ImapLogin } from './connect.ts';
import { appendRefusal, connectionFault, folderWork, guarded, isConnectionError } from './faults.ts';
import { destinationFolders, namespaceOf, targetOf, type DestinationFolders } from './folder-map.ts';
import { masterLoginTo, type MasterLogin } from './master-login.ts';
import { readRefs } from './read-messages.ts';
import { serialized } from './serialized.ts';

const KEPT_FLAGS = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);
const CRLF = Buffer.from('\r\n');
/** APPENDs one pipe has in flight at most; a batch (100 messages, 8 MB) bounds it before this does. */
const APPENDS_IN_FLIGHT = 128;

function withFinalCrlf(raw: Buffer): Buffer {
  return raw.subarray(-2).equals(CRLF) ? raw : Buffer.concat([raw, CRLF]);
}

type Config = Omit<ImapDestinationConfig, 'kind'>;
/** What the workers of one transfer share: the destination's tree, changed by one of them at a time. */
type Tree = { folders: DestinationFolders | null; change: <T>(work: () => Promise<T>) => Promise<T> };

async function appendOne(send: () => Promise<unknown>): Promise<AppendResult> {
  try {
    await send();
    return { ok: true };
  } catch (error) {
    if (error instanceof TransferFault || isConnectionError(error)) throw connectionFault(error, 'destination');
    return { ok: false, refusal: appendRefusal(error) };
  }
}

function session(client: ImapFlow, config: Config, tree: Tree, openPipe: (() => Promise<AppendPipe>) | null): MailDestinationSession {
  const guard = guarded('destination');
  let pipe: Promise<AppendPipe> | null = null;
  return {
    prepareFolder: (folder) =>
      tree.change(async () => {
        const list = tree.folders ? null : await guard(() => client.list());
        tree.folders ??= destinationFolders(list ?? [], namespaceOf(client.namespace, list ?? []));
        const folders = tree.folders;
        const target = targetOf(folder, folders);
        const create = async (path: string) => {
          await folderWork('destination', path, 'CREATE')(() => client.mailboxCreate(path));
          await client.mailboxSubscribe(path).catch(() => false);
          folders.selectable.add(path);
          return path;
        };
        if (target.exists) return target.path;
        try {
          return await create(target.path);
        } catch (error) {
          // A name the server refuses for a character in it (`v1.2` on Dovecot's Maildir++) goes in without that character.
          const { fallback } = target;
          if (!fallback || !isFolderFault(error)) throw error;
          return fallback.exists ? fallback.path : await create(fallback.path);
        }
      }),
    heldKeys: (target) =>
      folderWork(
        'destination',
        target,
        'SELECT',
      )(async () => {
        const mailbox = await client.mailboxOpen(target, { readOnly: true });
        const refs = mailbox.exists > 0 ? await readRefs(client, '1:*') : [];
        await client.mailboxClose();
        const held = new Map<string, number>();
        for (const ref of refs) held.set(refKey(ref), (held.get(refKey(ref)) ?? 0) + 1);
        return held;
      }),
    append(target, message: SourceMessage) {
      const raw = config.finalCrlf ? withFinalCrlf(message.raw) : message.raw;
      const flags = message.flags.filter((flag) => KEPT_FLAGS.has(flag));
      if (!openPipe) return appendOne(() => client.append(target, raw, flags, message.internalDate));
      const opening = (pipe ??= openPipe());
      // A pipe that failed to open is opened afresh by the next session (the worker's sessions are replaced after a fault).
      return appendOne(async () => (await opening).append(target, raw, flags, message.internalDate));
    },
    count: (target) =>
      folderWork(
        'destination',
        target,
        'STATUS',
      )(async () => {
        const status = await client.status(target, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    close: async () => {
      const open = pipe;
      pipe = null;
      await Promise.allSettled([open?.then((p) => p.close()), client.logout().catch(() => client.close())]);
    },
  };
}

/** The login for one new connection: with XOAUTH2 from a token source, the newest token. */
type Logins = { login(): Promise<ImapLogin>; renewed(refused: ImapLogin): Promise<ImapLogin | null> };

function loginsOf(config: Config, secret: string | AccessTokens | MasterLogin): Logins {
  if (typeof secret === 'object') {
    const login = masterLoginTo(config.user, secret);
    return { login: async () => login, renewed: async () => null };
  }
  if (typeof secret === 'string') {
    const login: ImapLogin =
      config.auth === 'xoauth2' ? { user: config.user, accessToken: secret } : { user: config.user, password: secret };
    return { login: async () => login, renewed: async () => null };
  }
  return {
    login: async () => ({ user: config.user, accessToken: await secret() }),
    // A token the server refuses is renewed once: an access token lives about an hour, a transfer longer.
    async renewed(refused) {
      const token = 'accessToken' in refused ? refused.accessToken : undefined;
      const renewed = await secret(token);
      return renewed === token ? null : { user: config.user, accessToken: renewed };
    },
  };
}

async function withLogin<T>(logins: Logins, open: (login: ImapLogin) => Promise<T>): Promise<T> {
  const login = await logins.login();
  try {
    return await open(login);
  } catch (error) {
    if (!(error instanceof TransferFault && error.kind === 'login-refused')) throw error;
    const renewed = await logins.renewed(login);
    if (!renewed) throw error;
    return open(renewed);
  }
}

/**
 * `secret` is the password, or the XOAUTH2 access token — as one string, or as a source of tokens
 * asked at each connection (Outlook.com over a transfer that outlives a token) — or the provider's
 * master login to its own server, as `config.auth` says.
 */
export function createImapDestination(config: Config, secret: string | AccessTokens | MasterLogin): MailDestination {
  const connections = config.maxConnections ?? 4;
  const pipelined = connections >= 2;
  const logins = loginsOf(config, secret);
  const tree: Tree = { folders: null, change: serialized() };
  return {
    traits: {
      maxParallelFolders: pipelined ? Math.floor(connections / 2) : 1,
      maxMessageBytes: config.maxMessageBytes ?? null,
      durable: true,
      appendsInFlight: pipelined ? APPENDS_IN_FLIGHT : 1,
    },
    async connect() {
      const client = await withLogin(logins, (login) => openImap(config.endpoint, login, 'destination'));
      const openPipe = pipelined ? () => withLogin(logins, (login) => openAppendPipe(config.endpoint, login)) : null;
      return session(client, config, tree, openPipe);
    },
    keysFor(ref: MessageRef) {
      const exact = refKey(ref);
      return config.finalCrlf ? [exact, dedupKey(ref.messageId, ref.internalDate, ref.size + 2)] : [exact];
    },
    finish: async () => {},
    discard: async () => {},
  };
}
