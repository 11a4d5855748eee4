/**
 * Vitest global setup of the e2e run: one SPA build and one export service for every journey
 * (journeys use their own accounts, so they do not step on each other), stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { ensureSpaBuild } from './build-spa.ts';
import { e2eDistDir } from './paths.ts';
import { startPortalServer } from './portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    identityUrl: string;
    portalDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = ensureSpaBuild(e2eDistDir);
  // Long enough that a journey sees 'In progress' after the screen checks of /complete (axe and
  // screenshots at two widths take a few seconds on two cores), short enough to wait for 'Completed':
  // the simulated vendor's timeline (the failing account), and the development store's pace (about
  // 12 s for a sample mailbox and address book).
  const server = await startPortalServer({ distDir, jobDurationMs: 10_000, env: { DEV_MAIL_DELIVERY_MS: '80' } });
  project.provide('portalUrl', server.url);
  project.provide('identityUrl', server.identityUrl);
  project.provide('portalDataDir', server.dataDir);
  return async () => {
    await server.stop();
  };
}
