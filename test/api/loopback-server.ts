/**
 * A real HTTP server on 127.0.0.1 for the client tests: it records every request (method, path,
 * query, headers, body) and answers with whatever the test programmed for that method and path.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
};

export type Reply = {
  status?: number;
  /** A string is sent as is (for malformed bodies); anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
};

export type LoopbackServer = {
  url: string;
  requests: RecordedRequest[];
  reply: (method: string, path: string, reply: Reply) => void;
  /** The last request received, failing loudly when there was none. */
  lastRequest: () => RecordedRequest;
  close: () => Promise<void>;
};

export async function startLoopbackServer(): Promise<LoopbackServer> {
  const replies = new Map<string, Reply>();
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies.get(`${method} ${url.pathname}`) ?? { status: 404, body: { error: 'NOT_FOUND' } };
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (method, path, reply) => replies.set(`${method.toUpperCase()} ${path}`, reply),
    lastRequest: () => {
      const last = requests.at(-1);
      if (!last) throw new Error('the server received no request');
      return last;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A loopback URL on which nothing listens: a port just released by a server we closed. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
