/**
 * The wrong-password brake's reservations on the run's dialect, on a clock the test moves: how many
 * checks of one address may be under way, the wait the wrong passwords set, what a right password and
 * a lapsed reservation give back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCredentialBrakes, type BrakeSettings } from '../../../server/db/credential-brakes-store.ts';
import type { Db } from '../../../server/db/open.ts';
import { openTestDatabase } from '../../support/test-database.ts';

const SETTINGS: BrakeSettings = {
  freeFailures: 3,
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  reservationMs: 120_000,
  forgetAfterMs: 24 * 60 * 60_000,
};
const ADDRESS = 'victim@example.com';

describe('credential brakes', () => {
  let db: Db;
  let close: () => Promise<void>;
  const clock = { now: Date.UTC(2026, 10, 26, 9, 0, 0) };
  const brakes = () => createCredentialBrakes(db, SETTINGS, () => clock.now);

  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
  });
  afterEach(() => close());

  it('lets as many checks be under way as wrong passwords are left, however many ask at once', async () => {
    const reservations = await Promise.all(Array.from({ length: 10 }, () => brakes().reserve(` ${ADDRESS.toUpperCase()} `)));
    expect(reservations.filter((reservation) => reservation.ok)).toHaveLength(3);
    expect(reservations.find((reservation) => !reservation.ok)).toEqual({ ok: false, waitMs: 5000, reason: 'busy' });
    // Another address has its own brake.
    expect(await brakes().reserve('someone@example.com')).toEqual({ ok: true });
    // A check that neither passed nor failed gives its place back.
    await brakes().release(ADDRESS);
    expect(await brakes().reserve(ADDRESS)).toEqual({ ok: true });
  });

  it('after 3 wrong passwords the next check waits 30 s, then one check at a time, each wrong one doubling the wait', async () => {
    const store = brakes();
    for (let i = 0; i < 3; i += 1) expect(await store.reserve(ADDRESS)).toEqual({ ok: true });
    await store.failed(ADDRESS);
    // One wrong password: two are under way, and no room for a third.
    expect(await store.reserve(ADDRESS)).toMatchObject({ ok: false, reason: 'busy' });
    await store.failed(ADDRESS);
    await store.failed(ADDRESS);
    expect(await store.reserve(ADDRESS)).toEqual({ ok: false, waitMs: 30_000, reason: 'wrong-passwords' });
    clock.now += 30_000;
    expect(await store.reserve(ADDRESS)).toEqual({ ok: true });
    expect(await store.reserve(ADDRESS)).toMatchObject({ ok: false, reason: 'busy' });
    await store.failed(ADDRESS);
    expect(await store.reserve(ADDRESS)).toEqual({ ok: false, waitMs: 60_000, reason: 'wrong-passwords' });
  });

  it('forgives on the right password, and a reservation its node never gave back lapses', async () => {
    const store = brakes();
    for (let i = 0; i < 3; i += 1) await store.reserve(ADDRESS);
    expect(await store.reserve(ADDRESS)).toMatchObject({ ok: false });
    clock.now += SETTINGS.reservationMs + 1;
    expect(await store.reserve(ADDRESS)).toEqual({ ok: true });
    await store.failed(ADDRESS);
    await store.accepted(ADDRESS);
    expect(await db.selectFrom('credential_brakes').selectAll().execute()).toEqual([]);
    const again = await Promise.all(Array.from({ length: 4 }, () => store.reserve(ADDRESS)));
    expect(again.filter((reservation) => reservation.ok)).toHaveLength(3);
  });

  it('keeps the address only as its digest', async () => {
    await brakes().reserve(ADDRESS);
    const rows = await db.selectFrom('credential_brakes').select('destination_digest').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.destination_digest).toMatch(/^[0-9a-f]{64}$/);
  });
});
