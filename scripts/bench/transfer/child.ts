/**
 * One measured transfer in a process of its own (so its peak memory is its own, and the resume run can
 * be SIGKILLed at any moment). argv[2] is the JSON of ChildJob. Prints one JSON line: how long the
 * transfer took (from the first connection to the last commit, without the process's start-up), the
 * process's peak resident memory, and the outcome.
 *
 * - `bare`: the baseline, a plain imapflow loop — per folder, FETCH a batch of 100 whole messages
 *   (collected before anything else is sent: imapflow deadlocks on a command issued inside a fetch),
 *   then APPEND them one by one; as many folders at once as the engine copies.
 * - `engine-imap`, `engine-mbox`, `engine-eml`, `engine-pst`: the engine (runMailTransfer) into the
 *   destination account, or into one ZIP of MBOX files, of EML files, or holding one PST (written beside
 *   the ZIP and streamed into it at the end, as a file export writes it); its state in memory.
 * - `engine-resume`: the engine into the destination account with its state in a file rewritten after
 *   every commit, as a database would keep it, so a killed run's successor continues from it.
 */
import { ImapFlow } from 'imapflow';
import {
  createArchiveDestination,
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  createPstFile,
  createPstMailDestination,
  DEFAULT_LIMITS,
  DEFAULT_PST_PART_BYTES,
  openZipArchive,
  runMailTransfer,
  systemClock,
  type ImapEndpoint,
  type MailDestination,
  type PstFile,
  type ZipArchive,
} from '../../../server/engine/index.ts';
import { fileBackedStore } from '../../../test/engine/support/child-run.ts';
import { ownPeakRssMb } from '../peak-rss.ts';
import { traceMemory } from './memory-trace.ts';

export type ChildJob = {
  mode: 'bare' | 'engine-imap' | 'engine-mbox' | 'engine-eml' | 'engine-pst' | 'engine-resume';
  endpoint: ImapEndpoint;
  source: { mailbox: string; master: { user: string; password: string; separator: string } };
  destination: { email: string; password: string };
  /** engine-mbox, engine-eml, engine-pst: the ZIP; engine-resume: the state file. */
  file?: string;
};

export type ChildResult = { ms: number; maxRssMb: number; status: string; memory?: string };

const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob;
const BATCH = 100;

async function connect(user: string, password: string): Promise<ImapFlow> {
  const { host, port, ca } = job.endpoint;
  const client = new ImapFlow({
    host,
    port,
    secure: true,
    auth: { user, pass: password },
    tls: { ca },
    logger: false,
    disableAutoIdle: true,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** The baseline: nothing but imapflow, folders in parallel, fetch a batch then append it. */
async function bareLoop(): Promise<string> {
  const { mailbox, master } = job.source;
  const lister = await connect(`${mailbox}${master.separator}${master.user}`, master.password);
  const folders = (await lister.list()).filter((f) => !f.flags.has('\\Noselect')).map((f) => f.path);
  await lister.logout();
  const queue = [...folders];
  const worker = async () => {
    const source = await connect(`${mailbox}${master.separator}${master.user}`, master.password);
    const destination = await connect(job.destination.email, job.destination.password);
    const existing = new Set((await destination.list()).map((f) => f.path));
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (!existing.has(folder)) await destination.mailboxCreate(folder);
      const box = await source.mailboxOpen(folder, { readOnly: true });
      if (box.exists === 0) continue;
      const uids = (await source.search({ all: true }, { uid: true })) || [];
      for (let i = 0; i < uids.length; i += BATCH) {
        const batch = [];
        for await (const m of source.fetch(
          uids.slice(i, i + BATCH).join(','),
          { uid: true, flags: true, internalDate: true, source: true },
          { uid: true },
        ))
          batch.push(m);
        for (const m of batch)
          await destination.append(
            folder,
            m.source ?? Buffer.alloc(0),
            [...(m.flags ?? [])].filter((f) => f !== '\\Recent'),
            m.internalDate,
          );
      }
    }
    await source.logout();
    await destination.logout();
  };
  await Promise.all(Array.from({ length: Math.min(DEFAULT_LIMITS.parallelFolders, folders.length) }, worker));
  return 'completed';
}

/** The file destinations: the ZIP, the PST inside it when there is one, and what moves the mail into them. */
function fileDestination(file: string): { archive: ZipArchive; pst: PstFile | null; destination: MailDestination } {
  const archive = openZipArchive(file);
  if (job.mode !== 'engine-pst')
    return { archive, pst: null, destination: createArchiveDestination({ archive, format: job.mode === 'engine-eml' ? 'EML' : 'MBOX' }) };
  const pst = createPstFile({ archive, workPath: `${file}.pst.partial`, maxPartBytes: DEFAULT_PST_PART_BYTES, displayName: 'Benchmark' });
  return { archive, pst, destination: createPstMailDestination({ pst }) };
}

async function engine(): Promise<string> {
  const source = createImapSource({ endpoint: job.endpoint, ...job.source });
  const files = ['engine-mbox', 'engine-eml', 'engine-pst'].includes(job.mode) ? fileDestination(job.file ?? '') : null;
  const destination: MailDestination =
    files?.destination ??
    createImapDestination({ endpoint: job.endpoint, user: job.destination.email, auth: 'password' }, job.destination.password);
  const store = job.mode === 'engine-resume' ? fileBackedStore(job.file ?? '') : createMemoryStateStore();
  const result = await runMailTransfer({ transferId: 'bench', source, destination, store, clock: systemClock });
  // As a file export ends (server/transfers/run-transfer.ts): the PST into the ZIP, then the ZIP.
  await files?.pst?.finish();
  await files?.archive.close();
  return result.status.state === 'failed' ? `failed: ${result.status.reason} ${result.status.detail}` : result.status.state;
}

const started = performance.now();
const traced = traceMemory(job.mode);
const status = job.mode === 'bare' ? await bareLoop() : await engine();
const ms = Math.round(performance.now() - started);
const result: ChildResult = { ms, maxRssMb: ownPeakRssMb(), status, memory: traced() };
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
