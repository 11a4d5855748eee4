import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The ports the kernel hands out for `listen(0)` and outgoing connections (Linux; the usual range
 * elsewhere). A port taken from this range and let go can be handed straight back to the next
 * server that listens on port 0: a stand-in started between choosing the portal's port and the
 * portal's listen once took it (EADDRINUSE).
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux
  }
  return [32768, 60999];
}

const FIRST = 20_000;
const [EPHEMERAL_LOW] = ephemeralRange();
// Below the ephemeral range (and above the ports services usually claim): only other freePort calls
// can pick the same one, at random among some twelve thousand, and a port found taken is skipped.
const LAST = EPHEMERAL_LOW > FIRST + 1000 ? EPHEMERAL_LOW - 1 : 29_999;

const tryListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port that was free on 127.0.0.1 a moment ago, outside the range the kernel gives to port 0. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port found between ${FIRST} and ${LAST}`);
}
