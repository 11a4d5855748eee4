/**
 * A background pass run every interval, never two at once; the timer never keeps the process alive.
 * The returned stop() waits for a pass under way to finish, for a clean shutdown.
 */
export function runPeriodically(intervalMs: number, pass: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
