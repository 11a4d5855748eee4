/**
 * The status answers of ended jobs, kept in memory. An ended job's statuses are final, so the answer
 * anyone but its owner gets is the same on every node until the job is deleted: keeping it is safe
 * without any invalidation. What changes is that a file is ready, and that the purge deletes the job
 * after its history period: an answer is kept until the first of those (`until`), then read again.
 * The owner's answer carries a download grant issued at the time of asking and is never kept.
 * Bounded: past MAX_KEPT answers the oldest is forgotten (and read again from the database when
 * asked for).
 */
const MAX_KEPT = 10_000;

export function createEndedAnswers<Answer>(now: () => number, maxKept = MAX_KEPT) {
  const kept = new Map<string, { answer: Answer; json: string; until: number }>();
  const live = (exportId: string) => {
    const entry = kept.get(exportId);
    if (!entry || entry.until > now()) return entry;
    kept.delete(exportId);
    return undefined;
  };
  return {
    get: (exportId: string): Answer | undefined => live(exportId)?.answer,
    /** The kept answer as the JSON text the status call sends: written once, when it is kept. */
    json: (exportId: string): string | undefined => live(exportId)?.json,
    /** Keeps `answer` until the moment `until` (for ever by default); the first answer kept stays. */
    set(exportId: string, answer: Answer, until = Infinity): void {
      if (live(exportId)) return;
      const oldest = kept.size >= maxKept ? kept.keys().next() : undefined;
      if (oldest && !oldest.done) kept.delete(oldest.value);
      kept.set(exportId, { answer, json: JSON.stringify(answer), until });
    },
  };
}
