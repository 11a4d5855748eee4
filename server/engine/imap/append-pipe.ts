/**
 * APPENDs in flight together, on a destination connection of their own.
 *
 * Why: imapflow sends one command and waits for its answer before the next, so every message cost a
 * round trip (two without LITERAL+: the command, the server's "+", then the bytes). Over the Internet's
 * 50 ms that, not bandwidth, set the pace: about 20 messages a second per folder. Here the APPENDs of
 * a batch go out one after another without waiting, each with a non-synchronizing literal (`{N+}`,
 * LITERAL+; LITERAL- for up to 4,096 bytes) where the server offers it, and their tagged answers are
 * matched as they come. A server without either still gets its "+" per message, but the next command
 * follows without waiting for the previous one's answer, so a message costs one round trip, not two.
 *
 * Writes go out strictly in order (a synchronizing literal holds the line until its "+" came and its
 * bytes are out, so the server never reads one command's bytes as another's). A connection that drops
 * fails every APPEND still waiting with a `connection-lost` fault; which of them arrived is found by
 * the copy loop's duplicate check on the next attempt, so nothing is lost or doubled.
 *
 * It speaks only what APPEND needs: greeting, STARTTLS, AUTHENTICATE PLAIN or XOAUTH2 (LOGIN where
 * neither is offered), CAPABILITY, APPEND, LOGOUT. It never selects a mailbox.
 */
import type { Duplex } from 'node:stream';
import type { ImapEndpoint } from '../job.ts';
import { TransferFault } from '../ports.ts';
import type { ImapLogin } from './connect.ts';
import { isLoginRefusal } from './faults.ts';
import { appendGroups } from './append-groups.ts';
import { piecewiseTransport } from './transport.ts';
import { capabilitiesIn, createLineReader, internalDateArgument, mailboxArgument, parseResponse, quoted, type Response } from './wire.ts';

type Tagged = Extract<Response, { kind: 'tagged' }>;
/** A command's text, and the literals between its pieces of text (a Buffer is sent as a literal). */
export type CommandPart = string | Buffer;

/** A refused command, shaped as imapflow shapes its errors so faults.ts reads both alike. */
export class CommandRefused extends Error {
  readonly responseStatus: string;
  readonly serverResponseCode: string | undefined;
  readonly responseText: string;
  readonly code: string | undefined;
  readonly throttleReset: number | undefined;
  constructor(answer: Tagged) {
    super(`${answer.status}${answer.code ? ` [${answer.code}]` : ''} ${answer.text}`);
    this.responseStatus = answer.status;
    this.serverResponseCode = answer.code?.split(' ')[0]?.toUpperCase();
    this.responseText = answer.text;
    // Microsoft's "Request is throttled. Suggested Backoff Time: 92415 milliseconds" (imapflow reads it too).
    const backoff = /Backoff Time[:=\s]+(\d+)/i.exec(answer.text);
    this.code = backoff ? 'ETHROTTLE' : this.serverResponseCode;
    this.throttleReset = backoff ? Number(backoff[1]) : undefined;
  }
}

export type AppendPipe = {
  /** Resolves when the server accepted the message; rejects with CommandRefused when it did not. */
  append(mailbox: string, raw: Buffer, flags: readonly string[], internalDate: Date): Promise<void>;
  close(): Promise<void>;
};

const LITERAL_MINUS_MAX = 4096;
const LOGOUT_WAIT_MS = 2000;

type PipeSocket = Duplex & { setTimeout(ms: number): unknown; destroy(error?: Error): unknown };
type Waiting = { resolve: (answer: Tagged) => void; reject: (error: Error) => void };
/**
 * Who gets the server's next "+": a command waiting to send its literal (once; null when the command
 * was refused instead), or an AUTHENTICATE exchange (every "+" until its tagged answer).
 */
type Continuation = { tag: string; once: boolean; handle: (text: string | null) => void };

class Connection {
  #socket: PipeSocket;
  #next = 1;
  #waiting = new Map<string, Waiting>();
  #continuation: Continuation | null = null;
  #writes: Promise<void> = Promise.resolve();
  #failed: Error | null = null;
  #greeted: { resolve: (text: string) => void; reject: (error: Error) => void } | null = null;
  /** The server's first line (`OK …`, `PREAUTH …`, `BYE …`), untagged. */
  readonly greeting: Promise<string>;
  capabilities = new Set<string>();

  constructor(
    socket: PipeSocket,
    readonly timeoutMs: number,
  ) {
    this.#socket = socket;
    Connection.#noDelay(socket);
    this.greeting = new Promise((resolve, reject) => (this.#greeted = { resolve, reject }));
    this.greeting.catch(() => {});
    this.#listen();
  }

  /**
   * An APPEND is three writes (line, literal, CRLF) and its successor's line follows at once: with
   * Nagle's algorithm the small ones waited for the server's delayed ACK, 40 ms each on Linux.
   */
  static #noDelay(socket: PipeSocket) {
    (socket as PipeSocket & { setNoDelay?: (on: boolean) => unknown }).setNoDelay?.(true);
  }

  get socket(): PipeSocket {
    return this.#socket;
  }

  #listen() {
    this.#socket.on(
      'data',
      createLineReader((line) => this.#onLine(line)),
    );
    this.#socket.on('error', (error: Error) => this.fail(error));
    this.#socket.on('close', () => this.fail(new Error('the connection closed')));
    this.#socket.on('timeout', () => {
      if (this.#greeted || this.#waiting.size > 0) this.#socket.destroy(new Error(`no answer for ${this.timeoutMs} ms`));
    });
    this.#socket.setTimeout(this.timeoutMs);
  }

  /** Swaps in the TLS socket after STARTTLS. */
  upgraded(socket: PipeSocket) {
    for (const event of ['data', 'error', 'close', 'timeout']) this.#socket.removeAllListeners(event);
    this.#socket.on('error', () => {});
    this.#socket = socket;
    Connection.#noDelay(socket);
    this.#listen();
  }

  #onLine(line: string) {
    const response = parseResponse(line);
    if (this.#greeted) {
      const greeted = this.#greeted;
      this.#greeted = null;
      greeted.resolve(response.kind === 'untagged' ? response.text : line);
      return;
    }
    if (response.kind === 'continuation') {
      const continuation = this.#continuation;
      if (continuation?.once) this.#continuation = null;
      continuation?.handle(response.text);
      return;
    }
    if (response.kind === 'untagged') {
      const capabilities = capabilitiesIn(response.text);
      if (capabilities) this.capabilities = capabilities;
      if (/^BYE\b/i.test(response.text)) this.fail(new Error(`the server closed the connection: ${response.text}`));
      return;
    }
    const capabilities = response.code ? capabilitiesIn(response.code) : null;
    if (capabilities) this.capabilities = capabilities;
    if (this.#continuation?.tag === response.tag) {
      // Refused before its literal was asked for: the literal is not sent. An AUTHENTICATE ends here.
      const continuation = this.#continuation;
      this.#continuation = null;
      if (continuation.once) continuation.handle(null);
    }
    const waiting = this.#waiting.get(response.tag);
    if (!waiting) return;
    this.#waiting.delete(response.tag);
    waiting.resolve(response);
  }

  fail(error: Error) {
    if (this.#failed) return;
    this.#failed = error;
    this.#greeted?.reject(error);
    this.#greeted = null;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    const continuation = this.#continuation;
    this.#continuation = null;
    if (continuation?.once) continuation.handle(null);
    for (const w of waiting) w.reject(error);
    this.#socket.destroy();
  }

  #write(data: string | Buffer): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#socket.write(data)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#socket.off('drain', done);
        this.#socket.off('close', done);
        if (this.#failed) reject(this.#failed);
        else resolve();
      };
      this.#socket.once('drain', done);
      this.#socket.once('close', done);
    });
  }

  /**
   * Sends one command and resolves with its tagged answer. `line` is text and literals in order (a
   * MULTIAPPEND has several): each literal goes out at once as a non-synchronizing literal when
   * `nonSync`, else after the server's "+". `onContinuation` answers each "+" of a command without
   * literals (AUTHENTICATE without SASL-IR, or its error challenge).
   */
  command(line: string | CommandPart[], options: { nonSync?: boolean; onContinuation?: () => string } = {}): Promise<Tagged> {
    const tag = `P${this.#next++}`;
    const answer = new Promise<Tagged>((resolve, reject) => {
      if (this.#failed) return reject(this.#failed);
      this.#waiting.set(tag, { resolve, reject });
    });
    const parts = typeof line === 'string' ? [line] : line;
    const { nonSync, onContinuation } = options;
    const send = async () => {
      if (!this.#waiting.has(tag)) return;
      if (onContinuation)
        this.#continuation = { tag, once: false, handle: () => void this.#write(`${onContinuation()}\r\n`).catch(() => {}) };
      let text = `${tag} `;
      for (const part of parts) {
        if (typeof part === 'string') {
          text += part;
          continue;
        }
        if (nonSync) {
          await this.#write(`${text} {${part.length}+}\r\n`);
        } else {
          // No other command may be written until this literal is out, or the server would read it as the literal.
          const asked = new Promise<string | null>((resolve) => (this.#continuation = { tag, once: true, handle: resolve }));
          await this.#write(`${text} {${part.length}}\r\n`);
          if ((await asked) === null) return;
        }
        await this.#write(part);
        text = '';
      }
      await this.#write(`${text}\r\n`);
    };
    // A failed write fails the connection, which rejects every answer still waiting; the chain goes on.
    this.#writes = this.#writes.then(send).catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    return answer;
  }
}

function refusedOrFault(answer: Tagged, what: string): Tagged {
  if (answer.status === 'OK') return answer;
  throw new Error(`${what}: ${answer.status}${answer.code ? ` [${answer.code}]` : ''} ${answer.text}`);
}

const tlsOf = (endpoint: ImapEndpoint) => ({
  host: endpoint.host,
  port: endpoint.port,
  ...(endpoint.servername ? { servername: endpoint.servername } : {}),
  tls: { rejectUnauthorized: true, ...(endpoint.ca ? { ca: endpoint.ca } : {}) },
});

/** Resolves with the socket once `connect` called back; rejects on its first error or a timeout. */
function connected(timeoutMs: number, connect: (ready: () => void) => PipeSocket): Promise<PipeSocket> {
  return new Promise((resolve, reject) => {
    const timedOut = () => socket.destroy(new Error(`no connection within ${timeoutMs} ms`));
    const socket = connect(() => {
      socket.off('error', reject);
      socket.off('timeout', timedOut);
      resolve(socket);
    });
    socket.once('error', reject);
    socket.setTimeout(timeoutMs);
    socket.once('timeout', timedOut);
  });
}

async function startTls(connection: Connection, endpoint: ImapEndpoint): Promise<void> {
  refusedOrFault(await connection.command('STARTTLS'), 'STARTTLS');
  const { upgrade } = piecewiseTransport;
  if (!upgrade) throw new Error('STARTTLS is not available');
  connection.upgraded(await connected(connection.timeoutMs, (ready) => upgrade(connection.socket, tlsOf(endpoint), ready) as PipeSocket));
  connection.capabilities = new Set();
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

function authenticate(connection: Connection, login: ImapLogin): Promise<Tagged> {
  const initial = connection.capabilities.has('SASL-IR');
  // Every "+" after the initial response asks again; XOAUTH2 sends its error that way and wants an empty line.
  const sasl = (mechanism: string, response: string) => {
    let sent = initial;
    const onContinuation = () => (sent ? '' : ((sent = true), response));
    return connection.command(initial ? `AUTHENTICATE ${mechanism} ${response}` : `AUTHENTICATE ${mechanism}`, { onContinuation });
  };
  if ('accessToken' in login) {
    if (!connection.capabilities.has('AUTH=XOAUTH2') && connection.capabilities.has('AUTH=OAUTHBEARER')) {
      return sasl('OAUTHBEARER', base64(`n,a=${login.user},\x01auth=Bearer ${login.accessToken}\x01\x01`));
    }
    return sasl('XOAUTH2', base64(`user=${login.user}\x01auth=Bearer ${login.accessToken}\x01\x01`));
  }
  if (connection.capabilities.has('AUTH=PLAIN') || login.authzid || !isPlainAscii(login.user) || !isPlainAscii(login.password)) {
    return sasl('PLAIN', base64(`${login.authzid ?? ''}\x00${login.user}\x00${login.password}`));
  }
  return connection.command(`LOGIN ${quoted(login.user)} ${quoted(login.password)}`);
}

async function logIn(connection: Connection, endpoint: ImapEndpoint, login: ImapLogin): Promise<void> {
  const greeting = await connection.greeting;
  if (!/^(OK|PREAUTH)\b/i.test(greeting)) throw new Error(`the server greeted with: ${greeting}`);
  const code = /^\w+ \[([^\]]*)\]/.exec(greeting)?.[1];
  connection.capabilities = (code && capabilitiesIn(code)) || new Set();
  if (endpoint.tls === 'starttls') await startTls(connection, endpoint);
  if (!/^PREAUTH\b/i.test(greeting)) {
    if (connection.capabilities.size === 0) refusedOrFault(await connection.command('CAPABILITY'), 'CAPABILITY');
    const answer = await authenticate(connection, login);
    if (answer.status !== 'OK') {
      const refused = Object.assign(new CommandRefused(answer), { authenticationFailed: answer.code === null });
      throw new TransferFault(isLoginRefusal(refused) ? 'login-refused' : 'unreachable', 'destination', refused.message, {
        cause: refused,
      });
    }
    connection.capabilities = new Set();
  }
  // Servers list more once logged in (LITERAL+ among them); ask unless the login's answer said.
  if (connection.capabilities.size === 0) refusedOrFault(await connection.command('CAPABILITY'), 'CAPABILITY');
}

/** Opens the pipe's connection and logs in; a refused login or an unreachable server is a TransferFault. */
export async function openAppendPipe(endpoint: ImapEndpoint, login: ImapLogin): Promise<AppendPipe> {
  const where = `${endpoint.host}:${endpoint.port}`;
  const timeoutMs = endpoint.timeoutMs ?? 60_000;
  let connection: Connection | null = null;
  try {
    const socket = await connected(
      timeoutMs,
      (ready) => piecewiseTransport.connect({ ...tlsOf(endpoint), secure: endpoint.tls === 'implicit' }, ready) as PipeSocket,
    );
    connection = new Connection(socket, timeoutMs);
    await logIn(connection, endpoint, login);
  } catch (error) {
    connection?.fail(error instanceof Error ? error : new Error(String(error)));
    const detail = `${where}: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof TransferFault)
      throw new TransferFault(error.kind, error.side, `${where}: ${error.message}`, { cause: error.cause });
    throw new TransferFault('unreachable', 'destination', detail, { cause: error });
  }
  return pipeOver(connection);
}

function pipeOver(connection: Connection): AppendPipe {
  const literalPlus = connection.capabilities.has('LITERAL+');
  const literalMinus = connection.capabilities.has('LITERAL-');
  const send = async (parts: CommandPart[], nonSync: boolean): Promise<Tagged> => {
    try {
      return await connection.command(parts, { nonSync });
    } catch (error) {
      throw new TransferFault('connection-lost', 'destination', error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  const appendGroup = appendGroups({
    // MULTIAPPEND only with LITERAL+: with a "+" to wait for before each message it would save nothing.
    multiappend: literalPlus && connection.capabilities.has('MULTIAPPEND'),
    send: (mailbox, messages) => {
      const parts: CommandPart[] = [`APPEND ${mailboxArgument(mailbox)}`];
      for (const m of messages) parts.push(` (${m.flags.join(' ')}) ${internalDateArgument(m.internalDate)}`, m.raw);
      return send(parts, literalPlus || (messages.length === 1 && literalMinus && (messages[0]?.raw.length ?? 0) <= LITERAL_MINUS_MAX));
    },
  });
  return {
    async append(mailbox, raw, flags, internalDate) {
      const answer = await appendGroup(mailbox, { raw, flags, internalDate });
      if (answer.status !== 'OK') throw new CommandRefused(answer);
    },
    async close() {
      const bye = connection.command('LOGOUT').catch(() => null);
      await Promise.race([bye, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS).unref())]);
      connection.fail(new Error('closed'));
    },
  };
}
