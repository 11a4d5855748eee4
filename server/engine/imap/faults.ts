/**
 * Reading imapflow's errors: which mean the connection is gone (retry elsewhere), which are a refused
 * login (final), and what an APPEND refusal means for the message. Servers say the same things in
 * different words, so response codes (RFC 5530) come first and the text decides only where codes are
 * shared: Dovecot answers NO [LIMIT] for a message over its size limit, while other servers use LIMIT
 * for rate limits; Gmail answers [OVERQUOTA] "Account exceeded command or bandwidth limits" for its
 * daily upload cap, while a full mailbox is [OVERQUOTA] too.
 */
import { TransferFault, type Refusal } from '../ports.ts';

type ImapError = Error & {
  code?: string;
  serverResponseCode?: string;
  responseText?: string;
  responseStatus?: string;
  authenticationFailed?: boolean;
  throttleReset?: number;
  throttleWaited?: number;
  mailboxMissing?: boolean;
};

const asImapError = (error: unknown): ImapError => (error instanceof Error ? error : new Error(String(error)));

/** Busy-server answers that may come even to a login; they deserve a retry, not a final "wrong password". */
const BUSY_TEXT = /too many (simultaneous )?connections|try again later|throttl|temporar|unavailable|rate limit/i;
const DAILY_TEXT = /bandwidth|daily|per day|24 hours|upload limit/i;
const SIZE_TEXT = /size|too large|too big|appendlimit/i;

const CONNECTION_CODES = new Set([
  'NoConnection',
  'EConnectionClosed',
  'StateLogout',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
]);

export function isLoginRefusal(error: unknown): boolean {
  const e = asImapError(error);
  const refused =
    e.authenticationFailed === true || e.serverResponseCode === 'AUTHENTICATIONFAILED' || e.serverResponseCode === 'AUTHORIZATIONFAILED';
  return refused && !BUSY_TEXT.test(e.responseText ?? '') && e.serverResponseCode !== 'UNAVAILABLE';
}

/** True when the error came from the connection, not from the server's answer to a command. */
export function isConnectionError(error: unknown): boolean {
  const e = asImapError(error);
  if (e.responseStatus || e.serverResponseCode) return false;
  const code = e.code ?? '';
  return CONNECTION_CODES.has(code) || /^E[A-Z]+$/.test(code) || /connection|socket|closed|timed? ?out/i.test(e.message);
}

/** A connection error as the engine's fault; anything else is returned as is. */
export function connectionFault(error: unknown, side: 'source' | 'destination'): unknown {
  if (error instanceof TransferFault || !isConnectionError(error)) return error;
  return new TransferFault('connection-lost', side, asImapError(error).message, { cause: error });
}

/** Runs one piece of IMAP work, turning a connection error into the side's `connection-lost` fault. */
export function guarded(side: 'source' | 'destination') {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw connectionFault(error, side);
    }
  };
}

/** What the server said when it refused a command, for a log line or an item report's detail. */
function refusalText(error: unknown): string {
  const e = asImapError(error);
  const code = e.serverResponseCode ? `[${e.serverResponseCode}] ` : '';
  return `${e.responseStatus ? `${e.responseStatus} ` : ''}${code}${e.responseText ?? e.message}`;
}

/**
 * Runs one piece of work on a folder: a connection error is the side's `connection-lost` fault, any
 * other refusal (a NO to CREATE, SELECT, EXAMINE, STATUS) this folder's `folder-refused` fault, so the
 * rest of the transfer goes on.
 */
export function folderWork(side: 'source' | 'destination', folder: string, doing: string) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TransferFault || isConnectionError(error)) throw connectionFault(error, side);
      throw new TransferFault('folder-refused', side, `folder ${folder}: ${doing} refused: ${refusalText(error)}`, { cause: error });
    }
  };
}

export function isMailboxMissing(error: unknown): boolean {
  const e = asImapError(error);
  return (
    e.mailboxMissing === true ||
    e.serverResponseCode === 'NONEXISTENT' ||
    /doesn't exist|does not exist|no such mailbox/i.test(e.responseText ?? '')
  );
}

export function appendRefusal(error: unknown): Refusal {
  const e = asImapError(error);
  const code = (e.serverResponseCode ?? e.code ?? '').toUpperCase();
  const text = e.responseText ?? e.message;
  const detail = code ? `[${code}] ${text}` : text;
  if (DAILY_TEXT.test(text) && (code === 'OVERQUOTA' || code === 'LIMIT' || code === 'THROTTLED' || code === 'ALERT')) {
    return { kind: 'daily-limit', resumeAfterMs: null, detail };
  }
  if (code === 'ETHROTTLE') {
    const left = Math.max(0, (e.throttleReset ?? 0) - (e.throttleWaited ?? 0));
    return { kind: 'throttled', retryAfterMs: left, detail };
  }
  if (code === 'APPENDLIMIT' || code === 'TOOBIG' || ((code === 'LIMIT' || code === '') && SIZE_TEXT.test(text)))
    return { kind: 'too-big', detail };
  if (code === 'THROTTLED' || code === 'UNAVAILABLE' || code === 'LIMIT' || BUSY_TEXT.test(text))
    return { kind: 'throttled', retryAfterMs: null, detail };
  if (code === 'OVERQUOTA') return { kind: 'quota', detail };
  return { kind: 'refused', detail };
}
