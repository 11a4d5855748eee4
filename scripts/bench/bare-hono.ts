/**
 * The bench's baseline: a bare Hono app with one JSON route on @hono/node-server, nothing else. Run as
 * a child process of scripts/bench.ts, on the port in BENCH_PORT, so it is started and loaded exactly
 * as the service is: the ratio the bench prints is the service's own cost over the framework's.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.BENCH_PORT), hostname: '127.0.0.1' });
