/**
 * The limits held by the server on what costs us or someone else something (docs/security.md), each
 * configurable (docs/configuration.md), each answered 429 with Retry-After and a sentence to show:
 *  - exports: at most N running and M started a day per signed-in account;
 *  - credential checks (`validate`): per account and per client address in a window, and per
 *    destination address a delay that doubles with each wrong password past the first few;
 *  - support requests: per client address in a window;
 *  - the status lookups and jobs-by-email: per client address in a window (request-limit.ts).
 * Counters live in the shared database (limiter-store.ts), so the limits hold across nodes and restarts
 * (the per-request ones on SQLite, a single machine's database, in memory).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config, LimitsConfig, RateLimit } from '../config.ts';
import type { LimiterStore } from './limiter-store.ts';

/** Why a request is refused, and when it may come back. */
export type Refusal = { retryAfterS: number; message: string };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "in 5 minutes", "in 3 hours": the wait, in words a person reads. */
export function inWords(s: number): string {
  const [amount, unit] = s < 90 ? [s, 'second'] : s < 90 * 60 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return `in ${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Takes a point; the refusal when none is left, with the wait the counter says. Store errors propagate.
 * A promise chain rather than an async function: the status lookup takes a point on every call.
 */
export const take = (limiter: RateLimiterAbstract, key: string, message: (wait: string) => string): Promise<Refusal | null> =>
  limiter.consume(key).then(
    () => null,
    (rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterS = seconds(rejection.msBeforeNext);
      return { retryAfterS, message: message(inWords(retryAfterS)) };
    },
  );

const normal = (address: string) => address.trim().toLowerCase();

export type Limits = ReturnType<typeof createLimits>;

export function createLimits(store: LimiterStore, config: LimitsConfig, requests: Config['rateLimits']) {
  const exportsPerDay = store.limiter({ name: 'exports-day', points: config.exportsPerDay, durationMs: 24 * 60 * 60 * 1000 });
  const validateAccount = store.limiter({
    name: 'validate-account',
    points: config.validatePerAccount,
    durationMs: config.validateWindowMs,
  });
  const validateAddress = store.limiter({
    name: 'validate-address',
    points: config.validatePerAddress,
    durationMs: config.validateWindowMs,
  });
  // Wrong passwords per destination within a day; only its count is read.
  const failures = store.limiter({ name: 'validate-failures', points: Number.MAX_SAFE_INTEGER, durationMs: 24 * 60 * 60 * 1000 });
  // One point; "blocked" is the delay imposed after a failure.
  const delays = store.limiter({ name: 'validate-delay', points: 1, durationMs: 1000 });
  const supportAddress = store.limiter({ name: 'support-address', points: config.supportPerAddress, durationMs: config.supportWindowMs });

  const perRequest = (name: string, limit: RateLimit) =>
    store.limiter({ name, points: limit.max, durationMs: limit.windowMs, everyRequest: true });

  return {
    /** Per client address: the status calls (v1 and v2 together), and jobs-by-email. */
    requests: {
      status: perRequest('status', requests.status),
      jobsByEmail: perRequest('jobs-by-email', requests.jobsByEmail),
      /** Per signed-in account: the source's folder list (it reads the provider's mail server). */
      sourceFolders: perRequest('source-folders', requests.sourceFolders),
    },
    /** The running limit is counted from the jobs themselves (see the load route); this is the daily one. */
    runningExports: config.exportsRunning,
    startExport: (account: string) =>
      take(
        exportsPerDay,
        normal(account),
        (wait) => `You have started ${config.exportsPerDay} exports today, the most allowed. Please try again ${wait}.`,
      ),
    /** A start that made no new export (a duplicate, a refusal) does not count. */
    async exportNotStarted(account: string): Promise<void> {
      await exportsPerDay.reward(normal(account), 1);
    },

    /** Before a credential check: the account, the client address, and the destination's delay. */
    async checkCredentials(account: string, clientAddress: string, destination: string): Promise<Refusal | null> {
      const delay = await delays.get(normal(destination));
      if (delay && delay.consumedPoints > 1) {
        const retryAfterS = seconds(delay.msBeforeNext);
        return { retryAfterS, message: `Too many wrong passwords for this address. Please wait and try again ${inWords(retryAfterS)}.` };
      }
      const tooMany = (wait: string) => `Too many sign-in checks. Please try again ${wait}.`;
      return (await take(validateAccount, normal(account), tooMany)) ?? (await take(validateAddress, clientAddress, tooMany));
    },
    /** A wrong password for `destination`: past the free ones, the next check waits, twice as long each time. */
    async credentialsRefused(destination: string): Promise<void> {
      const count = (await failures.penalty(normal(destination), 1)).consumedPoints;
      const beyond = count - config.validateFreeFailures;
      if (beyond < 1) return;
      const delayMs = Math.min(config.validateMaxDelayMs, config.validateFirstDelayMs * 2 ** (beyond - 1));
      await delays.block(normal(destination), seconds(delayMs));
    },
    /** The right password: the destination's failures are forgiven. */
    async credentialsAccepted(destination: string): Promise<void> {
      await Promise.all([failures.delete(normal(destination)), delays.delete(normal(destination))]);
    },

    supportRequest: (clientAddress: string) =>
      take(supportAddress, clientAddress, (wait) => `Too many support requests from your network. Please try again ${wait}.`),
  };
}
