/** Drives the identity routes like a browser: keeps the flow cookie, reads the form's state. */
import type { Db } from '../../../server/db/open.ts';
import { createIdentityRoutes, type IdentityRoutesDependencies } from '../../../server/identity/routes.ts';
import { createDevConsentProviders } from '../../../server/identity/dev-consent-provider.ts';
import { createDevIdentityProvider } from '../../../server/identity/dev-identity-provider.ts';
import { scenarioDirectory } from '../../../server/identity/scenarios.ts';
import { createTokenStore, type TokenStore } from '../../../server/identity/token-store.ts';
import { openTestDatabase } from '../../support/test-database.ts';
import { createUsedStatesStore } from '../../../server/db/used-states-store.ts';

export const SECRET = 'test-secret';

export type Harness = {
  app: ReturnType<typeof createIdentityRoutes>;
  tokens: TokenStore;
  db: Db;
  clock: { now: number };
  /** Closes and deletes the database. */
  close(): Promise<void>;
};

/** The identity routes over a fresh database of the run's dialect (test/support/test-database.ts). */
export async function harness(overrides: Partial<IdentityRoutesDependencies> = {}): Promise<Harness> {
  const { db, close } = await openTestDatabase();
  const clock = { now: 1_700_000_000_000 };
  const tokens = createTokenStore(db, { ttlMs: 60 * 60 * 1000, now: () => clock.now });
  const app = createIdentityRoutes({
    tokens,
    hashSecret: SECRET,
    usedStates: createUsedStatesStore(db),
    identityProvider: createDevIdentityProvider(scenarioDirectory),
    consentProviders: createDevConsentProviders(),
    now: () => clock.now,
    ...overrides,
  });
  return { app, tokens, db, clock, close };
}

export type Started = { response: Response; html: string; cookie: string; state: string };

/** GET a start URL: the page, the flow cookie (name=value) and the state hidden in the form. */
export async function start(h: Harness, url: string): Promise<Started> {
  const response = await h.app.request(url);
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { response, html, cookie, state };
}

/** POST a form to the return path, as the page's form does. */
export async function post(h: Harness, fields: Record<string, string | string[]>, cookie?: string): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (cookie) headers.Cookie = cookie;
  return h.app.request('/api/oauth/callback', { method: 'POST', body: body.toString(), headers });
}

/** The redirect target split into path and query. */
export function location(response: Response): { path: string; query: URLSearchParams } {
  const value = response.headers.get('location') ?? '';
  const url = new URL(value, 'http://portal.test');
  return { path: url.pathname, query: url.searchParams };
}
