/**
 * Forwarding's feature flag on (FEATURE_EMAIL_FORWARDING, §9's hidden option): capabilities offer
 * `emailforwarding` for a mailbox, never for a file; a load to a mailbox may carry it, and is recorded
 * with email as well (§3: forwarding implies email). The flag off is in session.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLoad, signIn, startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ env: { FEATURE_EMAIL_FORWARDING: 'true' } });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

const allowed = async (response: Response) => ((await response.json()) as { allowed_operations: string[] }).allowed_operations;

describe('forwarding with its feature flag on', () => {
  it('is offered for the account itself and a mailbox destination', async () => {
    const session = await signIn(harness);
    expect(await allowed(await session.post('/api/capabilities/', { email: session.email }))).toContain('emailforwarding');
    expect(await allowed(await session.post('/api/capabilities/', { email: 'me@my-isp.net' }))).toEqual([
      'emailmigration',
      'emailforwarding',
    ]);
  });

  it('is taken by a load to a mailbox, which then moves email too', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/load/', {
      ...fileLoad(session.email, { operations: ['emailforwarding'] }),
      destination_account: { provider: 'other', email: 'me@my-isp.net', password: 'correct-password' },
      file_export_parameters: undefined,
    });
    expect(response.status).toBe(200);
    const { jobid } = (await response.json()) as { jobid: string };
    const job = await harness.db.selectFrom('jobs').select('operations').where('export_id', '=', jobid).executeTakeFirstOrThrow();
    expect(job.operations).toContain('emailmigration');
    expect(job.operations).toContain('emailforwarding');
  });

  it('is refused for a file, which is written once', async () => {
    const session = await signIn(harness);
    const response = await session.post('/api/load/', fileLoad(session.email, { operations: ['emailmigration', 'emailforwarding'] }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'OPERATION_NOT_ALLOWED', message: "Operation 'emailforwarding' not allowed." });
  });
});
