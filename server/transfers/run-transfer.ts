/**
 * One run of a claimed transfer: its operations one after another with the engine, into the export's
 * ZIP for a file export, and what the worker should do next — the transfer ended, it pauses until a
 * time (the destination's daily limit), or it stopped (its owner paused it, the process is shutting
 * down, or it lost its lease) and runs again from its checkpoints.
 *
 * A stop is not a cancel: the engine ends a run whose signal aborts as `cancelled`, so the store the
 * engine gets leaves the status as it was when the abort was a stop. A ZIP is finished only when every
 * operation completed; otherwise it is removed, and a run that starts again writes it anew (an
 * archive is not resumable, docs/transfer.md).
 */
import path from 'node:path';
import {
  createPstFile,
  DEFAULT_PST_PART_BYTES,
  openZipArchive,
  runContactsTransfer,
  runMailTransfer,
  type Clock,
  type TransferOperation,
  type TransferStateStore,
  type PstFile,
  type TransferStatus,
  type ZipArchive,
} from '../engine/index.ts';
import type { TransferReportStore } from '../db/transfer-report-store.ts';
import { makePrivateFolder } from '../private-files.ts';
import { archiveFilename } from '../jobs/archive-name.ts';
import { DestinationRefused } from './destination-refused.ts';
import type { TransferEnvironment } from './environment.ts';
import type { TransferPlan } from './plan.ts';

/**
 * Why a run was told to stop: the owner cancelled it, or paused it (decision 0031), the process shuts
 * down, or another worker took it over. All but a cancel leave the transfer at its checkpoints.
 */
export class TransferStop extends Error {
  constructor(readonly why: 'cancelled' | 'paused' | 'shutdown' | 'lease-lost') {
    super(`transfer stopped: ${why}`);
    this.name = 'TransferStop';
  }
}

export type RunOutcome = { kind: 'ended' } | { kind: 'paused'; resumeAt: number } | { kind: 'stopped' };

export type RunContext = {
  store: TransferStateStore;
  reports: TransferReportStore;
  environment: TransferEnvironment;
  clock: Clock;
  filesDir: string;
  /** A file export's PST is ended and a new part begun past this size (PST_PART_BYTES; decision 0029). */
  pstPartBytes?: number;
};

const stopOf = (signal: AbortSignal) => (signal.reason instanceof TransferStop ? signal.reason.why : null);
const isFinal = (status: TransferStatus | null) =>
  status !== null && (status.state === 'completed' || status.state === 'failed' || status.state === 'cancelled');

/** The store as the engine sees it during a run: an end as `cancelled` that was really a stop is not recorded. */
function stopAware(store: TransferStateStore, signal: AbortSignal): TransferStateStore {
  return {
    ...store,
    end: async (transferId, operation, status) => {
      const why = stopOf(signal);
      if (status.state === 'cancelled' && why !== null && why !== 'cancelled') return;
      await store.end(transferId, operation, status);
    },
  };
}

/** The ZIP as the engine gets it: the engine's discard (one operation failed) waits for the run's decision. */
const deferredDiscard = (archive: ZipArchive): ZipArchive => ({ ...archive, discard: async () => undefined });

export function operationsOf(plan: TransferPlan): TransferOperation[] {
  return [...(plan.mail ? (['emailmigration'] as const) : []), ...(plan.contacts ? (['contactsmigration'] as const) : [])];
}

export async function archivePath(filesDir: string, exportId: string): Promise<string> {
  await makePrivateFolder(filesDir);
  return path.join(filesDir, archiveFilename(exportId));
}

type OperationInput = {
  exportId: string;
  plan: TransferPlan;
  secret: string | null;
  archive: ZipArchive | null;
  pst: PstFile | null;
  signal: AbortSignal;
};

/** The PST as the engine gets it: like the ZIP's, its discard waits for the run's decision. */
const deferredPstDiscard = (pst: PstFile): PstFile => ({ ...pst, discard: async () => undefined });

/** Mail or contacts go into an Outlook data file. */
const usesPst = (plan: TransferPlan) =>
  (plan.mail?.destination.kind === 'archive' && plan.mail.destination.format === 'PST') ||
  (plan.contacts?.destination.kind === 'archive' && plan.contacts.destination.format === 'PST');

/** The engine's run of one operation, with the adapters the environment builds for it. */
async function runEngine(
  context: RunContext,
  input: OperationInput,
  operation: TransferOperation,
  store: TransferStateStore,
): Promise<TransferStatus> {
  const { exportId, plan, signal } = input;
  const run = { transferId: exportId, store, clock: context.clock, signal };
  const destinationInput = {
    exportId,
    plan,
    secret: input.secret,
    archive: input.archive && deferredDiscard(input.archive),
    pst: input.pst && deferredPstDiscard(input.pst),
  };
  if (operation === 'emailmigration' && plan.mail) {
    const destination = await context.environment.mailDestination(destinationInput);
    const source = context.environment.mailSource(plan.mail.sourceMailbox);
    return (await runMailTransfer({ ...run, source, destination, ...(plan.mail.plan ? { plan: plan.mail.plan } : {}) })).status;
  }
  if (operation === 'contactsmigration' && plan.contacts) {
    const destination = await context.environment.contactsDestination(destinationInput);
    const source = context.environment.contactsSource(plan.contacts.sourceAccount);
    return (await runContactsTransfer({ ...run, source, destination })).status;
  }
  throw new Error(`operation ${operation} is not in the plan`);
}

async function runOperation(context: RunContext, input: OperationInput, operation: TransferOperation): Promise<TransferStatus> {
  try {
    return await runEngine(context, input, operation, stopAware(context.store, input.signal));
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    const status: TransferStatus = { state: 'failed', reason: error.reason, detail: error.message };
    await context.store.end(input.exportId, operation, status);
    return status;
  }
}

/** Runs what is left of the transfer; see the module comment for the outcomes. */
export async function runTransfer(
  context: RunContext,
  input: { exportId: string; plan: TransferPlan; secret: string | null; signal: AbortSignal },
): Promise<RunOutcome> {
  const { exportId, plan, signal } = input;
  const operations = operationsOf(plan);
  const toFile = plan.provider === 'file';
  const file = toFile ? await archivePath(context.filesDir, exportId) : null;
  const archive = file ? openZipArchive(file) : null;
  const pst =
    archive && file && usesPst(plan)
      ? createPstFile({
          archive,
          workPath: `${file}.pst.partial`,
          maxPartBytes: context.pstPartBytes ?? DEFAULT_PST_PART_BYTES,
          displayName: 'Email export',
        })
      : null;
  const files = { archive, pst };
  const before = new Map((await context.reports.operations(exportId)).map((op) => [op.operation, op.status]));
  const statuses = new Map<TransferOperation, TransferStatus | null>();
  for (const operation of operations) {
    // A mailbox keeps what arrived, so a finished operation is not run again; an archive is written anew.
    const earlier = before.get(operation) ?? null;
    if (!toFile && isFinal(earlier)) {
      statuses.set(operation, earlier);
      continue;
    }
    if (signal.aborted) break;
    statuses.set(operation, await runOperation(context, { ...input, archive, pst }, operation));
  }

  const why = stopOf(signal);
  if (why !== null && why !== 'cancelled') {
    await discardFiles(files);
    return { kind: 'stopped' };
  }
  if (why === 'cancelled') {
    for (const operation of operations) {
      if (!isFinal(statuses.get(operation) ?? null)) await context.store.end(exportId, operation, { state: 'cancelled' });
    }
    await discardFiles(files);
    return { kind: 'ended' };
  }
  const pauses = [...statuses.values()].flatMap((status) => (status?.state === 'sleeping' ? [status.resumeAt] : []));
  if (pauses.length > 0) return { kind: 'paused', resumeAt: Math.min(...pauses) };
  if (archive) await finishArchive(context, exportId, operations, { archive, pst }, statuses);
  return { kind: 'ended' };
}

type ExportFiles = { archive: ZipArchive | null; pst: PstFile | null };

/** Removes what a file export wrote: the PST part on disk first, then the ZIP it would have gone into. */
async function discardFiles(files: ExportFiles): Promise<void> {
  await files.pst?.discard();
  await files.archive?.discard();
}

/** Puts the ZIP in place when every operation completed, else removes it; a ZIP that cannot be written fails them. */
async function finishArchive(
  context: RunContext,
  exportId: string,
  operations: TransferOperation[],
  files: ExportFiles & { archive: ZipArchive },
  statuses: Map<TransferOperation, TransferStatus | null>,
): Promise<void> {
  if (!operations.every((operation) => statuses.get(operation)?.state === 'completed')) {
    await discardFiles(files);
    return;
  }
  try {
    // The PST's last part goes into the ZIP before the ZIP is ended.
    await files.pst?.finish();
    await files.archive.close();
  } catch (error) {
    await discardFiles(files);
    const detail = `the archive could not be written: ${error instanceof Error ? error.message : String(error)}`;
    for (const operation of operations) await context.store.end(exportId, operation, { state: 'failed', reason: 'internal', detail });
  }
}
