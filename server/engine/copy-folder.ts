/**
 * Copies one folder: index the source, see what the destination holds, then fetch and append in
 * batches, committing a checkpoint (UIDVALIDITY + last UID done) with the batch's counts after each.
 * The next batch is fetched while the current one is appended (pipelined.ts; no command is ever sent
 * from inside a fetch); each batch's bytes are held in the run's byte budget from before its fetch
 * until it has been written, across all parallel folders. A refused message becomes an item-report
 * row, and so does one the destination kept in another form (counted as done, not failed); a
 * throttled one is retried after a backoff; a daily limit pauses the whole transfer.
 */
import type { ByteBudget } from './byte-budget.ts';
import type { RunContext } from './container.ts';
import { compactRefs, type CompactRefs } from './compact-refs.ts';
import { PresenceLedger } from './dedup.ts';
import { headerText } from './headers.ts';
import { aboutByDate, aboutMessage } from './item-about.ts';
import { paced } from './paced.ts';
import { pipelined } from './pipelined.ts';
import {
  isFailedItem,
  TransferFault,
  type AppendResult,
  type Checkpoint,
  type FailedItem,
  type ItemFailureReason,
  type MailDestination,
  type MailDestinationSession,
  type MailSourceSession,
  type MessageRange,
  type MessageRef,
  type Receipt,
  type SourceFolder,
  type SourceMessage,
} from './ports.ts';

const OPERATION = 'emailmigration';

export type FolderCopy = RunContext & {
  folder: SourceFolder;
  source: MailSourceSession;
  destination: MailDestinationSession;
  destinationPort: MailDestination;
  /** The folder's checkpoint from an earlier run, if any. */
  checkpoint: Checkpoint | null;
  /** UIDs of this folder already in the item report (they never reached the destination). */
  failedUids: ReadonlySet<number>;
  /** Called after each commit, so the caller knows the folder moved forward. */
  onCommit: () => void;
  /** The run's bytes in flight, shared by its folders. */
  budget: ByteBudget;
  /** Which messages the transfer moves (all, or those since a day). */
  range: MessageRange;
};

type Step = { ref: MessageRef; action: 'present' | 'copy' | 'too-big' };
type Batch = { steps: Step[]; copyUids: number[]; bytes: number };

/**
 * The folder's batches, each made when the loop asks for it (see pipelined.ts), so that what the plan
 * holds per message exists for two batches at a time, not for the whole folder. Each message claims its
 * copy at the destination when its batch is made, in UID order: the ledger is a snapshot taken before
 * the first append, so the claims are those a plan made all at once would have made.
 */
function* batches(pending: Iterable<MessageRef>, ledger: PresenceLedger, job: FolderCopy): Generator<Batch> {
  const maxBytes = job.destinationPort.traits.maxMessageBytes;
  const actionOf = (ref: MessageRef): Step['action'] => {
    if (ledger.claim(job.destinationPort.keysFor(ref))) return 'present';
    if (maxBytes !== null && ref.size > maxBytes) return 'too-big';
    return 'copy';
  };
  let current: Batch = { steps: [], copyUids: [], bytes: 0 };
  for (const ref of pending) {
    const action = actionOf(ref);
    const size = action === 'copy' ? ref.size : 0;
    if (
      current.copyUids.length > 0 &&
      (current.copyUids.length >= job.limits.batchMessages || current.bytes + size > job.limits.batchBytes)
    ) {
      yield current;
      current = { steps: [], copyUids: [], bytes: 0 };
    }
    current.steps.push({ ref, action });
    if (action === 'copy') {
      current.copyUids.push(ref.uid);
      current.bytes += size;
    }
  }
  if (current.steps.length > 0) yield current;
}

/** What names the message to a person: from its header when it was read (fetched, or indexed as too big), else its date. */
const aboutOf = (ref: MessageRef | SourceMessage) =>
  'raw' in ref ? aboutMessage(headerText(ref.raw), ref.internalDate) : (ref.about ?? aboutByDate(ref.internalDate));

const failure = (folder: string, ref: MessageRef | SourceMessage, reason: ItemFailureReason, detail: string): FailedItem => ({
  operation: OPERATION,
  container: folder,
  itemId: ref.messageId,
  uid: ref.uid,
  size: ref.size,
  reason,
  detail,
  about: aboutOf(ref),
});

/** How many of a batch's report rows are failures (a message kept in another form is not). */
const failedOf = (rows: FailedItem[]) => rows.filter(isFailedItem).length;

/** The batch's messages; a batch the source cannot deliver whole is asked for one message at a time. */
async function fetchBatch(
  job: FolderCopy,
  uids: number[],
): Promise<{ messages: Map<number, SourceMessage>; unreadable: Map<number, string> }> {
  const messages = new Map<number, SourceMessage>();
  const unreadable = new Map<number, string>();
  if (uids.length === 0) return { messages, unreadable };
  try {
    for (const m of await job.source.fetch(job.folder.path, uids)) messages.set(m.uid, m);
  } catch (error) {
    if (error instanceof TransferFault) throw error;
    for (const uid of uids) {
      try {
        for (const m of await job.source.fetch(job.folder.path, [uid])) messages.set(m.uid, m);
      } catch (single) {
        if (single instanceof TransferFault) throw single;
        unreadable.set(uid, single instanceof Error ? single.message : String(single));
      }
    }
  }
  return { messages, unreadable };
}

type Fetched = Awaited<ReturnType<typeof fetchBatch>>;
type Held = { fetched: Fetched; release: () => void };

/** The batch's messages, fetched once its bytes fit in the run's budget; the caller releases them. */
async function fetchWithin(job: FolderCopy, batch: Batch): Promise<Held> {
  const release = await job.budget.acquire(batch.bytes, job.signal);
  try {
    return { fetched: await fetchBatch(job, batch.copyUids), release };
  } catch (error) {
    release();
    throw error;
  }
}

type Attempt = { settled: false } | { settled: true; result: AppendResult } | { settled: true; error: unknown };

/**
 * Appends the batch's messages, at most `depth` at once (a pipelining destination has them in flight
 * together). After the first error no new append starts; those not started stay unattempted.
 */
async function appendAll(
  job: FolderCopy,
  target: string,
  messages: ReadonlyMap<number, SourceMessage>,
  depth: number,
): Promise<Map<number, Attempt>> {
  const queue = [...messages.values()];
  const attempts = new Map<number, Attempt>(queue.map((m) => [m.uid, { settled: false }]));
  let stopped = false;
  const lane = async () => {
    for (let message = queue.shift(); message && !stopped && !job.signal.aborted; message = queue.shift()) {
      const uid = message.uid;
      try {
        attempts.set(uid, { settled: true, result: await paced(job, () => job.destination.append(target, message)) });
      } catch (error) {
        stopped = true;
        attempts.set(uid, { settled: true, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(depth, queue.length)) }, lane));
  return attempts;
}

/**
 * Runs one batch: its appends in flight together where the destination pipelines them, then the
 * outcomes in UID order. The checkpoint moves over the messages up to the first one whose append did
 * not settle (an error, a pause, a cancel); messages after it that did arrive are found by the
 * duplicate check on the next attempt, so nothing is lost or doubled. Whatever part is done is
 * committed even when the batch ends in an error.
 */
async function runBatch(job: FolderCopy, target: string, validity: string, batch: Batch, fetched: Fetched): Promise<number> {
  const copies = new Map(
    batch.copyUids.flatMap((uid) => {
      const message = fetched.messages.get(uid);
      return message && !fetched.unreadable.has(uid) ? [[uid, message] as const] : [];
    }),
  );
  const attempts = await appendAll(job, target, copies, job.destinationPort.traits.appendsInFlight ?? 1);
  let done = 0;
  let bytesDone = 0;
  let position: number | null = null;
  let stop: unknown = null;
  const failures: FailedItem[] = [];
  for (const { ref, action } of batch.steps) {
    if (action === 'present') {
      done++;
      bytesDone += ref.size;
    } else if (action === 'too-big') {
      failures.push(
        failure(
          job.folder.path,
          ref,
          'too-big',
          `larger than the destination accepts (${job.destinationPort.traits.maxMessageBytes} bytes)`,
        ),
      );
    } else {
      const unreadable = fetched.unreadable.get(ref.uid);
      const attempt = attempts.get(ref.uid);
      if (unreadable !== undefined) failures.push(failure(job.folder.path, ref, 'unreadable-at-source', unreadable));
      else if (!attempt) failures.push(failure(job.folder.path, ref, 'vanished-at-source', 'deleted at the source during the transfer'));
      else if (!attempt.settled) break;
      else if ('error' in attempt) {
        stop = attempt.error;
        break;
      } else if (attempt.result.ok) {
        done++;
        bytesDone += ref.size;
        const { kept } = attempt.result;
        if (kept) failures.push(failure(job.folder.path, copies.get(ref.uid) ?? ref, kept.kind, kept.detail));
      } else if (
        attempt.result.refusal.kind === 'too-big' ||
        attempt.result.refusal.kind === 'quota' ||
        attempt.result.refusal.kind === 'refused'
      ) {
        failures.push(failure(job.folder.path, copies.get(ref.uid) ?? ref, attempt.result.refusal.kind, attempt.result.refusal.detail));
      }
    }
    position = ref.uid;
  }
  if (position !== null) {
    const checkpoint: Checkpoint = { operation: OPERATION, container: job.folder.path, validity, position };
    await job.store.commit(job.transferId, { checkpoint, done, bytesDone, failed: failedOf(failures), failures });
    job.onCommit();
  }
  if (stop !== null) throw stop;
  job.signal.throwIfAborted();
  return failedOf(failures);
}

/**
/**
 * The folder's index, kept compactly while the folder is copied (compact-refs.ts); the source's array
 * of objects is let go as soon as it is read. Message-IDs are read only where they are needed: to
 * recognise what a destination folder already holds (a resumed or repeated run), and to name in the
 * item report a message too big to copy (with its subject, sender and date, as it is never fetched).
 * Into an empty folder that is a second pass over the whole source spared.
 */
async function indexOf(job: FolderCopy, destinationHolds: boolean): Promise<{ uidValidity: string; refs: CompactRefs }> {
  const maxBytes = job.destinationPort.traits.maxMessageBytes;
  const tooBig = (ref: Pick<MessageRef, 'size'>) => maxBytes !== null && ref.size > maxBytes;
  const index = await job.source.index(job.folder.path, (ref) => destinationHolds || tooBig(ref), tooBig, job.range);
  return { uidValidity: index.uidValidity, refs: compactRefs(index.messages) };
}

/**
 * The receipt of a folder left part way (a cancel, or the run stopping for another folder's pause or
 * fault), so an ended export's receipt shows what arrived: the messages up to the folder's checkpoint
 * that did not fail, as the store has them. The sessions are closed by now, so nothing is asked of the
 * destination; a later run that finishes the folder replaces this receipt with the destination's count.
 */
async function saveArrivedSoFar(job: FolderCopy, target: string, uidValidity: string, refs: CompactRefs): Promise<void> {
  const record = await job.store.load(job.transferId, OPERATION);
  const checkpoint = record.checkpoints.find((c) => c.container === job.folder.path && c.validity === uidValidity);
  const failedUids = new Set(record.failures.filter((f) => f.container === job.folder.path && isFailedItem(f)).map((f) => f.uid));
  const position = checkpoint?.position ?? 0;
  let arrived = 0;
  for (const ref of refs) if (ref.uid <= position && !failedUids.has(ref.uid)) arrived += 1;
  await job.store.saveReceipt(job.transferId, {
    operation: OPERATION,
    container: job.folder.path,
    destination: target,
    sourceCount: refs.length,
    destinationCount: arrived,
    failed: failedUids.size,
  });
}

/** Copies what is left of one folder and returns its count receipt. */
export async function copyFolder(job: FolderCopy): Promise<Receipt> {
  const target = await job.destination.prepareFolder(job.folder);
  const held = await job.destination.heldKeys(target);
  const ledger = new PresenceLedger(held);
  const { uidValidity, refs } = await indexOf(job, held.size > 0);
  const sameValidity = job.checkpoint !== null && job.checkpoint.validity === uidValidity;
  const resumeAfter = sameValidity ? (job.checkpoint?.position ?? 0) : 0;
  const failedBefore = sameValidity ? job.failedUids : new Set<number>();
  // Messages done earlier claim their copies first; what is left at the destination matches pending ones.
  for (const ref of refs) {
    if (ref.uid <= resumeAfter && !failedBefore.has(ref.uid)) ledger.claim(job.destinationPort.keysFor(ref));
  }
  const plan = batches(
    (function* () {
      for (const ref of refs) if (ref.uid > resumeAfter) yield ref;
    })(),
    ledger,
    job,
  );

  let failed = failedBefore.size;
  try {
    await pipelined(
      plan,
      (batch) => fetchWithin(job, batch),
      async (batch, held) => {
        try {
          failed += await runBatch(job, target, uidValidity, batch, held.fetched);
        } finally {
          held.release();
        }
      },
      (unwritten) => unwritten.release(),
    );
  } catch (error) {
    if (job.signal.aborted) await saveArrivedSoFar(job, target, uidValidity, refs);
    throw error;
  }
  return {
    operation: OPERATION,
    container: job.folder.path,
    destination: target,
    sourceCount: refs.length,
    destinationCount: await job.destination.count(target),
    failed,
  };
}
