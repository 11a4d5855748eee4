/** The simulated vendor: its timeline, its independence from process state, and the real archive it builds. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/open.ts';
import type { ExportFile, ExportJob, TransferEngine } from '../../../server/ports.ts';
import { PST_README } from '../../../server/development/vendor/archive.ts';
import { routeScenarios } from '../../../server/development/vendor/scenario-vendor.ts';
import { createSimulatedVendor } from '../../../server/development/vendor/simulated-vendor.ts';
import { sampleContacts, sampleMessages } from '../../../server/development/vendor/sample-data.ts';
import { parseCsv, parseMessage, parseVcards } from './parse.ts';

const CREATED = Date.UTC(2026, 10, 22, 1, 0, 0);
const DURATION = 30_000;
// The simulated vendor writes nothing when it starts a job: the transaction it is given is never used.
const NO_TRANSACTION = {} as Db;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-vendor-'));
  dirs.push(dir);
  return dir;
};
/** The bytes a file's stream gives (empty for no file). */
async function bytes(file: ExportFile | null | Promise<ExportFile | null>): Promise<Uint8Array> {
  const resolved = await file;
  return resolved ? new Uint8Array(await new Response(resolved.stream()).arrayBuffer()) : new Uint8Array();
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  exportId: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6',
  sourceEmail: 'active@example.com',
  destinationProvider: 'file',
  destinationEmail: null,
  destinationImap: null,
  operations: ['emailmigration', 'contactsmigration'],
  emailFormat: 'EML',
  contactsFormat: 'VCF',
  createdAt: CREATED,
  ...overrides,
});

const vendorAt = (now: number, filesDir = tempDir()) =>
  createSimulatedVendor({
    jobDurationMs: DURATION,
    exportFails: (email) => email === 'export-fails@example.com',
    filesDir,
    now: () => now,
  });

describe('timeline', () => {
  it('is started until createdAt + jobDurationMs, then completed, for each requested operation', async () => {
    const vendor = vendorAt(0);
    expect(await vendor.progress(job(), new Date(CREATED))).toEqual({
      emailmigration: { status: 'started' },
      contactsmigration: { status: 'started' },
      cancellable: false,
      pausable: false,
      resumable: false,
    });
    expect(await vendor.progress(job(), new Date(CREATED + DURATION - 1))).toEqual({
      emailmigration: { status: 'started' },
      contactsmigration: { status: 'started' },
      cancellable: false,
      pausable: false,
      resumable: false,
    });
    expect(await vendor.progress(job(), new Date(CREATED + DURATION))).toEqual({
      emailmigration: { status: 'completed' },
      contactsmigration: { status: 'completed' },
      cancellable: false,
      pausable: false,
      resumable: false,
    });
  });

  it('ends in error for accounts whose exports fail', async () => {
    const failing = job({ sourceEmail: 'export-fails@example.com' });
    const vendor = vendorAt(0);
    expect((await vendor.progress(failing, new Date(CREATED + 1))).emailmigration).toEqual({ status: 'started' });
    expect(await vendor.progress(failing, new Date(CREATED + DURATION))).toEqual({
      emailmigration: { status: 'error' },
      contactsmigration: { status: 'error' },
      cancellable: false,
      pausable: false,
      resumable: false,
    });
  });

  it('reports only the operations of the job', async () => {
    const vendor = vendorAt(0);
    const emailOnly = await vendor.progress(job({ operations: ['emailmigration'] }), new Date(CREATED + DURATION));
    expect(emailOnly).toEqual({
      emailmigration: { status: 'completed' },
      contactsmigration: null,
      cancellable: false,
      pausable: false,
      resumable: false,
    });
    const contactsOnly = await vendor.progress(job({ operations: ['contactsmigration'] }), new Date(CREATED));
    expect(contactsOnly).toEqual({
      emailmigration: null,
      contactsmigration: { status: 'started' },
      cancellable: false,
      pausable: false,
      resumable: false,
    });
    const forwarding = await vendor.progress(
      job({ destinationProvider: 'gmail', operations: ['emailforwarding'] }),
      new Date(CREATED + DURATION),
    );
    expect(forwarding).toEqual({
      emailmigration: { status: 'completed' },
      contactsmigration: null,
      cancellable: false,
      pausable: false,
      resumable: false,
    });
  });

  it('gives the same progress from a new instance over the same stored job (a restart)', async () => {
    const stored = job({ destinationProvider: 'gmail', destinationEmail: 'me@gmail.com' });
    const before = createSimulatedVendor({ jobDurationMs: DURATION, exportFails: () => false, filesDir: tempDir() });
    await before.start(stored, null, NO_TRANSACTION);
    const after = createSimulatedVendor({ jobDurationMs: DURATION, exportFails: () => false, filesDir: tempDir() });
    for (const at of [CREATED, CREATED + DURATION / 2, CREATED + DURATION, CREATED + 10 * DURATION]) {
      expect(await after.progress(stored, new Date(at))).toEqual(await before.progress(stored, new Date(at)));
    }
  });

  it('refuses to start a job whose export ID is not alphanumeric', async () => {
    await expect(vendorAt(0).start(job({ exportId: '../../etc/passwd' }), null, NO_TRANSACTION)).rejects.toThrow(/alphanumeric/);
  });
});

describe('exportFile', () => {
  const done = CREATED + DURATION;

  it('is null before completion, for a failed export, and for destinations other than a file', async () => {
    expect(await vendorAt(CREATED + 1).exportFile(job())).toBeNull();
    expect(await vendorAt(done).exportFile(job({ sourceEmail: 'export-fails@example.com' }))).toBeNull();
    expect(await vendorAt(done).exportFile(job({ destinationProvider: 'gmail', destinationEmail: 'me@gmail.com' }))).toBeNull();
    expect(await vendorAt(done).exportFile(job({ exportId: 'a/b' }))).toBeNull();
  });

  it('builds a zip of one EML file per message and a VCF address book', async () => {
    const file = await vendorAt(done).exportFile(job());
    expect(file?.filename).toBe('northwave-export-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6.zip');
    expect(file?.contentType).toBe('application/zip');
    const entries = unzipSync(await bytes(file));
    const emls = Object.keys(entries)
      .filter((name) => name.startsWith('email/'))
      .sort();
    expect(emls).toHaveLength(sampleMessages.length);
    expect(emls.every((name) => /^email\/\d{2}-[a-z0-9-]+\.eml$/.test(name))).toBe(true);
    const first = parseMessage(strFromU8(entries[emls[0] ?? ''] ?? new Uint8Array()));
    expect(first.headers.get('subject')).toBe(sampleMessages[0]?.subject);
    expect(first.headers.get('to')).toBe('<active@example.com>');
    expect(parseVcards(strFromU8(entries['contacts/contacts.vcf'] ?? new Uint8Array()))).toHaveLength(sampleContacts.length);
    expect(entries['README.txt']).toBeUndefined();
  });

  it('builds one MBOX file and a CSV address book when chosen', async () => {
    const file = await vendorAt(done).exportFile(job({ emailFormat: 'MBOX', contactsFormat: 'CSV' }));
    const entries = unzipSync(await bytes(file));
    expect(Object.keys(entries).sort()).toEqual(['contacts/contacts.csv', 'email/Inbox.mbox']);
    const mbox = strFromU8(entries['email/Inbox.mbox'] ?? new Uint8Array());
    expect(mbox.split('\n').filter((line) => line.startsWith('From '))).toHaveLength(sampleMessages.length);
    expect(parseCsv(strFromU8(entries['contacts/contacts.csv'] ?? new Uint8Array()))).toHaveLength(sampleContacts.length + 1);
  });

  it('holds only the chosen operations', async () => {
    const contactsOnly = unzipSync(await bytes(vendorAt(done).exportFile(job({ operations: ['contactsmigration'], emailFormat: null }))));
    expect(Object.keys(contactsOnly)).toEqual(['contacts/contacts.vcf']);
    const emailOnly = unzipSync(
      await bytes(vendorAt(done).exportFile(job({ operations: ['emailmigration'], emailFormat: 'MBOX', contactsFormat: null }))),
    );
    expect(Object.keys(emailOnly)).toEqual(['email/Inbox.mbox']);
  });

  it('accepts PST and explains in README.txt that only the real vendor produces it', async () => {
    const both = unzipSync(await bytes(vendorAt(done).exportFile(job({ emailFormat: 'PST', contactsFormat: 'PST' }))));
    expect(Object.keys(both)).toEqual(['README.txt']);
    const readme = strFromU8(both['README.txt'] ?? new Uint8Array());
    expect(readme).toContain('You chose PST for: email and contacts.');
    expect(readme).toContain(PST_README);
    const mixed = unzipSync(await bytes(vendorAt(done).exportFile(job({ emailFormat: 'PST', contactsFormat: 'CSV' }))));
    expect(Object.keys(mixed).sort()).toEqual(['README.txt', 'contacts/contacts.csv']);
    expect(strFromU8(mixed['README.txt'] ?? new Uint8Array())).toContain('You chose PST for: email.');
  });

  it('serves concurrent first downloads the same complete archive', async () => {
    const filesDir = tempDir();
    const vendor = vendorAt(done, filesDir);
    const files = await Promise.all(Array.from({ length: 5 }, () => vendor.exportFile(job())));
    const reference = Buffer.from(await bytes(files[0] ?? null));
    expect(reference.length).toBeGreaterThan(0);
    for (const file of files) expect(Buffer.from(await bytes(file)).equals(reference)).toBe(true);
    expect(readdirSync(filesDir)).toEqual(['northwave-export-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6.zip']);
  });

  it('caches the archive in filesDir and serves the same bytes after a restart; a rebuild is byte-identical', async () => {
    const filesDir = tempDir();
    const first = await vendorAt(done, filesDir).exportFile(job());
    expect(readdirSync(filesDir)).toEqual(['northwave-export-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6.zip']);
    const cached = await vendorAt(done, filesDir).exportFile(job());
    expect(Buffer.from(await bytes(cached)).equals(Buffer.from(await bytes(first)))).toBe(true);
    const rebuilt = await vendorAt(done, tempDir()).exportFile(job());
    expect(Buffer.from(await bytes(rebuilt)).equals(Buffer.from(await bytes(first)))).toBe(true);
    expect(readdirSync(filesDir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('development routing (routeScenarios)', () => {
  it('gives the failing scenario to the simulated vendor, and everything else, Copy new mail and forwarding too, to the engine', async () => {
    const asked: string[] = [];
    // The engine's side: the simulated timeline (never failing) with the follow-up calls it alone has.
    const engine: TransferEngine = {
      ...createSimulatedVendor({ jobDurationMs: DURATION, exportFails: () => false, filesDir: tempDir() }),
      copyNewMail: async (j) => (asked.push(`copy ${j.exportId}`), 'started'),
      followUp: async () => ({ open: true, running: false, passes: [], forwarding: null }),
      forward: async () => true,
      dueForwarding: async () => [{ exportId: 'due', until: 1 }],
      endForwarding: async () => true,
    };
    const routed = routeScenarios({
      simulated: vendorAt(0),
      engine,
      simulates: (j) => j.sourceEmail === 'export-fails@example.com',
    });
    const ended = new Date(CREATED + DURATION);
    expect((await routed.progress(job({ sourceEmail: 'export-fails@example.com' }), ended)).emailmigration?.status).toBe('error');
    expect((await routed.progress(job(), ended)).emailmigration?.status).toBe('completed');
    expect(await routed.copyNewMail?.(job(), 'customer', ended)).toBe('started');
    expect(asked).toEqual([`copy ${job().exportId}`]);
    expect(await routed.followUp?.(job(), ended)).toEqual({ open: true, running: false, passes: [], forwarding: null });
    expect(await routed.forward?.(job(), ended, ended)).toBe(true);
    expect(await routed.dueForwarding?.(ended, 1)).toEqual([{ exportId: 'due', until: 1 }]);
    expect(await routed.endForwarding?.(job(), ended)).toBe(true);
  });
});
