/**
 * freePort never hands out a port the kernel may give the next `listen(0)`: a server started between
 * choosing a port and listening on it (a stand-in, a mail server) cannot take it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const listenOn = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

it('gives ports outside the kernel’s range for port 0, each one free to listen on', async () => {
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) expect(port < (low ?? 0) || port > (high ?? 0), `port ${port}`).toBe(true);

  const chosen = ports[0] ?? 0;
  // What the kernel gives meanwhile is never the chosen port, which then opens.
  const others = await Promise.all(Array.from({ length: 20 }, () => listenOn(0)));
  expect(others.map((server) => (server.address() as AddressInfo).port)).not.toContain(chosen);
  const server = await listenOn(chosen);
  for (const open of [...others, server]) await new Promise((resolve) => open.close(resolve));
});
