/**
 * One at a time: each call waits for the calls before it to settle, whatever their outcome. The
 * workers of a transfer change the destination's folder tree through one of these.
 */
export function serialized() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => {});
    return next;
  };
}
