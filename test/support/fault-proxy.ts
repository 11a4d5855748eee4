/**
 * A TCP proxy on loopback in front of a real server, for faults a healthy server never shows: it can
 * cut every connection after it has carried a number of bytes (a server or network dropping the
 * session mid-command), or hold every chunk for a while (a slow, far-away server, so a transfer lasts
 * long enough to be watched). TLS passes through untouched, so the client still verifies the real server.
 */
import net from 'node:net';

export type FaultProxy = {
  port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Sockets still open, on either side: 0 once the client and the server have both let go. */
  readonly open: number;
  /** From now on, cut each new connection after it has carried this many bytes (null: never). */
  cutAfter(bytes: number | null): void;
  /** From now on, hold each chunk this long before passing it on, in order (0: at once). */
  delay(ms: number): void;
  /** Drops every open connection now. */
  dropAll(): void;
  stop(): Promise<void>;
};

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let budget: number | null = null;
  let delayMs = 0;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections++;
    const limit = budget;
    let carried = 0;
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    const relay = (from: net.Socket, to: net.Socket) => {
      // Delayed chunks wait their turn, so a delay keeps their order (a delay is set before connecting).
      let queue = Promise.resolve();
      from.on('data', (chunk: Buffer) => {
        carried += chunk.length;
        if (limit !== null && carried > limit) {
          client.destroy();
          upstream.destroy();
          return;
        }
        const wait = delayMs;
        if (wait === 0) {
          to.write(chunk);
          return;
        }
        const pass = () => {
          to.write(chunk);
        };
        queue = queue.then(() => new Promise<void>((resolve) => setTimeout(() => resolve(pass()), wait)));
      });
    };
    relay(client, upstream);
    relay(upstream, client);
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    get connections() {
      return connections;
    },
    get open() {
      return sockets.size;
    },
    cutAfter(bytes) {
      budget = bytes;
    },
    delay(ms) {
      delayMs = ms;
    },
    dropAll() {
      for (const s of sockets) s.destroy();
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
