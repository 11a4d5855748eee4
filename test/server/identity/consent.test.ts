/**
 * A destination's consent over real HTTP against the embedded development "Google" and "Microsoft":
 * the scopes by operation, the granted scopes deciding MISSING_SCOPE, Deny deciding
 * EXTERNAL_OAUTH_ERROR, and the tokens kept for the transfer engine (DestinationGrants), refreshed
 * at the authorization server when they run out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as sessionOf } from '../helpers/harness.ts';
import { attachConsent, consent, GMAIL_BOTH, OUTLOOK_BOTH, relative, spa, startIdentity, type IdentityHarness } from './helpers.ts';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const HOUR = 60 * 60 * 1000;

const attachedTo = (tokenId: string) => attachConsent(h, tokenId);

describe('the redirect to a destination', () => {
  it('asks Google for the mail and contacts scopes with a refresh token, at Google’s own redirect URI', async () => {
    const response = await fetch(`${h.base}${GMAIL_BOTH}`, { redirect: 'manual' });
    const authorize = new URL(response.headers.get('location') ?? '');
    expect(authorize.pathname).toBe('/google/auth');
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual([
      'openid',
      'email',
      'offline_access',
      'https://mail.google.com/',
      'https://www.googleapis.com/auth/contacts',
    ]);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${h.base}/api/oauth/callback/google`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('asks Microsoft for IMAP, contacts and offline access at its own redirect URI, only the scopes of the operations chosen', async () => {
    const both = new URL((await fetch(`${h.base}${OUTLOOK_BOTH}`, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(both.pathname).toBe('/microsoft/auth');
    expect(both.searchParams.get('scope')).toBe(
      'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://graph.microsoft.com/Contacts.ReadWrite',
    );
    expect(both.searchParams.get('redirect_uri')).toBe(`${h.base}/api/oauth/callback/microsoft`);
    const mailOnly = new URL(
      (await fetch(`${h.base}/api/oauth/?provider=outlook&scopes=emailmigration`, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    expect(mailOnly.searchParams.get('scope')).not.toContain('Contacts');
  });

  it.each([
    ['the successor product the provider reaches itself', '/api/oauth/?provider=successor_next&scopes=emailmigration&logout=true'],
    ['an unknown provider', '/api/oauth/?provider=hotmail&scopes=emailmigration&logout=true'],
    ['the file export', '/api/oauth/?provider=file&scopes=emailmigration&logout=true'],
    ['no provider', '/api/oauth/?scopes=emailmigration'],
  ])('%s → /oauth-callback?error=PROVIDER_NOT_SUPPORTED', async (_, url) => {
    const response = await fetch(`${h.base}${url}`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe('/oauth-callback?error=PROVIDER_NOT_SUPPORTED');
  });

  it.each([
    ['missing', '/api/oauth/?provider=gmail&logout=true'],
    ['unknown', '/api/oauth/?provider=gmail&scopes=emailmigration,calendar&logout=true'],
    ['forwarding (no OAuth scope until that feature exists)', '/api/oauth/?provider=gmail&scopes=emailforwarding&logout=true'],
  ])('%s scopes → /oauth-callback?error=EXTERNAL_OAUTH_ERROR', async (_, url) => {
    const response = await fetch(`${h.base}${url}`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });
});

describe('the development consent page', () => {
  it('names the provider, lists the requested scopes as ticked checkboxes with Allow and Deny, and says it is the development sign-in', async () => {
    const page = await h.browser.visit(`${h.base}${GMAIL_BOTH}`);
    expect(page.url.origin).toBe(h.identity.developmentProvider);
    expect(page.html).toContain('<p class="badge">Development sign-in</p>');
    expect(page.html).toContain('<h1>Allow access to your Google account</h1>');
    expect(page.html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="https://mail.google.com/" checked> <span>Read, compose and send your email</span></label>',
    );
    expect(page.html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="https://www.googleapis.com/auth/contacts" checked> <span>See and edit your contacts</span></label>',
    );
    expect(page.html).toContain('<label for="address">Google account address</label>');
    expect(page.html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(page.html).toMatch(/value="deny" class="secondary" formnovalidate>Deny<\/button>/);
  });

  it("is in the visit's language: Spanish when the portal asks for it (ui_locales)", async () => {
    const page = await h.browser.visit(`${h.base}${GMAIL_BOTH}&ui_locales=es`);
    expect(page.html).toContain('<html lang="es">');
    expect(page.html).toContain('<h1>Permita el acceso a su cuenta de Google</h1>');
    expect(page.html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="https://mail.google.com/" checked> <span>Leer, escribir y enviar su correo</span></label>',
    );
    expect(page.html).toContain('<label for="address">Dirección de su cuenta de Google</label>');
    expect(page.html).toMatch(/value="allow">Permitir<\/button>/);
    expect(page.html).toMatch(/formnovalidate>Denegar<\/button>/);
  });

  it('an invalid address shows the page again with the reason and the scopes as they were', async () => {
    const page = await h.browser.visit(`${h.base}${GMAIL_BOTH}`);
    const again = await h.browser.submit(page, {
      email: '<b>bad</b>',
      scope: 'https://www.googleapis.com/auth/contacts',
      decision: 'allow',
    });
    expect(again.status).toBe(400);
    expect(again.html).toContain('value="&lt;b&gt;bad&lt;/b&gt;"');
    expect(again.html).toContain('aria-describedby="address-error"');
    expect(again.html).toContain('value="https://mail.google.com/">');
    expect(again.html).toContain('value="https://www.googleapis.com/auth/contacts" checked>');
  });
});

describe('Gmail', () => {
  it('Allow with every scope → a destination token and the address; the tokens kept, sealed, for the export', async () => {
    const { path, query } = spa(await consent(h, GMAIL_BOTH, { email: 'Casey@Gmail.com' }));
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe('casey@gmail.com');
    const tokenId = query.get('token_id') ?? '';
    expect(await h.tokens.verify(tokenId)).toEqual({ email: 'casey@gmail.com', purpose: 'destination', provider: 'gmail' });
    const exportId = await attachedTo(tokenId);
    const mail = await h.identity.grants.forExport(exportId, 'mail');
    expect(mail).toMatchObject({ kind: 'access', email: 'casey@gmail.com' });
    const contacts = await h.identity.grants.forExport(exportId, 'contacts');
    // One Google token covers both uses.
    expect(contacts).toEqual(mail);
    const rows = JSON.stringify(await h.db.selectFrom('destination_grants').selectAll().execute());
    if (mail.kind === 'access') expect(rows).not.toContain(mail.accessToken);
  });

  it('a scope left unticked → MISSING_SCOPE, and nothing kept', async () => {
    const before = await h.db.selectFrom('destination_grants').select('grant_key').execute();
    const done = await consent(h, GMAIL_BOTH, { untick: ['https://www.googleapis.com/auth/contacts'] });
    expect(relative(done)).toBe('/oauth-callback?error=MISSING_SCOPE');
    expect(await h.db.selectFrom('destination_grants').select('grant_key').execute()).toEqual(before);
  });

  it('Deny → the provider’s access_denied → EXTERNAL_OAUTH_ERROR', async () => {
    const done = await consent(h, GMAIL_BOTH, { decision: 'deny' });
    expect(relative(done)).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });

  it('an access token that runs out during the transfer is refreshed at the authorization server', async () => {
    const tokenId = spa(await consent(h, '/api/oauth/?provider=gmail&scopes=emailmigration')).query.get('token_id') ?? '';
    const exportId = await attachedTo(tokenId);
    const first = await h.identity.grants.forExport(exportId, 'mail');
    h.clock.now += 2 * HOUR;
    const second = await h.identity.grants.forExport(exportId, 'mail');
    expect(second.kind).toBe('access');
    if (first.kind === 'access' && second.kind === 'access') {
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(second.expiresAt).toBeGreaterThan(h.clock.now);
    }
    // The consent never covered contacts: no token for them.
    expect(await h.identity.grants.forExport(exportId, 'contacts')).toEqual({ kind: 'revoked' });
  });
});

describe('Outlook.com', () => {
  it('keeps one access token per use (one resource per token at Microsoft), each refreshed for its own scopes', async () => {
    const tokenId = spa(await consent(h, OUTLOOK_BOTH, { email: 'casey@outlook.com' })).query.get('token_id') ?? '';
    const exportId = await attachedTo(tokenId);
    expect(await h.identity.grants.forExport(exportId, 'mail')).toMatchObject({ kind: 'access', email: 'casey@outlook.com' });
    h.clock.now += 2 * HOUR;
    const mail = await h.identity.grants.forExport(exportId, 'mail');
    const contacts = await h.identity.grants.forExport(exportId, 'contacts');
    expect(mail.kind === 'access' && contacts.kind === 'access' && mail.accessToken !== contacts.accessToken).toBe(true);
  });

  it('contacts unticked → MISSING_SCOPE', async () => {
    const done = await consent(h, OUTLOOK_BOTH, { untick: ['https://graph.microsoft.com/Contacts.ReadWrite'] });
    expect(relative(done)).toBe('/oauth-callback?error=MISSING_SCOPE');
  });
});

describe('the load that uses a consent', () => {
  it('attaches its tokens to the export it starts; the same consent starts no second export', async () => {
    const tokenId =
      spa(await consent(h, '/api/oauth/?provider=gmail&scopes=emailmigration', { email: 'second@gmail.com' })).query.get('token_id') ?? '';
    const session = await sessionOf(h, 'active@example.com');
    const load = (notify: string, operations: string[]) =>
      session.post('/api/load/', {
        source_account: { email: session.email, tokenId: session.token, provider: 'northwave' },
        destination_account: { provider: 'gmail', email: 'second@gmail.com', tokenId },
        operations,
        parameters: { notificationEmail: notify },
      });
    const started = await load('notify@example.com', ['emailmigration']);
    expect(started.status).toBe(200);
    const { jobid } = (await started.json()) as { jobid: string };
    expect(await h.identity.grants.forExport(jobid, 'mail')).toMatchObject({ kind: 'access', email: 'second@gmail.com' });
    // The same load again is the same export; another export with the same consent is refused.
    expect(await (await load('other@example.com', ['emailmigration'])).json()).toEqual({ jobid });
    const another = await load('notify@example.com', ['emailmigration', 'contactsmigration']);
    expect(another.status).toBe(401);
    await h.identity.grants.delete(jobid);
    expect(await h.identity.grants.forExport(jobid, 'mail')).toEqual({ kind: 'none' });
  });
});
