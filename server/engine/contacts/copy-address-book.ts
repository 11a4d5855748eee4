/**
 * Copies one address book: list its contacts (sorted by href), see what the destination holds, then
 * fetch in batches and put each contact, committing after each batch a checkpoint with the batch's
 * counts and failed items.
 *
 * The checkpoint is `{ validity: the book's sync-token or CTag, position: contacts of this book counted
 * as done }`. A run that starts again walks the book from the start (vCards are small), but counts
 * nothing twice and sends nothing twice:
 * - a contact the destination already holds (matched by UID) is not sent; it counts as done only once
 *   the book's earlier count (`position`) is used up, since those contacts were counted before;
 * - a contact already in the item report (by UID, or href when it has none) is skipped.
 * Contacts come in href order, so the earlier count covers exactly the ones done before a kill, even a
 * contact that was put just before the kill and not yet committed (it is found at the destination and
 * counted now).
 */
import type { RunContext } from '../container.ts';
import { PresenceLedger } from '../dedup.ts';
import { paced, pacedMany } from '../paced.ts';
import { pipelined } from '../pipelined.ts';
import type { AppendResult, Checkpoint, FailedItem, ItemFailureReason, Receipt } from '../ports.ts';
import { fetchBatch, type FetchedBatch } from './fetch-batch.ts';
import type { PlannedBook } from './plan.ts';
import type { Contact, ContactsDestination, ContactsDestinationSession, ContactsSourceSession, VCardRef } from './ports.ts';
import { parseVcard, uidOf, VCardError } from './vcard.ts';

const OPERATION = 'contactsmigration';

export type BookCopy = RunContext & {
  planned: PlannedBook;
  source: ContactsSourceSession;
  destination: ContactsDestinationSession;
  destinationPort: ContactsDestination;
  checkpoint: Checkpoint | null;
  /** Item IDs (UID, or href) of this book already in the item report. */
  failedIds: ReadonlySet<string>;
  /** Called after each commit, so the caller knows the book moved forward. */
  onCommit: () => void;
};

/** `counted`: the book's earlier count not yet matched to a contact; `keys`: each contact's keys, for the receipt. */
type BookState = { target: string; ledger: PresenceLedger; counted: number; doneInBook: number; keys: string[][] };

const failure = (container: string, itemId: string, size: number | null, reason: ItemFailureReason, detail: string): FailedItem => ({
  operation: OPERATION,
  container,
  itemId,
  uid: null,
  size,
  reason,
  detail,
});

/** Reads a fetched contact; a failed item instead when it is missing or cannot be read. */
function readContact(job: BookCopy, ref: VCardRef, fetched: FetchedBatch): Contact | FailedItem {
  const { book } = job.planned;
  const unreadable = fetched.unreadable.get(ref.href);
  if (unreadable !== undefined) return failure(job.planned.container, ref.href, null, 'unreadable-at-source', unreadable);
  const vcard = fetched.vcards.get(ref.href);
  if (!vcard) return failure(job.planned.container, ref.href, null, 'vanished-at-source', 'deleted at the source during the transfer');
  try {
    const card = parseVcard(vcard.text);
    return { book, href: ref.href, text: vcard.text, uid: uidOf(card), card };
  } catch (error) {
    if (!(error instanceof VCardError)) throw error;
    return failure(job.planned.container, ref.href, Buffer.byteLength(vcard.text), 'unreadable-at-source', error.message);
  }
}

/** Copies one batch; whatever part of it is done is committed even when it ends in an error. */
async function runBatch(job: BookCopy, state: BookState, refs: VCardRef[], fetched: FetchedBatch): Promise<number> {
  let done = 0;
  const failures: FailedItem[] = [];
  // Committed after every batch, even an empty one, so the checkpoint carries this run's token.
  const commit = async () => {
    const checkpoint: Checkpoint = {
      operation: OPERATION,
      container: job.planned.container,
      validity: job.planned.book.token ?? '',
      position: state.doneInBook,
    };
    await job.store.commit(job.transferId, { checkpoint, done, bytesDone: 0, failed: failures.length, failures });
    job.onCommit();
  };
  const arrived = () => {
    done++;
    state.doneInBook++;
  };
  const toSend: Contact[] = [];
  try {
    for (const ref of refs) {
      job.signal.throwIfAborted();
      if (job.failedIds.has(ref.href)) continue;
      const contact = readContact(job, ref, fetched);
      if (!('text' in contact)) {
        failures.push(contact);
        continue;
      }
      if (contact.uid !== null && job.failedIds.has(contact.uid)) continue;
      const keys = job.destinationPort.keysFor(contact);
      state.keys.push(keys);
      if (state.ledger.claim(keys)) {
        if (state.counted > 0) state.counted--;
        else arrived();
        continue;
      }
      toSend.push(contact);
    }
    // Contacts the destination does not hold go after the batch is read: one at a time, or a few per
    // request where the destination takes several. A contact only counts once its own answer came.
    const size = job.destinationPort.traits.putBatch ?? 1;
    for (let i = 0; i < toSend.length; i += size) {
      const chunk = toSend.slice(i, i + size);
      const { putMany } = job.destination;
      const results = putMany
        ? await pacedMany(job, chunk, (contacts) => putMany.call(job.destination, state.target, contacts))
        : [await paced(job, () => job.destination.put(state.target, chunk[0] as Contact))];
      chunk.forEach((contact, j) => {
        const result = results[j] as AppendResult;
        if (result.ok) arrived();
        else if (result.refusal.kind === 'too-big' || result.refusal.kind === 'quota' || result.refusal.kind === 'refused') {
          failures.push(
            failure(
              job.planned.container,
              contact.uid ?? contact.href,
              Buffer.byteLength(contact.text),
              result.refusal.kind,
              result.refusal.detail,
            ),
          );
        }
      });
    }
  } finally {
    await commit();
  }
  return failures.length;
}

/** Copies what is left of one address book and returns its count receipt. */
export async function copyAddressBook(job: BookCopy): Promise<Receipt> {
  const { book, container } = job.planned;
  const refs = await job.source.list(book);
  const target = await job.destination.prepareBook(book);
  const counted = job.checkpoint?.position ?? 0;
  const state: BookState = {
    target,
    ledger: new PresenceLedger(await job.destination.heldKeys(target)),
    counted,
    doneInBook: counted,
    keys: [],
  };
  const size = job.limits.batchContacts;
  const batches = Array.from({ length: Math.ceil(refs.length / size) }, (_, i) => refs.slice(i * size, (i + 1) * size));

  let failed = job.failedIds.size;
  if (batches.length === 0) await runBatch(job, state, [], { vcards: new Map(), unreadable: new Map() });
  // The next batch is fetched while this one is put (source and destination are separate servers).
  await pipelined(
    batches,
    (batch) =>
      fetchBatch(
        job.source,
        book,
        batch.map((r) => r.href),
        job.signal,
      ),
    async (batch, fetched) => {
      failed += await runBatch(job, state, batch, fetched);
    },
  );
  const held = new PresenceLedger(await job.destination.heldKeys(target));
  return {
    operation: OPERATION,
    container,
    destination: target,
    sourceCount: refs.length,
    destinationCount: state.keys.filter((keys) => held.claim(keys)).length,
    failed,
  };
}
