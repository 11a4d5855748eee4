/**
 * The Node response under a request that @hono/node-server serves (its documented `c.env.outgoing`),
 * or undefined elsewhere (app.request in tests). Headers set on it are written with the route's own,
 * which win on a clash, without building a WHATWG Headers object per request.
 */
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Context } from 'hono';

export type NodeResponse = ServerResponse | Http2ServerResponse;

type NodeBindings = { outgoing?: NodeResponse };

export const nodeResponse = (c: Context): NodeResponse | undefined => (c.env as NodeBindings | undefined)?.outgoing;
