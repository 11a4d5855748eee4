/**
 * Readiness for a load balancer (`GET /readyz`): is this process able to serve now? Every check
 * runs at once with a time limit; the answer names each check and whether it passed, never why it
 * failed (that goes to the log). Liveness is `/healthz`: a process that is alive but not ready (a
 * database restarting, a schema a newer release has not yet brought) is taken out of rotation, not
 * restarted.
 */
import { sql } from 'kysely';
import type { Db } from '../db/open.ts';
import { pendingMigrations } from '../db/migrate.ts';

export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** A check slower than this counts as failed: a load balancer's own probe gives up soon after. */
const CHECK_TIMEOUT_MS = 2_000;

/** The database answers, and every migration this release knows has run on it. */
export function databaseReadiness(db: Db): ReadinessCheck[] {
  return [
    { name: 'database', check: async () => void (await sql`SELECT 1`.execute(db)) },
    {
      name: 'migrations',
      async check() {
        const pending = await pendingMigrations(db);
        if (pending.length > 0) throw new Error(`migrations not applied: ${pending.join(', ')}`);
      },
    },
  ];
}

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${check.name}: no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.check(), late]).finally(() => clearTimeout(timer));
}

export type Readiness = { ready: boolean; checks: Record<string, 'ok' | 'failed'>; errors: { name: string; error: unknown }[] };

export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<Readiness> {
  const results = await Promise.allSettled(checks.map(withTimeout));
  const readiness: Readiness = { ready: true, checks: {}, errors: [] };
  results.forEach((result, index) => {
    const { name } = checks[index] as ReadinessCheck;
    readiness.checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
    if (result.status === 'rejected') {
      readiness.ready = false;
      readiness.errors.push({ name, error: result.reason });
    }
  });
  return readiness;
}
