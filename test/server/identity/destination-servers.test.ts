/**
 * The destinations as production configures them: GOOGLE_* and MICROSOFT_* pointing the service at
 * authorization servers of their own (local stand-ins for Google's and Microsoft's, configured
 * independently of the embedded development provider), with the production requests — Google's
 * access_type=offline and prompt, Microsoft's consumers tenant, offline_access and select_account —
 * and the tokens kept, refreshed and narrowed per use as the transfer engine will ask for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATION_SERVERS } from '../../../server/identity/oauth/destination-servers.ts';
import { freePort } from '../../support/free-port.ts';
import { standInEnv, startStandIn, type StandIn } from '../../support/standin-authorization-server.ts';
import { attachConsent, GMAIL_BOTH, OUTLOOK_BOTH, relative, spa, startIdentity, type IdentityHarness } from './helpers.ts';

const { google: GOOGLE, microsoft: MICROSOFT } = DESTINATION_SERVERS;

const HOUR = 60 * 60 * 1000;

let h: IdentityHarness;
let google: StandIn;
let microsoft: StandIn;

beforeAll(async () => {
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  google = await startStandIn('google', {
    redirectUri: `${portal}/api/oauth/callback/google`,
    scopes: [...GOOGLE.scopes.mail, ...GOOGLE.scopes.contacts],
  });
  microsoft = await startStandIn('microsoft', {
    redirectUri: `${portal}/api/oauth/callback/microsoft`,
    scopes: [...MICROSOFT.scopes.mail, ...MICROSOFT.scopes.contacts],
  });
  h = await startIdentity({
    port,
    env: {
      PUBLIC_URL: portal,
      ...standInEnv(google, microsoft),
    },
  });
});

afterAll(async () => {
  await h.close();
  await google.close();
  await microsoft.close();
});

describe('Gmail through the configured Google client', () => {
  it('asks for a refresh token as Google wants it, and keeps one token for both uses, refreshed when it runs out', async () => {
    google.answerNext({ email: 'Casey@Gmail.com' });
    const { path, query } = spa(await h.newBrowser().visit(`${h.base}${GMAIL_BOTH}`));
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe('casey@gmail.com');
    const asked = google.requests.at(-1)?.searchParams;
    expect(asked?.get('access_type')).toBe('offline');
    expect(asked?.get('prompt')).toBe('consent select_account');
    expect(asked?.get('scope')?.split(' ')).not.toContain('offline_access');
    expect(asked?.get('redirect_uri')).toBe(`${h.base}/api/oauth/callback/google`);

    const exportId = await attachConsent(h, query.get('token_id') ?? '');
    const first = await h.identity.grants.forExport(exportId, 'mail');
    expect(first).toMatchObject({ kind: 'access', email: 'casey@gmail.com' });
    expect(await h.identity.grants.forExport(exportId, 'contacts')).toEqual(first);
    h.clock.now += 2 * HOUR;
    const later = await h.identity.grants.forExport(exportId, 'mail');
    expect(later.kind === 'access' && first.kind === 'access' && later.accessToken !== first.accessToken).toBe(true);
  });

  it('contacts not granted → MISSING_SCOPE; a denial → EXTERNAL_OAUTH_ERROR; no token either way', async () => {
    const before = (await h.db.selectFrom('destination_grants').select('grant_key').execute()).length;
    google.answerNext({ email: 'casey@gmail.com', grant: GOOGLE.scopes.mail });
    expect(relative(await h.newBrowser().visit(`${h.base}${GMAIL_BOTH}`))).toBe('/oauth-callback?error=MISSING_SCOPE');
    google.answerNext({ email: 'casey@gmail.com', deny: true });
    expect(relative(await h.newBrowser().visit(`${h.base}${GMAIL_BOTH}`))).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    expect((await h.db.selectFrom('destination_grants').select('grant_key').execute()).length).toBe(before);
  });
});

describe('Outlook.com through the configured Microsoft client', () => {
  it('signs in on the consumers tenant with offline_access, and keeps a token per use, each for its own scopes', async () => {
    microsoft.answerNext({ email: 'casey@outlook.com' });
    const { path, query } = spa(await h.newBrowser().visit(`${h.base}${OUTLOOK_BOTH}`));
    expect(path).toBe('/oauth-callback');
    const asked = microsoft.requests.at(-1);
    expect(asked?.pathname).toBe('/consumers/v2.0/auth');
    expect(asked?.searchParams.get('prompt')).toBe('select_account');
    expect(asked?.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', ...MICROSOFT.scopes.mail, ...MICROSOFT.scopes.contacts]),
    );

    const exportId = await attachConsent(h, query.get('token_id') ?? '');
    h.clock.now += 2 * HOUR;
    const mail = await h.identity.grants.forExport(exportId, 'mail');
    const contacts = await h.identity.grants.forExport(exportId, 'contacts');
    expect(mail).toMatchObject({ kind: 'access', email: 'casey@outlook.com' });
    expect(contacts.kind === 'access' && mail.kind === 'access' && contacts.accessToken !== mail.accessToken).toBe(true);
  });
});

describe('the configured servers', () => {
  it('are where the browser is sent, not the development provider', async () => {
    for (const [start, standIn] of [
      [GMAIL_BOTH, google],
      [OUTLOOK_BOTH, microsoft],
    ] as const) {
      const response = await fetch(`${h.base}${start}`, { redirect: 'manual' });
      expect(response.headers.get('location')).toMatch(new RegExp(`^${standIn.issuer}/auth\\?`));
    }
  });
});
