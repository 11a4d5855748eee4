/**
 * Behind proxies, the client cannot pick its own rate-limit identity (docs/security.md, "The client
 * address behind proxies"): the test connects from loopback as the nearest proxy would, with an
 * X-Forwarded-For whose first entries the client wrote. The status lookups' limit (3 here) must count
 * the real client however the spoofed entries change, and count another real client apart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  await harness?.remove();
  harness = undefined;
});

const LOOKUP = `/api/v2/status/?job_id=${'A'.repeat(32)}`;

async function lookups(env: Record<string, string>, forwardedFor: (i: number) => string, count = 4): Promise<number[]> {
  harness = await startHarness({ env: { RATE_LIMIT_STATUS_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', ...env } });
  const codes = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await fetch(`${harness.base}${LOOKUP}`, { headers: { 'X-Forwarded-For': forwardedFor(i) } })).status);
  }
  return codes;
}

const another = async () =>
  (await fetch(`${harness?.base}${LOOKUP}`, { headers: { 'X-Forwarded-For': '203.0.113.99, 198.51.100.4' } })).status;

describe('the client address behind trusted proxies', () => {
  it('with one trusted hop, counts the entry the proxy wrote, not the spoofed one before it', async () => {
    const codes = await lookups({ TRUST_PROXY_HOPS: '1' }, (i) => `10.9.9.${i}, 203.0.113.7`);
    expect(codes).toEqual([404, 404, 404, 429]);
    expect(await another()).toBe(404);
  });

  it('reads TRUST_PROXY=true as one trusted hop', async () => {
    const codes = await lookups({ TRUST_PROXY: 'true' }, (i) => `10.9.9.${i}, 203.0.113.7`);
    expect(codes).toEqual([404, 404, 404, 429]);
  });

  it('with two trusted hops, counts the entry two places from the right', async () => {
    const codes = await lookups({ TRUST_PROXY_HOPS: '2' }, (i) => `10.9.9.${i}, 203.0.113.7, 192.0.2.1`);
    expect(codes).toEqual([404, 404, 404, 429]);
  });

  it('with no trusted proxy, ignores the header: every lookup is the socket address', async () => {
    const codes = await lookups({}, (i) => `203.0.113.${i}`);
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
