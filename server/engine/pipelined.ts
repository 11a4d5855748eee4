/**
 * Running a container's batches in order with the next batch fetched while the current one is written:
 * source and destination are separate connections, so the two overlap. Shared by the mail and contacts
 * loops. When a write fails, a fetch still running must not surface as an unhandled rejection, and what
 * it brings is handed to `unwritten` (the mail loop gives the batch's bytes back to the run's budget).
 */
export async function pipelined<B, F>(
  batches: readonly B[],
  fetch: (batch: B) => Promise<F>,
  write: (batch: B, fetched: F) => Promise<void>,
  unwritten: (fetched: F) => void = () => {},
): Promise<void> {
  const [first] = batches;
  let next: Promise<F> | null = first === undefined ? null : fetch(first);
  try {
    for (const [i, batch] of batches.entries()) {
      const fetched = await (next as Promise<F>);
      const following = batches[i + 1];
      next = following === undefined ? null : fetch(following);
      // A fetch that fails while this batch is written (a stop closes the source first) is seen when
      // awaited, or by `unwritten`'s handler below, never as an unhandled rejection meanwhile.
      next?.catch(() => {});
      await write(batch, fetched);
    }
  } finally {
    next?.then(unwritten, () => {});
  }
}
