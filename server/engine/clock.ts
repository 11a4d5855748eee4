/** The real clock: wall time, and a sleep that ends at once when the transfer is cancelled. */
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from './ports.ts';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};
