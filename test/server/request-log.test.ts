/**
 * The request log over real HTTP: a grant in a download or item-report path opens a mailbox's file or
 * its list of subjects for the signed-in owner, so it is never written to the log (docs/security.md,
 * "What the logs never hold"). The control: any other path is logged as it was asked.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/http/logger.ts';
import { startHarness, type Harness } from './helpers/harness.ts';

const lines: string[] = [];
let harness: Harness;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  harness = await startHarness({ logger: createLogger('info', sink) });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

// Shaped as grants are: <export ID>.<expiry>.<HMAC>.
const GRANT = `${'A'.repeat(32)}.1795000000000.lY5lf4PVs8KS6PAiInp0rXHl7t0XI3V9vpvIaa5YLjQ`;

describe('the request log', () => {
  it.each(['/api/downloads/', '/api/reports/'])('writes %s<grant> with the grant redacted', async (prefix) => {
    await fetch(`${harness.base}${prefix}${GRANT}`);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((line) => line.msg === 'request');
    expect(logged.map((line) => line.path)).toContain(`${prefix}[redacted]`);
    expect(lines.join('')).not.toContain('lY5lf4PVs8KS6PAiInp0rXHl7t0XI3V9vpvIaa5YLjQ');
  });

  it('writes any other path as it was asked (the control)', async () => {
    await fetch(`${harness.base}/api/nothing-here/${GRANT}`);
    expect(lines.join('')).toContain(`/api/nothing-here/${GRANT}`);
  });
});
