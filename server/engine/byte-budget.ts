/**
 * How many bytes of messages one run holds at once, across its parallel folders: a batch is fetched
 * only once its bytes fit, and gives them back when it has been written. Requests are served in order,
 * so a large one is not overtaken for ever; one larger than the whole budget waits until nothing else
 * is held and then goes alone. This is what keeps a run's memory bounded whatever the messages' sizes.
 */
export type ByteBudget = {
  /** Resolves with the release once `bytes` fit; rejects if `signal` aborts first. */
  acquire(bytes: number, signal: AbortSignal): Promise<() => void>;
};

export function createByteBudget(limit: number): ByteBudget {
  let used = 0;
  const waiting: { bytes: number; grant: () => void }[] = [];

  const serve = () => {
    for (let head = waiting[0]; head && (used === 0 || used + head.bytes <= limit); head = waiting[0]) {
      waiting.shift();
      used += head.bytes;
      head.grant();
    }
  };

  return {
    acquire(bytes, signal) {
      return new Promise((resolve, reject) => {
        signal.throwIfAborted();
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          used -= bytes;
          serve();
        };
        const entry = {
          bytes,
          grant: () => {
            signal.removeEventListener('abort', onAbort);
            resolve(release);
          },
        };
        const onAbort = () => {
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          serve();
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.push(entry);
        serve();
      });
    },
  };
}
