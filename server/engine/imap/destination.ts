/**
 * The IMAP destination: the customer's new mailbox (Gmail and Outlook.com with an XOAUTH2 access token,
 * Yahoo, AOL and others with a password). Messages are appended byte for byte with their flags and
 * internal date; UIDPLUS servers confirm each append with APPENDUID (imapflow reads it), which is what
 * makes the answer to an append unambiguous. Only the four flags every server accepts are copied.
 */
import type { ImapFlow } from 'imapflow';
import { dedupKey, refKey } from '../dedup.ts';
import type { AccessTokens } from '../http/access-tokens.ts';
import { TransferFault, type MailDestination, type MailDestinationSession, type MessageRef, type SourceMessage } from '../ports.ts';
import type { ImapDestinationConfig } from '../job.ts';
import { openImap } from './connect.ts';
import { appendRefusal, connectionFault, guarded, isConnectionError } from './faults.ts';
import { destinationFolders, targetOf, type DestinationFolders } from './folder-map.ts';
import { readRefs } from './read-messages.ts';


const KEPT_FLAGS = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);
const CRLF = Buffer.from('\r\n');

function withFinalCrlf(raw: Buffer): Buffer {
  return raw.subarray(-2).equals(CRLF) ? raw : Buffer.concat([raw, CRLF]);
}

function session(client: ImapFlow, config: Pick<ImapDestinationConfig, 'finalCrlf'>): MailDestinationSession {
  let folders: DestinationFolders | null = null;
  const guard = guarded('destination');
  return {
    prepareFolder: (folder) =>
      guard(async () => {
        folders ??= destinationFolders(await client.list());
        const target = targetOf(folder, folders);
        if (!target.exists) {
          // Another connection of this transfer may create the same parent at the same moment;
          // imapflow answers created: false for a folder that already exists.
          await client.mailboxCreate(target.path);
          await client.mailboxSubscribe(target.path).catch(() => false);
          folders.paths.add(target.path);
        }
        return target.path;
      }),
    heldKeys: (target) =>
      guard(async () => {
        const mailbox = await client.mailboxOpen(target, { readOnly: true });
        const refs = mailbox.exists > 0 ? await readRefs(client, '1:*') : [];
        await client.mailboxClose();
        const held = new Map<string, number>();
        for (const ref of refs) held.set(refKey(ref), (held.get(refKey(ref)) ?? 0) + 1);
        return held;
      }),
    async append(target, message: SourceMessage) {
      const raw = config.finalCrlf ? withFinalCrlf(message.raw) : message.raw;
      const flags = message.flags.filter((flag) => KEPT_FLAGS.has(flag));
      try {
        await client.append(target, raw, flags, message.internalDate);
        return { ok: true };
      } catch (error) {
        if (isConnectionError(error)) throw connectionFault(error, 'destination');
        return { ok: false, refusal: appendRefusal(error) };
      }
    },
    count: (target) =>
      guard(async () => {
        const status = await client.status(target, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    close: async () => {
      await client.logout().catch(() => client.close());
    },
  };
}

/** An XOAUTH2 login with the newest token; a token the server refuses is renewed once (an access token lives about an hour, a transfer longer). */
async function openWithTokens(config: Omit<ImapDestinationConfig, 'kind'>, tokens: AccessTokens) {
  const token = await tokens();
  try {
    return await openImap(config.endpoint, { user: config.user, accessToken: token }, 'destination');
  } catch (error) {
    if (!(error instanceof TransferFault && error.kind === 'login-refused')) throw error;
    const renewed = await tokens(token);
    if (renewed === token) throw error;
    return openImap(config.endpoint, { user: config.user, accessToken: renewed }, 'destination');
  }
}

/**
 * `secret` is the password, or the XOAUTH2 access token — as one string, or as a source of tokens
 * asked at each connection (Outlook.com over a transfer that outlives a token), as `config.auth` says.
 */
export function createImapDestination(config: Omit<ImapDestinationConfig, 'kind'>, secret: string | AccessTokens): MailDestination {
  return {
    traits: { maxParallelFolders: config.maxConnections ?? 4, maxMessageBytes: config.maxMessageBytes ?? null, durable: true },
    async connect() {
      if (typeof secret !== 'string') return session(await openWithTokens(config, secret), config);
      const login = config.auth === 'xoauth2' ? { user: config.user, accessToken: secret } : { user: config.user, password: secret };
      return session(await openImap(config.endpoint, login, 'destination'), config);
    },
    keysFor(ref: MessageRef) {
      const exact = refKey(ref);
      return config.finalCrlf ? [exact, dedupKey(ref.messageId, ref.internalDate, ref.size + 2)] : [exact];
    },
    finish: async () => {},
    discard: async () => {},
  };
}
