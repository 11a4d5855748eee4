/**
 * A TCP proxy on loopback that adds latency and nothing else: every chunk read from one side is written
 * to the other `oneWayMs` after it arrived (chunk i leaves at arrival_i + oneWayMs), in order, and the
 * chunks behind it are not held up by its timer — so a round trip costs 2 × oneWayMs more, but the
 * throughput stays what the loopback carries. An end of stream is delayed like the data before it.
 * Never early; Node's timers count whole milliseconds, so a chunk is held 25–26 ms on an idle machine,
 * longer when the machine is loaded (`held()` says how long).
 * TLS passes through untouched, so the client still verifies the real server.
 *
 * Not test/support/fault-proxy.ts's `delay()`: that one chains each chunk's timer behind the previous
 * chunk's, so every chunk waits for all the ones before it and throughput collapses to one chunk per
 * delay (which is what its users want: a transfer slow enough to watch).
 *
 * Back-pressure is the receiver's: when the side written to does not take more, the side read from is
 * paused until it drains. The proxy's own queue is not bounded (no TCP window is modelled), so this is
 * a long fat pipe, not a slow one.
 */
import net from 'node:net';

export type LatencyProxy = {
  port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** How long the chunks passed on so far were held, in ms: median, 99th percentile, largest (the timers' lateness on a loaded machine). */
  held(): { chunks: number; p50: number; p99: number; max: number };
  stop(): Promise<void>;
};

type Pending = { due: number; chunk: Buffer | null };

/** Relays `from` into `to`, each chunk (and the end: chunk null) `oneWayMs` after it arrived; `held` gets how long each chunk was held. */
function relay(from: net.Socket, to: net.Socket, oneWayMs: number, held: (ms: number) => void): void {
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let waitingForDrain = false;

  const flush = () => {
    timer = null;
    // Never early: a timer that fired a fraction of a millisecond before the head was due is set again.
    const now = performance.now();
    for (let next = queue[0]; next !== undefined && next.due <= now; next = queue[0]) {
      queue.shift();
      held(performance.now() - next.due + oneWayMs);
      if (next.chunk === null) {
        to.end();
      } else if (!to.write(next.chunk) && !waitingForDrain) {
        waitingForDrain = true;
        from.pause();
        to.once('drain', () => {
          waitingForDrain = false;
          from.resume();
        });
      }
    }
    schedule();
  };
  const schedule = () => {
    const next = queue[0];
    if (timer !== null || next === undefined) return;
    timer = setTimeout(flush, Math.max(0, Math.ceil(next.due - performance.now())));
  };

  from.on('data', (chunk: Buffer) => {
    queue.push({ due: performance.now() + oneWayMs, chunk });
    schedule();
  });
  from.on('end', () => {
    queue.push({ due: performance.now() + oneWayMs, chunk: null });
    schedule();
  });
  from.on('close', () => {
    if (timer !== null) clearTimeout(timer);
  });
}

/** A proxy on 127.0.0.1 in front of 127.0.0.1:`targetPort`, `oneWayMs` each way. */
export async function startLatencyProxy(targetPort: number, oneWayMs: number): Promise<LatencyProxy> {
  let connections = 0;
  const holds: number[] = [];
  const record = (ms: number) => holds.push(ms);
  const sockets = new Set<net.Socket>();
  // allowHalfOpen: an end is passed on (after its delay) rather than closing both ways at once.
  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    connections++;
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true, noDelay: true });
    let closed = 0;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        // When both directions have ended, each socket closes by itself; a reset closes the other one.
        if (++closed === 1) setTimeout(() => (s === client ? upstream : client).destroy(), oneWayMs + 1000).unref();
      });
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream, oneWayMs, record);
    relay(upstream, client, oneWayMs, record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    get connections() {
      return connections;
    },
    held() {
      const sorted = [...holds].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { chunks: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
