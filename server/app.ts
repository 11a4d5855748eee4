import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type AppDependencies = {
  /** Folder holding the built SPA (vite build output). */
  distDir: string;
};

/** Builds the export service. Tests call it with their own dependencies and a random port. */
export function createApp(dependencies: AppDependencies): Hono {
  const app = new Hono();
  const indexHtml = () => readFileSync(path.join(dependencies.distDir, 'index.html'), 'utf8');

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), dependencies.distDir) || '.' }));
  // History fallback: every wizard route is rendered by the SPA.
  app.get('*', (c) => c.html(indexHtml()));
  return app;
}
