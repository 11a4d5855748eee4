/**
 * The estimate of a running operation (server/transfers/estimate.ts): from the pace so far, or from the
 * destination's cap when that is slower — Gmail's API quota a minute, Gmail's IMAP bytes a day — and
 * none with nothing to go on.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { estimateOf, mailCapOf } from '../../../server/transfers/estimate.ts';
import type { TransferPlan } from '../../../server/transfers/plan.ts';

const AT = Date.UTC(2026, 10, 23, 12);
const MINUTE = 60_000;
const caps = readConfig({}).destinations;
const planOf = (
  destination: NonNullable<TransferPlan['mail']>['destination'],
  provider: TransferPlan['provider'] = 'gmail',
  delivery: TransferPlan['delivery'] = 'direct',
): TransferPlan => ({
  provider,
  delivery,
  mail: { transferId: 'T', sourceMailbox: 'me@example.com', destination },
  contacts: null,
});
const gmailApi = planOf({ kind: 'gmail-api', user: 'me@gmail.com' });
const gmailImap = planOf({
  kind: 'imap',
  endpoint: { host: 'imap.gmail.com', port: 993, tls: 'implicit' },
  user: 'me@gmail.com',
  auth: 'xoauth2',
});

describe('the caps of a plan', () => {
  it('are Gmail’s: 500 messages a minute by its API, 500 MB a day over IMAP; none elsewhere or in the development store', () => {
    expect(mailCapOf(gmailApi, caps)).toEqual({ provider: 'gmail', per: 'minute', messages: 500 });
    expect(mailCapOf(gmailImap, caps)).toEqual({ provider: 'gmail', per: 'day', bytes: 500_000_000 });
    expect(mailCapOf(planOf({ kind: 'gmail-api', user: 'me@gmail.com' }, 'gmail', 'development-store'), caps)).toBeNull();
    expect(
      mailCapOf(
        planOf(
          {
            kind: 'imap',
            endpoint: { host: 'outlook.office365.com', port: 993, tls: 'implicit' },
            user: 'me@outlook.com',
            auth: 'xoauth2',
          },
          'outlook',
        ),
        caps,
      ),
    ).toBeNull();
  });
});

describe('estimateOf', () => {
  it('goes by the bytes left at the pace so far', () => {
    const estimate = estimateOf({ total: 100, done: 25, failed: 0, bytes_total: 400, bytes_done: 100 }, null, {
      startedAt: AT - 10 * MINUTE,
      at: AT,
    });
    expect(estimate).toEqual({ seconds: 30 * 60, finish: new Date(AT + 30 * MINUTE).toISOString() });
  });

  it('names Gmail’s daily IMAP cap when the bytes left need more days than the pace so far says', () => {
    const progress = { total: 20_000, done: 2_000, failed: 0, bytes_total: 2_200_000_000, bytes_done: 200_000_000 };
    const estimate = estimateOf(progress, mailCapOf(gmailImap, caps), { startedAt: AT - 10 * MINUTE, at: AT });
    expect(estimate).toMatchObject({ seconds: 4 * 86_400, cap: { provider: 'gmail', per: 'day', bytes: 500_000_000 } });
    // Less than a day's share left: the cap does not bind, the pace does.
    const nearlyDone = estimateOf({ ...progress, bytes_done: 2_000_000_000 }, mailCapOf(gmailImap, caps), {
      startedAt: AT - 10 * MINUTE,
      at: AT,
    });
    expect(nearlyDone?.cap).toBeUndefined();
    expect(nearlyDone?.seconds).toBe(60);
  });

  it('names the API’s pace per minute for many messages, not for fewer than a minute’s quota', () => {
    const cap = mailCapOf(gmailApi, caps);
    expect(estimateOf({ total: 30_000, done: 0, failed: 0, bytes_total: null }, cap, { startedAt: AT, at: AT })).toMatchObject({
      seconds: 3_600,
      cap,
    });
    expect(estimateOf({ total: 300, done: 0, failed: 0, bytes_total: null }, cap, { startedAt: AT, at: AT })).toBeUndefined();
  });

  it('adds the wait of a paused transfer, and says nothing before the source was counted or once nothing is left', () => {
    const waiting = estimateOf({ total: 10, done: 5, failed: 0 }, null, { startedAt: AT - MINUTE, at: AT, resumeAt: AT + 2 * MINUTE });
    expect(waiting?.seconds).toBe(3 * 60);
    expect(estimateOf({ total: null, done: 0, failed: 0 }, null, { startedAt: AT - MINUTE, at: AT })).toBeUndefined();
    expect(estimateOf({ total: 10, done: 8, failed: 2 }, null, { startedAt: AT - MINUTE, at: AT })).toBeUndefined();
    expect(estimateOf({ total: 10, done: 1, failed: 0 }, null, { startedAt: AT - 1000, at: AT })).toBeUndefined();
  });
});
