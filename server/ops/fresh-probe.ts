/**
 * A liveness probe's database check, shared: a success is reused for `freshMs`, and at most one check
 * runs at a time, so a load balancer's probes, or a flood of them, cost the database at most one query
 * per `freshMs`. A failure is never reused: the next probe checks again.
 */
export function freshProbe(check: () => Promise<unknown>, freshMs: number, now: () => number): () => Promise<void> {
  let passedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return async () => {
    if (now() - passedAt < freshMs) return;
    running ??= check()
      .then(() => {
        passedAt = now();
      })
      .finally(() => {
        running = null;
      });
    await running;
  };
}
