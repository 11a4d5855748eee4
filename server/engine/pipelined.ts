/**
 * Running a container's batches in order with the next batch fetched while the current one is written:
 * source and destination are separate connections, so the two overlap. Shared by the mail and contacts
 * loops. When a write fails, a fetch still running must not surface as an unhandled rejection, and what
 * it brings is handed to `unwritten` (the mail loop gives the batch's bytes back to the run's budget).
 * The batches may be made as they are asked for (a generator), so a folder of 100,000 messages is never
 * planned whole in memory: at most the batch being written and the one being fetched exist at once.
 */
export async function pipelined<B, F>(
  batches: Iterable<B>,
  fetch: (batch: B) => Promise<F>,
  write: (batch: B, fetched: F) => Promise<void>,
  unwritten: (fetched: F) => void = () => {},
): Promise<void> {
  const upcoming = batches[Symbol.iterator]();
  const fetchNext = (): { batch: B; fetched: Promise<F> } | null => {
    const step = upcoming.next();
    return step.done ? null : { batch: step.value, fetched: fetch(step.value) };
  };
  let next = fetchNext();
  try {
    while (next !== null) {
      const { batch, fetched } = next;
      const ready = await fetched;
      next = fetchNext();
      // A fetch that fails while this batch is written (a stop closes the source first) is seen when
      // awaited, or by `unwritten`'s handler below, never as an unhandled rejection meanwhile.
      next?.fetched.catch(() => {});
      await write(batch, ready);
    }
  } finally {
    next?.fetched.then(unwritten, () => {});
  }
}
