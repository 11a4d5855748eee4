/**
 * The limits held by the server on what costs us or someone else something (docs/security.md), each
 * configurable (docs/configuration.md), each answered 429 with Retry-After and a sentence to show:
 *  - exports: at most N running and M started a day per signed-in account;
 *  - credential checks (`validate`): per account and per client address in a window, and per
 *    destination address a brake reserved before the check (server/db/credential-brakes-store.ts):
 *    a delay that doubles with each wrong password past the first few;
 *  - support requests: per client address in a window;
 *  - the status lookups, jobs-by-email, the anonymous DNS lookups and the flows started: per client
 *    address in a window (request-limit.ts).
 * Counters live in the shared database (limiter-store.ts), so the limits hold across nodes and restarts
 * (the per-request ones on SQLite, a single machine's database, in memory).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config, LimitsConfig, RateLimit } from '../config.ts';
import type { BrakeSettings, CredentialBrakes } from '../db/credential-brakes-store.ts';
import type { CredentialCheck } from '../ports.ts';
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

/**
 * The wrong-password brake from the configuration. A reservation outlives any check (the IMAP
 * checker's connect, greeting and login timeouts are 15 s each) and lapses soon after, should the
 * node holding it die; a wrong password is remembered for a day.
 */
export const brakeSettings = (config: LimitsConfig): BrakeSettings => ({
  freeFailures: config.validateFreeFailures,
  firstDelayMs: config.validateFirstDelayMs,
  maxDelayMs: config.validateMaxDelayMs,
  reservationMs: 2 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
});

export function createLimits(store: LimiterStore, brakes: CredentialBrakes, config: LimitsConfig, requests: Config['rateLimits']) {
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
  const supportAddress = store.limiter({ name: 'support-address', points: config.supportPerAddress, durationMs: config.supportWindowMs });

  const perRequest = (name: string, limit: RateLimit) =>
    store.limiter({ name, points: limit.max, durationMs: limit.windowMs, everyRequest: true });

  return {
    /**
     * Per client address: the status calls (v1 and v2 together), jobs-by-email, the anonymous DNS
     * lookups (validate-imap and domain-validation together), and the sign-in and consent flows started.
     */
    requests: {
      status: perRequest('status', requests.status),
      jobsByEmail: perRequest('jobs-by-email', requests.jobsByEmail),
      lookups: perRequest('lookups', requests.lookups),
      flowStarts: perRequest('flow-starts', requests.flowStarts),
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

    /**
     * Before a credential check: the destination's brake (a reservation, given back through
     * `credentialsChecked`), then the account's and the client address's counts.
     */
    async checkCredentials(account: string, clientAddress: string, destination: string): Promise<Refusal | null> {
      const reservation = await brakes.reserve(destination);
      if (!reservation.ok) {
        const retryAfterS = seconds(reservation.waitMs);
        const message =
          reservation.reason === 'busy'
            ? `This address is being checked already. Please try again ${inWords(retryAfterS)}.`
            : `Too many wrong passwords for this address. Please wait and try again ${inWords(retryAfterS)}.`;
        return { retryAfterS, message };
      }
      const tooMany = (wait: string) => `Too many sign-in checks. Please try again ${wait}.`;
      const refused = (await take(validateAccount, normal(account), tooMany)) ?? (await take(validateAddress, clientAddress, tooMany));
      if (refused) await brakes.release(destination);
      return refused;
    },
    /**
     * After a check `checkCredentials` allowed: the right password forgives the destination, a wrong one
     * is counted (past the free ones the next check waits, twice as long each time), and anything else
     * (no answer: the check failed or threw) only gives the reservation back.
     */
    async credentialsChecked(destination: string, outcome: CredentialCheck | undefined): Promise<void> {
      if (outcome?.ok) await brakes.accepted(destination);
      else if (outcome?.error === 'INVALID_CREDENTIALS') await brakes.failed(destination);
      else await brakes.release(destination);
    },

    supportRequest: (clientAddress: string) =>
      take(supportAddress, clientAddress, (wait) => `Too many support requests from your network. Please try again ${wait}.`),
  };
}
