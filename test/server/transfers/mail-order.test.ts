/**
 * The two mails of an export arrive in order (docs/transfer.md, "The mails of an export arrive in
 * order"): over real HTTP, 20 short exports run by the engine into the development stores and into
 * ZIP files, with the outbox loop running beside them as `npm start` runs it and the mails written
 * as .eml files. Each 'started' mail waits for the time to finish, and the export ends within that
 * wait: when the two mails used to leave together (7 of 21 exports listed backwards). For every
 * export the 'started' mail is sent first — its sending ended before the 'ended' mail's began — and
 * its Date header is earlier than the 'ended' mail's. Both name where the export went, as its job
 * holds it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevMail, type DevMail } from '../../../server/development/mail/index.ts';
import { createMailNotifier } from '../../../server/notify/mail-notifier.ts';
import type { Notifier } from '../../../server/ports.ts';
import { decodeQuotedPrintable, parseMessage } from '../vendor/parse.ts';
import { consentGrant, signIn, startHarness, type Harness } from '../helpers/harness.ts';

const OWNER = 'active@example.com';
const EXPORTS = 20;
const dir = mkdtempSync(path.join(tmpdir(), 'portal-mail-order-'));
const outboxDir = path.join(dir, 'outbox');
let devMail: DevMail;
let harness: Harness;
let stopOutbox: () => Promise<void> = async () => undefined;
let ticking: NodeJS.Timeout | undefined;

/** Every send, as it begins and as it ends, in the order they happened. */
const sends: { phase: 'begin' | 'end'; exportId: string; outcome: string }[] = [];

beforeAll(async () => {
  devMail = createDevMail({ dir: path.join(dir, 'dev-mail') });
  await devMail.prepare([OWNER]);
  const files = createMailNotifier({ outboxDir, from: 'Northwave <no-reply@example.com>' });
  const notifier: Notifier = {
    async send(notification) {
      sends.push({ phase: 'begin', exportId: notification.exportId, outcome: notification.outcome });
      await files.send(notification);
      sends.push({ phase: 'end', exportId: notification.exportId, outcome: notification.outcome });
    },
  };
  harness = await startHarness({
    transfers: true,
    devMail,
    notifier,
    env: { TRANSFER_POLL_MS: '50', TRANSFER_CONCURRENCY: '20', DEV_MAIL_DELIVERY_MS: '1', OUTBOX_INTERVAL_MS: '100' },
  });
  // The service's clock moves, at a quarter of real time: a transfer tells its time to finish after 2 s
  // of it (server/transfers/estimate.ts), 8 s here, which these exports do not last. So each started
  // mail waits for an estimate that never comes, as it does for a small mailbox, and the export ends
  // meanwhile. The outbox runs from the start, as in `npm start`.
  const [realStart, clockStart] = [Date.now(), harness.clock.now];
  ticking = setInterval(() => (harness.clock.now = clockStart + Math.floor((Date.now() - realStart) / 4)), 5);
  stopOutbox = harness.service.outbox.start(harness.config.outbox.intervalMs);
}, 120_000);

afterAll(async () => {
  await stopOutbox();
  clearInterval(ticking);
  await harness?.stop();
  await harness?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** Twenty different exports (one body twice would be one export): files, Other, Gmail, Outlook.com. */
async function destinations(): Promise<Record<string, unknown>[]> {
  const files = [
    { operations: ['emailmigration'], file_export_parameters: { emailFormat: 'MBOX' } },
    { operations: ['emailmigration'], file_export_parameters: { emailFormat: 'EML' } },
    { operations: ['contactsmigration'], file_export_parameters: { contactsFormat: 'VCF' } },
    { operations: ['contactsmigration'], file_export_parameters: { contactsFormat: 'CSV' } },
    { operations: ['emailmigration', 'contactsmigration'], file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'VCF' } },
    { operations: ['emailmigration', 'contactsmigration'], file_export_parameters: { emailFormat: 'EML', contactsFormat: 'CSV' } },
    { operations: ['emailmigration', 'contactsmigration'], file_export_parameters: { emailFormat: 'MBOX', contactsFormat: 'CSV' } },
    { operations: ['emailmigration', 'contactsmigration'], file_export_parameters: { emailFormat: 'EML', contactsFormat: 'VCF' } },
  ].map((body) => ({ destination_account: { provider: 'file' }, ...body }));
  const others = Array.from({ length: 6 }, (_, i) => ({
    destination_account: { provider: 'other', email: `friend${i}@example.com`, password: 'correct-password' },
    operations: ['emailmigration'],
  }));
  const oauth = [];
  for (let i = 0; i < 3; i += 1) {
    oauth.push({
      destination_account: { provider: 'gmail', tokenId: await consentGrant(harness, 'gmail', `me${i}@gmail.com`) },
      operations: ['emailmigration'],
    });
    oauth.push({
      destination_account: { provider: 'outlook', tokenId: await consentGrant(harness, 'outlook', `me${i}@outlook.com`) },
      operations: ['contactsmigration'],
    });
  }
  return [...files, ...others, ...oauth];
}

/** Asks every 100 ms (the database, not the status call: 20 pollers would slow the transfers down). */
async function until(check: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not there in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The .eml files of an export: its outcome → the Date header, in milliseconds. */
function mailsOf(exportId: string): Map<string, { date: number; text: string }> {
  const mails = new Map<string, { date: number; text: string }>();
  for (const name of readdirSync(outboxDir).filter((file) => file.includes(`-${exportId}-`))) {
    const outcome = /-(started|completed|error)-[0-9a-f]+\.eml$/.exec(name)?.[1] ?? '';
    const raw = readFileSync(path.join(outboxDir, name), 'utf8');
    mails.set(outcome, { date: Date.parse(parseMessage(raw).headers.get('date') ?? ''), text: decodeQuotedPrintable(raw) });
  }
  return mails;
}

/** How the mails name an export's destination, from its load body. */
function destinationWords(body: Record<string, unknown>): string {
  const destination = body.destination_account as { provider: string; email?: string };
  if (destination.provider === 'file') return 'as a ZIP file to download';
  if (destination.provider === 'other') return `to the email account f…@example.com`;
  return destination.provider === 'gmail' ? 'to your Gmail account m…@gmail.com' : 'to your Outlook.com account m…@outlook.com';
}

describe('the mails of 20 short exports', () => {
  it('send the started mail first and date it before the ended mail', { timeout: 240_000 }, async () => {
    const session = await signIn(harness, OWNER);
    const bodies = await destinations();
    expect(bodies).toHaveLength(EXPORTS);
    const ids = await Promise.all(
      bodies.map(async (body) => {
        const response = await session.post('/api/load/', {
          source_account: { email: OWNER, provider: 'northwave' },
          parameters: { notificationEmail: 'notify@example.com' },
          ...body,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { jobid: string }).jobid;
      }),
    );
    expect(new Set(ids).size).toBe(EXPORTS);
    await until(
      async () =>
        (
          await harness.db
            .selectFrom('jobs')
            .select('export_id')
            .where('export_id', 'in', ids)
            .where('finished_at', 'is not', null)
            .execute()
        ).length === EXPORTS,
    );

    // Both mails of every export go out (the started one without a time to finish, for an export this short).
    await expect
      .poll(
        async () => {
          const rows = await harness.db
            .selectFrom('outbox')
            .select(['status'])
            .where('kind', '=', 'export-mail')
            .where('ref', 'in', ids)
            .execute();
          return rows.filter((row) => row.status === 'sent').length;
        },
        { timeout: 90_000, interval: 100 },
      )
      .toBe(2 * EXPORTS);

    // The case this is about happened: started mails still owed when their export ended.
    const owedAtTheEnd = await harness.db
      .selectFrom('outbox')
      .innerJoin('jobs', 'jobs.export_id', 'outbox.ref')
      .select('outbox.ref')
      .where('outbox.kind', '=', 'export-mail')
      .where('outbox.ref', 'in', ids)
      .where('outbox.payload', '=', JSON.stringify({ outcome: 'started' }))
      .whereRef('outbox.finished_at', '>=', 'jobs.finished_at')
      .execute();
    expect(owedAtTheEnd.length).toBeGreaterThan(0);

    const backwards: string[] = [];
    for (const [index, id] of ids.entries()) {
      const mails = mailsOf(id);
      const started = mails.get('started')?.date;
      const endedAt = (mails.get('completed') ?? mails.get('error'))?.date;
      // Each names where its export went, as the job holds it.
      for (const mail of mails.values()) expect(mail.text, id).toContain(destinationWords(bodies[index] ?? {}));
      expect(started, id).toBeGreaterThan(0);
      expect(endedAt, id).toBeGreaterThan(0);
      const startedSent = sends.findIndex((send) => send.exportId === id && send.outcome === 'started' && send.phase === 'end');
      const endedBegun = sends.findIndex((send) => send.exportId === id && send.outcome !== 'started' && send.phase === 'begin');
      if (!(startedSent >= 0 && startedSent < endedBegun))
        backwards.push(`${id}: the ended mail was sent before the started mail had gone`);
      // Date headers are whole seconds: a mail client orders two mails of the same second as it likes.
      if (!(started !== undefined && endedAt !== undefined && started < endedAt)) {
        backwards.push(
          `${id}: started mail dated ${new Date(started ?? 0).toISOString()}, ended mail ${new Date(endedAt ?? 0).toISOString()}`,
        );
      }
    }
    expect(backwards).toEqual([]);
  });
});
