/**
 * Exports to Other over real HTTP, run by the service's own engine and worker into a real Dovecot:
 * the customer's mailbox arrives byte for byte with flags, dates and folders; the status answers carry
 * moving progress and, for the owner, the receipt and the item report; the password is kept sealed
 * and is gone once the export ends; cancel stops a running export.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { expectedMailbox, readMailbox } from '../../engine/support/imap-mailbox.ts';
import { aboutMessage, fixtureMailbox } from '../../engine/support/mail-fixture.ts';
import { testDialect } from '../../support/test-database.ts';
import { signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { ended, pollStatus, startMailServers, statusOf, type MailServers } from './support.ts';

const customer = { email: 'alice@example.com', password: 'alice-source-pw' };
const recipient = { email: 'bob@example.net', password: 'bob-Destination-pw-7' };
const small = { email: 'sam@example.net', password: 'sam-destination-pw', maxMailSize: '3K' };
const tiny = { email: 'tim@example.net', password: 'tim-destination-pw', maxMailSize: '100' };
const another = { email: 'carol@example.net', password: 'carol-destination-pw' };
const messages = fixtureMailbox(7, 400);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-transfer-'));
let servers: MailServers;
const harnesses: Harness[] = [];

beforeAll(async () => {
  servers = await startMailServers(dir, customer, messages, [recipient, small, tiny, another]);
}, 60_000);
afterAll(async () => {
  await servers?.dovecot.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const harness of harnesses.splice(0)) {
    await harness.stop();
    await harness.remove();
  }
});

async function start(): Promise<Harness> {
  const harness = await startHarness({ transfers: true, env: servers.env });
  harnesses.push(harness);
  return harness;
}

async function exportToOther(harness: Harness, to: { email: string; password: string }, language?: 'es') {
  const session = await signIn(harness, customer.email);
  const response = await session.post('/api/load/', {
    source_account: { email: customer.email, provider: 'northwave' },
    destination_account: { provider: 'other', email: to.email, password: to.password, imap: `127.0.0.1:${servers.dovecot.port}` },
    operations: ['emailmigration'],
    parameters: { notificationEmail: 'notify@example.com' },
    ...(language ? { language } : {}),
  });
  expect(response.status).toBe(200);
  const { jobid } = (await response.json()) as { jobid: string };
  return { session, exportId: jobid };
}

/** The owner's item report (with the page's language cookie when given): the answer and its lines. */
async function itemReport(harness: Harness, url: string, token: string, language?: 'en' | 'es') {
  const response = await fetch(`${harness.base}${url}`, {
    headers: { Authorization: `Bearer ${token}`, ...(language ? { Cookie: `portal_language=${language}` } : {}) },
  });
  const lines = (await response.text())
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  return { response, lines };
}

/** Every row of every table, as text, and for SQLite the file itself: where a plain password would show. */
async function everythingStored(harness: Harness): Promise<string> {
  const tables = [
    'jobs',
    'load_claims',
    'outbox',
    'copy_passes',
    'mail_followups',
    'transfer_queue',
    'transfer_operations',
    'transfer_checkpoints',
    'transfer_items',
    'transfer_receipts',
  ] as const;
  const rows = await Promise.all(tables.map((table) => harness.db.selectFrom(table).selectAll().execute()));
  const files =
    testDialect === 'sqlite'
      ? ['', '-wal']
          .map((suffix) => `${harness.config.database.sqlitePath}${suffix}`)
          .filter(existsSync)
          .map((file) => readFileSync(file).toString('latin1'))
      : [];
  return [JSON.stringify(rows), ...files].join('\n');
}

const sealedSecretOf = async (harness: Harness, exportId: string) =>
  (await harness.db.selectFrom('jobs').select('sealed_secret').where('export_id', '=', exportId).executeTakeFirstOrThrow()).sealed_secret;

describe('export to Other into a real IMAP server', () => {
  it(
    'copies every folder byte for byte with flags and dates, with progress that moves and a receipt at the end',
    { timeout: 120_000 },
    async () => {
      const harness = await start();
      const { session, exportId } = await exportToOther(harness, recipient);
      // The password is kept, sealed, until the export ends; nothing stored shows it in plain text.
      expect(await sealedSecretOf(harness, exportId)).toMatch(/^v1\./);
      expect(await everythingStored(harness)).not.toContain(recipient.password);

      const seen = await pollStatus(harness.base, exportId, ended, { token: session.token });
      const last = seen.at(-1) as StatusResponse;
      expect(last.emailmigration).toEqual({
        status: 'completed',
        progress: {
          total: messages.length,
          done: messages.length,
          failed: 0,
          bytes_total: expect.any(Number),
          bytes_done: expect.any(Number),
        },
      });
      const done = seen.map((answer) => answer.emailmigration?.progress?.done ?? 0);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(done.some((n) => n > 0 && n < messages.length)).toBe(true);
      expect(seen[0]?.can_cancel).toBe(true);

      const actual = await readMailbox(servers.dovecot, recipient.email, recipient.password);
      const expected = expectedMailbox(messages, servers.dovecot.separator);
      for (const empty of ['Trash']) expected.set(empty, []);
      expect(new Map([...actual].sort())).toEqual(new Map([...expected].sort()));

      // The owner's answer: no more cancel, the count receipt per folder, no report without failures.
      expect(last.can_cancel).toBe(false);
      expect(last.report_url).toBeNull();
      const receipt = new Map((last.receipt ?? []).map((line) => [line.container, [line.source, line.destination]]));
      for (const [folder, list] of expected) if (list.length > 0) expect(receipt.get(folder)).toEqual([list.length, list.length]);
      // Each line says where its folder went at the destination.
      for (const line of last.receipt ?? []) expect(line.destination_container, line.container).toEqual(expect.any(String));
      // The anonymous answer has the counts, never the receipt or the owner's actions.
      const anonymous = await statusOf(harness.base, exportId);
      expect(anonymous).toEqual({ emailmigration: last.emailmigration });

      // The password is gone with the end; the ended mail carries the receipt.
      expect(await sealedSecretOf(harness, exportId)).toBeNull();
      expect(await everythingStored(harness)).not.toContain(recipient.password);
      await harness.service.outbox.runOnce();
      const mail = harness.sent.find((m) => m.exportId === exportId && m.outcome === 'completed');
      expect(mail?.summary).toEqual({ receipt: last.receipt, failed: 0, reason: null });
    },
  );

  it('completes with the refused messages counted and listed in the item report', { timeout: 120_000 }, async () => {
    const harness = await start();
    const { session, exportId } = await exportToOther(harness, small);
    const last = (await pollStatus(harness.base, exportId, ended, { token: session.token })).at(-1) as StatusResponse;
    const tooBig = messages.filter((m) => m.raw.length > 3 * 1024);
    expect(tooBig.length).toBeGreaterThan(0);
    expect(last.emailmigration).toMatchObject({
      status: 'completed',
      progress: { total: messages.length, done: messages.length - tooBig.length, failed: tooBig.length },
    });
    expect(last.report_url).toMatch(/^\/api\/reports\/[A-Za-z0-9]{32}\.[0-9a-z]+\.[\w-]{43}$/);

    const { response: report, lines } = await itemReport(harness, last.report_url ?? '', session.token);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="northwave-export-${exportId}-report.csv"`);
    expect(lines[0]).toBe(
      'record,operation,container,item_id,uid,size,reason,detail,source_count,destination_count,destination_container,subject,sender,date',
    );
    const items = lines.filter((line) => line.startsWith('item,'));
    expect(items).toHaveLength(tooBig.length);
    expect(items.every((line) => line.startsWith('item,emailmigration,') && line.includes(',too-big,'))).toBe(true);
    // Each failed message is named by its subject, sender and date, as its mail program shows them.
    const named = tooBig.map(aboutMessage);
    // (The fixture holds some messages twice, as mailboxes do: each copy has its row.)
    for (const one of named) {
      const { subject, date, address } = one;
      const rows = items.filter((line) => line.includes(`,${subject},`) && line.includes(`${address}>`) && line.endsWith(`,${date}`));
      expect(rows).toHaveLength(named.filter((other) => JSON.stringify(other) === JSON.stringify(one)).length);
    }
    // The owner's page gets the reasons counted and the first few items named the same way.
    expect(last.failures?.reasons).toEqual([{ operation: 'emailmigration', reason: 'too-big', count: tooBig.length }]);
    expect(last.failures?.destination).toBe('other');
    expect(last.failures?.items).toHaveLength(Math.min(20, tooBig.length));
    for (const item of last.failures?.items ?? []) {
      expect(named).toContainEqual({ subject: item.subject, date: item.date, address: /<(.*)>$/.exec(item.sender ?? '')?.[1] });
    }
    expect(lines.filter((line) => line.startsWith('receipt,emailmigration,'))).toHaveLength(last.receipt?.length ?? -1);
    // The link is the owner's: an export ID or a download-style path opens nothing.
    expect((await fetch(`${harness.base}/api/reports/${exportId}`, { headers: { Authorization: `Bearer ${session.token}` } })).status).toBe(
      404,
    );
    expect((await fetch(`${harness.base}${last.report_url}`)).status).toBe(401);

    await harness.service.outbox.runOnce();
    const mail = harness.sent.find((m) => m.exportId === exportId && m.outcome === 'completed');
    expect(mail?.summary?.failed).toBe(tooBig.length);

    // The owner's page in Spanish (its language cookie): the same report, its words in Spanish.
    const { response: spanish, lines: spanishLines } = await itemReport(harness, last.report_url ?? '', session.token, 'es');
    expect(spanish.headers.get('content-language')).toBe('es');
    expect(spanish.headers.get('content-disposition')).toBe(`attachment; filename="northwave-exportacion-${exportId}-informe.csv"`);
    expect(spanishLines[0]).toBe(
      'Tipo de fila,Datos,Carpeta,ID del elemento,UID en el buzón anterior,Tamaño (bytes),Motivo,Lo que dijo el servidor,' +
        'Cantidad en el buzón anterior,Cantidad en el destino,Carpeta en el destino,Asunto,Remitente,Fecha',
    );
    const spanishItems = spanishLines.filter((line) => line.startsWith('elemento,correo,'));
    expect(spanishItems).toHaveLength(tooBig.length);
    expect(spanishItems.every((line) => line.includes(',Demasiado grande para el destino,'))).toBe(true);
    // Row for row the English report, but for the words that are ours.
    expect(spanishLines.slice(1).map((line) => line.split(',').slice(2, 6).join(','))).toEqual(
      lines.slice(1).map((line) => line.split(',').slice(2, 6).join(',')),
    );
    expect(spanishLines.filter((line) => line.startsWith('recuento,correo,'))).toHaveLength(last.receipt?.length ?? -1);
  });

  it('says the item report in the language the export was started in, when the page names none', { timeout: 120_000 }, async () => {
    const harness = await start();
    const { session, exportId } = await exportToOther(harness, small, 'es');
    const last = (await pollStatus(harness.base, exportId, ended, { token: session.token })).at(-1) as StatusResponse;
    const spanish = await itemReport(harness, last.report_url ?? '', session.token);
    expect(spanish.response.headers.get('content-language')).toBe('es');
    expect(spanish.lines[0]).toMatch(/^Tipo de fila,Datos,Carpeta,/);
    // The page's language comes first: an English page gets the English report of a Spanish export.
    const english = await itemReport(harness, last.report_url ?? '', session.token, 'en');
    expect(english.lines[0]).toMatch(/^record,operation,container,/);
  });

  it('ends in error when every message is refused', { timeout: 120_000 }, async () => {
    const harness = await start();
    const { session, exportId } = await exportToOther(harness, tiny);
    const last = (await pollStatus(harness.base, exportId, ended, { token: session.token })).at(-1) as StatusResponse;
    expect(last.emailmigration).toMatchObject({
      status: 'error',
      reason: 'all-items-failed',
      progress: { done: 0, failed: messages.length },
    });
    expect(await sealedSecretOf(harness, exportId)).toBeNull();
  });

  it('stops a running export on its owner’s cancel, deletes the password and refuses everyone else', { timeout: 120_000 }, async () => {
    const harness = await start();
    const { session, exportId } = await exportToOther(harness, another);
    const stranger = await signIn(harness, 'active@example.com');
    await pollStatus(harness.base, exportId, (answer) => (answer.emailmigration?.progress?.done ?? 0) > 0, { token: session.token });

    expect((await stranger.post('/api/cancel/', { job_id: exportId })).status).toBe(403);
    expect((await session.post('/api/cancel/', { job_id: exportId }, { 'X-XSRF-TOKEN': 'wrong' })).status).toBe(403);
    const cancelled = await session.post('/api/cancel/', { job_id: exportId });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ ok: true });

    // No second cancel is offered; the answer says "cancelled" once the run has let go (what was in
    // flight is counted by then), not before the worker is done with it.
    expect((await statusOf(harness.base, exportId, session.token)).can_cancel).toBe(false);
    const answer = (await pollStatus(harness.base, exportId, ended, { token: session.token })).at(-1) as StatusResponse;
    expect(answer.emailmigration).toMatchObject({ status: 'error', reason: 'cancelled' });
    expect(await sealedSecretOf(harness, exportId)).toBeNull();
    const again = await session.post('/api/cancel/', { job_id: exportId });
    expect(again.status).toBe(409);

    // The run stops: the worker lets go of it and the destination holds what it held.
    await expect.poll(() => harness.transfers?.worker.runningIds(), { timeout: 10_000 }).toEqual([]);
    const count = async () =>
      [...(await readMailbox(servers.dovecot, another.email, another.password)).values()].reduce((n, list) => n + list.length, 0);
    const first = await count();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count()).toBe(first);
    expect(
      (await harness.db.selectFrom('transfer_operations').select('state').where('transfer_id', '=', exportId).executeTakeFirstOrThrow())
        .state,
    ).toBe('cancelled');

    // The ended answer counts what arrived before the cancel (appends in flight at the cancel included:
    // they answered before the session closed), and its receipt says the same folder by folder (a
    // folder left part way included).
    const final = await statusOf(harness.base, exportId, session.token);
    const done = final.emailmigration?.progress?.done ?? 0;
    expect(done).toBeGreaterThan(0);
    expect(final.receipt?.reduce((sum, line) => sum + line.destination, 0)).toBe(done);
    expect(first).toBe(done);
  });
});
