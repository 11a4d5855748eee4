/**
 * The wrong-password brake of each destination address, as reservations: a check takes one before it
 * reaches the mail server, so the brake holds however many checks arrive at once, on any number of
 * nodes. An address with no wrong passwords may have `freeFailures` checks under way; one with
 * that many or more, one at a time, and only once its wait is over. The reservation is one
 * conditional upsert (the database decides, on SQLite and on Postgres alike); a success forgives
 * the address, a wrong password becomes a recorded failure with its wait, any other outcome only
 * gives the reservation back.
 */
import type { ExpressionBuilder } from 'kysely';
import { sha256Hex } from '../crypto/digest.ts';
import type { Db } from './open.ts';
import type { Database } from './schema.ts';

export type BrakeSettings = {
  /** Wrong passwords before the next check waits. */
  freeFailures: number;
  /** The wait after the last free wrong password; each further one doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long a reservation holds the address at most: longer than any check takes. */
  reservationMs: number;
  /** How long a wrong password is remembered. */
  forgetAfterMs: number;
};

/** A check may start, or must wait this long (a wait, or other checks of the address under way). */
export type Reservation = { ok: true } | { ok: false; waitMs: number; reason: 'wrong-passwords' | 'busy' };

/** How soon to try again while other checks of the address are under way: a check takes a few seconds. */
const BUSY_RETRY_MS = 5000;

type Row = ExpressionBuilder<Database, 'credential_brakes'>;

const key = (address: string) => sha256Hex(address.trim().toLowerCase());

export type CredentialBrakes = ReturnType<typeof createCredentialBrakes>;

export function createCredentialBrakes(db: Db, settings: BrakeSettings, now: () => number) {
  // What the row says at `t`: lapsed reservations and forgotten failures count as none.
  const inFlightAt = (eb: Row, t: number) =>
    eb.case().when('credential_brakes.in_flight_until', '>', t).then(eb.ref('credential_brakes.in_flight')).else(0).end();
  const failuresAt = (eb: Row, t: number) =>
    eb.case().when('credential_brakes.expires_at', '>', t).then(eb.ref('credential_brakes.failures')).else(0).end();
  // One reservation fewer, never below none.
  const released = (eb: Row, t: number) =>
    eb
      .case()
      .when(inFlightAt(eb, t), '>', 0)
      .then(eb(eb.ref('credential_brakes.in_flight'), '-', 1))
      .else(0)
      .end();
  const laterOf = (eb: Row, column: 'credential_brakes.expires_at' | 'credential_brakes.blocked_until', t: number) =>
    eb.case().when(column, '>', t).then(eb.ref(column)).else(t).end();

  const waitMs = (failures: number) =>
    Math.min(settings.maxDelayMs, settings.firstDelayMs * 2 ** Math.max(0, failures - settings.freeFailures));

  async function purgeExpired(t: number): Promise<void> {
    await db.deleteFrom('credential_brakes').where('expires_at', '<', t).where('in_flight_until', '<', t).execute();
  }

  return {
    /** Takes a reservation for a check of `address`, or says how long to wait. */
    async reserve(address: string): Promise<Reservation> {
      const t = now();
      const until = t + settings.reservationMs;
      const taken = await db
        .insertInto('credential_brakes')
        .values({
          destination_digest: key(address),
          failures: 0,
          in_flight: 1,
          in_flight_until: until,
          blocked_until: 0,
          expires_at: until,
        })
        .onConflict((conflict) =>
          conflict
            .column('destination_digest')
            .doUpdateSet((eb) => ({
              failures: failuresAt(eb, t),
              in_flight: eb(inFlightAt(eb, t), '+', 1),
              in_flight_until: until,
              expires_at: laterOf(eb, 'credential_brakes.expires_at', until),
            }))
            // Not waiting, and either nothing under way or fewer under way than free failures left.
            .where((eb) =>
              eb.and([
                eb('credential_brakes.blocked_until', '<=', t),
                eb.or([eb(inFlightAt(eb, t), '=', 0), eb(eb(inFlightAt(eb, t), '+', failuresAt(eb, t)), '<', settings.freeFailures)]),
              ]),
            ),
        )
        .returning('in_flight')
        .executeTakeFirst();
      if (taken) return { ok: true };
      const row = await db
        .selectFrom('credential_brakes')
        .select('blocked_until')
        .where('destination_digest', '=', key(address))
        .executeTakeFirst();
      const blockedMs = (row?.blocked_until ?? 0) - t;
      return blockedMs > 0
        ? { ok: false, waitMs: blockedMs, reason: 'wrong-passwords' }
        : { ok: false, waitMs: BUSY_RETRY_MS, reason: 'busy' };
    },

    /**
     * A wrong password: counted, and past the free ones the next check waits, twice as long each time.
     * The reservation is given back only with the wait in place, so no check slips in between.
     */
    async failed(address: string): Promise<void> {
      const t = now();
      const counted = await db
        .updateTable('credential_brakes')
        .set((eb) => ({ failures: eb(failuresAt(eb, t), '+', 1), expires_at: t + settings.forgetAfterMs }))
        .where('destination_digest', '=', key(address))
        .returning('failures')
        .executeTakeFirst();
      const failures = counted?.failures ?? 1;
      const blockedUntil = failures >= settings.freeFailures ? t + waitMs(failures) : 0;
      await db
        .updateTable('credential_brakes')
        .set((eb) => ({ in_flight: released(eb, t), blocked_until: laterOf(eb, 'credential_brakes.blocked_until', blockedUntil) }))
        .where('destination_digest', '=', key(address))
        .execute();
      await purgeExpired(t);
    },

    /** Neither right nor wrong (the server could not be reached): the reservation is given back. */
    async release(address: string): Promise<void> {
      const t = now();
      await db
        .updateTable('credential_brakes')
        .set((eb) => ({ in_flight: released(eb, t) }))
        .where('destination_digest', '=', key(address))
        .execute();
      await purgeExpired(t);
    },

    /** The right password: the address's wrong passwords and waits are forgiven. */
    async accepted(address: string): Promise<void> {
      await db.deleteFrom('credential_brakes').where('destination_digest', '=', key(address)).execute();
    },
  };
}
