/**
 * The Node objects under a request that @hono/node-server serves (its documented `c.env.incoming`
 * and `c.env.outgoing`), absent elsewhere (app.request in tests). Headers set on the response are
 * written with the route's own, which win on a clash, without building a WHATWG Headers object per request.
 */
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Context } from 'hono';

export type NodeResponse = ServerResponse | Http2ServerResponse;

type NodeBindings = { outgoing?: NodeResponse };

export const nodeResponse = (c: Context): NodeResponse | undefined => (c.env as NodeBindings | undefined)?.outgoing;

type NodeRequestBindings = { incoming?: { headers: Record<string, string | string[] | undefined> } };

/**
 * A request header as Node parsed it (`c.env.incoming`), or through Hono elsewhere. Hono's
 * `c.req.header()` builds a WHATWG Headers object of every header on first use, which cost the
 * landing page a fifth of its answer (docs/performance.md). `name` is lower case, as Node keeps them.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as NodeRequestBindings | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(name === 'cookie' ? '; ' : ', ') : value;
}
