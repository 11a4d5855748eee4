/**
 * The status answers of ended jobs, kept in memory. An ended job's statuses are final and its row is
 * never deleted, so the answer anyone but its owner gets is the same for ever, on every node: keeping
 * it is safe without any invalidation. The owner's answer carries a download grant issued at the time
 * of asking and is never kept. Bounded: past MAX_KEPT answers the oldest is forgotten (and read again
 * from the database when asked for).
 */
const MAX_KEPT = 10_000;

export function createEndedAnswers<Answer>(maxKept = MAX_KEPT) {
  const kept = new Map<string, { answer: Answer; json: string }>();
  return {
    get: (exportId: string): Answer | undefined => kept.get(exportId)?.answer,
    /** The kept answer as the JSON text the status call sends: written once, when it is kept. */
    json: (exportId: string): string | undefined => kept.get(exportId)?.json,
    set(exportId: string, answer: Answer): void {
      if (kept.has(exportId)) return;
      const oldest = kept.size >= maxKept ? kept.keys().next() : undefined;
      if (oldest && !oldest.done) kept.delete(oldest.value);
      kept.set(exportId, { answer, json: JSON.stringify(answer) });
    },
  };
}
