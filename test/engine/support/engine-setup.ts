/** Building the engine's adapters against the test Dovecots, and a clock whose sleeps take no time. */
import type {
  Clock,
  ImapEndpoint,
  MailDestination,
  MailSource,
  TransferOperation,
  TransferStateStore,
} from '../../../server/engine/index.ts';
import { createImapDestination, createImapSource } from '../../../server/engine/index.ts';
import type { Dovecot } from '../../support/dovecot.ts';

export function sourceOf(dovecot: Dovecot, mailbox: string, endpoint: Partial<ImapEndpoint> = {}): MailSource {
  return createImapSource({
    endpoint: { host: dovecot.host, port: dovecot.port, tls: 'implicit', ca: dovecot.certificate, ...endpoint },
    mailbox,
    master: dovecot.master,
  });
}

export function destinationOf(
  dovecot: Dovecot,
  user: { email: string; password: string },
  options: { port?: number; maxMessageBytes?: number } = {},
): MailDestination {
  return createImapDestination(
    {
      endpoint: { host: dovecot.host, port: options.port ?? dovecot.port, tls: 'implicit', ca: dovecot.certificate, timeoutMs: 10_000 },
      user: user.email,
      auth: 'password',
      maxMessageBytes: options.maxMessageBytes ?? null,
    },
    user.password,
  );
}

/** A fixed "now" and sleeps that return at once, each recorded. */
export function instantClock(now = Date.UTC(2030, 0, 1)): Clock & { slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    async sleep(ms, signal) {
      signal.throwIfAborted();
      slept.push(ms);
    },
  };
}

/** Resolves once the operation has committed something (a test then cancels it mid-way). */
export async function firstCommit(store: TransferStateStore, transferId: string, operation: TransferOperation): Promise<void> {
  for (let i = 0; i < 1000 && ((await store.load(transferId, operation)).progress?.done ?? 0) === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
}
