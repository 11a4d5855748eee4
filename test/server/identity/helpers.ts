/**
 * The sign-in and consent round trips as a browser makes them, over real HTTP: the service (the
 * harness, with the embedded development provider unless `env` names real issuers) and the
 * authorization server's pages, cookies kept per host.
 */
import { expect } from 'vitest';
import { createJobsStore } from '../../../server/db/jobs-store.ts';
import { newJob } from '../db/new-job.ts';
import { startHarness, type Harness, type HarnessOptions } from '../helpers/harness.ts';
import { createOAuthBrowser, type Landing, type OAuthBrowser } from '../../support/oauth-browser.ts';

export type IdentityHarness = Harness & { browser: OAuthBrowser; newBrowser(): OAuthBrowser; close(): Promise<void> };

export async function startIdentity(options: HarnessOptions = {}): Promise<IdentityHarness> {
  const harness = await startHarness(options);
  return {
    ...harness,
    browser: createOAuthBrowser(harness.base),
    newBrowser: () => createOAuthBrowser(harness.base),
    async close() {
      await harness.stop();
      await harness.remove();
    },
  };
}

export const SIGN_IN = '/api/oauth/?provider=northwave&logout=true';
export const STATUS_SIGN_IN = '/api/oauth-for-status/?provider=northwave&logout=true';
export const GMAIL_BOTH = '/api/oauth/?provider=gmail&scopes=emailmigration,contactsmigration&logout=true';
export const OUTLOOK_BOTH = '/api/oauth/?provider=outlook&scopes=emailmigration,contactsmigration&logout=true';

/** The SPA page a round trip ended on: its path and query. */
export function spa(landing: Landing): { path: string; query: URLSearchParams } {
  expect(landing.stopped, `stopped before ${landing.url.href}`).toBe(false);
  expect(landing.status, `ended on a page of ${landing.url.href}: ${landing.html.slice(0, 400)}`).toBe(0);
  return { path: landing.url.pathname, query: landing.url.searchParams };
}

/** Where the SPA was sent, as a relative address (path, query, hash). */
export const relative = (landing: Landing) => `${landing.url.pathname}${landing.url.search}${landing.url.hash}`;

/** From the portal's sign-in redirect to the SSO's page, then a scenario account's button. */
export async function signIn(h: IdentityHarness, email: string, start = SIGN_IN, browser = h.browser): Promise<Landing> {
  const page = await browser.visit(`${h.base}${start}`);
  expect(page.html, page.url.href).toContain('Northwave sign-in (development)');
  return browser.submit(page, { email });
}

/** From the portal's consent redirect to the destination's page, then Allow with these scopes ticked (all by default). */
export async function consent(
  h: IdentityHarness,
  start: string,
  choice: { email?: string; untick?: string[]; decision?: 'allow' | 'deny' } = {},
  browser = h.browser,
): Promise<Landing> {
  const page = await browser.visit(`${h.base}${start}`);
  expect(page.html, page.url.href).toContain('Allow access to your');
  const offered = [...page.html.matchAll(/name="scope" value="([^"]+)"/g)].map((match) => match[1] ?? '');
  const scope = offered.filter((one) => !(choice.untick ?? []).includes(one));
  return browser.submit(page, { email: choice.email ?? 'casey@gmail.com', scope, decision: choice.decision ?? 'allow' });
}

/** The page, a step before the portal's callback is requested: that callback's URL (code, state, iss) left for the test to present. */
export async function callbackOf(
  h: IdentityHarness,
  start: string,
  fill: Record<string, string | string[]>,
  browser = h.browser,
): Promise<URL> {
  const page = await browser.visit(`${h.base}${start}`);
  const stop = (url: URL) => url.origin === h.base && url.pathname.startsWith('/api/oauth/callback');
  const landing = await browser.submit(page, fill, { stopBefore: stop });
  expect(landing.stopped, `expected to stop at the portal's callback, ended at ${landing.url.href}`).toBe(true);
  return landing.url;
}

const HOUR = 60 * 60 * 1000;

/** A load's part in a consent: its tokens attached to an export of their own; that export's ID. */
export async function attachConsent(h: IdentityHarness, tokenId: string): Promise<string> {
  const exportId = `X${tokenId.replace(/[^A-Za-z0-9]/g, '').slice(0, 31)}`.padEnd(32, 'x');
  await createJobsStore(h.db).insertUnlessDuplicate(newJob(exportId, exportId, h.clock.now), h.clock.now - HOUR);
  expect(await h.identity.grants.attach(tokenId, exportId)).toBe(true);
  return exportId;
}
