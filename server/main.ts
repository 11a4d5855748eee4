import { serve } from '@hono/node-server';
import path from 'node:path';
import { createApp } from './app.ts';

const port = Number(process.env.PORT ?? 8080);
const app = createApp({ distDir: path.resolve(process.env.DIST_DIR ?? 'dist') });
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`export portal listening on http://localhost:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
