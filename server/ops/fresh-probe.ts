/**
 * A liveness probe's database check, shared: a success is reused for `freshMs`, and at most one check
 * runs at a time, so a load balancer's probes, or a flood of them, cost the database at most one query
 * per `freshMs`. A failure is never reused: the next probe checks again. While a success is fresh the
 * probe returns undefined rather than a resolved promise, so the caller can answer without waiting.
 */
export function freshProbe(check: () => Promise<unknown>, freshMs: number, now: () => number): () => Promise<void> | undefined {
  let passedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return () => {
    if (now() - passedAt < freshMs) return undefined;
    // An async function, so that a check that throws rather than rejects still fails the probe.
    const checkOnce = async () => {
      await check();
      passedAt = now();
    };
    running ??= checkOnce().finally(() => {
      running = null;
    });
    return running;
  };
}
