import { afterEach, describe, expect, it } from 'vitest';
import { OAUTH_DESTINATIONS } from '../../../server/identity/destinations.ts';
import { harness, location, post, start, type Harness } from './helpers.ts';

const GMAIL_BOTH = '/api/oauth/?provider=gmail&scopes=emailmigration,contactsmigration&logout=true';

describe('development consent (GET /api/oauth/?provider=<destination>&scopes=…)', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('names the provider and lists the requested scopes as checked, labelled checkboxes', async () => {
    h = await harness();
    const { response, html } = await start(h, GMAIL_BOTH);
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Allow access to your Google account</h1>');
    expect(html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="emailmigration" checked> <span>Read, compose and send your email</span></label>',
    );
    expect(html).toContain(
      '<label class="scope"><input type="checkbox" name="scope" value="contactsmigration" checked> <span>See and edit your contacts</span></label>',
    );
    expect(html).toContain('<label for="address">Google account address</label>');
    expect(html).toContain('value="you@gmail.com"');
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(html).toMatch(/value="deny" class="secondary" formnovalidate>Deny<\/button>/);
    expect(html).not.toMatch(/<script|style="/);
  });

  it('lists only the scopes requested', async () => {
    h = await harness();
    const { html } = await start(h, '/api/oauth/?provider=outlook&scopes=emailmigration&logout=true');
    expect(html).toContain('Microsoft Outlook.com');
    expect(html).toContain('value="emailmigration"');
    expect(html).not.toContain('value="contactsmigration"');
  });

  it.each(Object.entries(OAUTH_DESTINATIONS))('offers a consent page for %s', async (provider, destination) => {
    h = await harness();
    const { response, html } = await start(h, `/api/oauth/?provider=${provider}&scopes=emailmigration&logout=true`);
    expect(response.status).toBe(200);
    expect(html).toContain(`<h1>Allow access to your ${destination.displayName} account</h1>`);
    expect(html).toContain(`value="${destination.exampleAddress}"`);
  });

  it('Allow with every scope → /oauth-callback with a destination token and the address', async () => {
    h = await harness();
    const { cookie, state } = await start(h, GMAIL_BOTH);
    const response = await post(
      h,
      { state, flow: 'consent', email: 'Me@Gmail.com', scope: ['emailmigration', 'contactsmigration'], decision: 'allow' },
      cookie,
    );
    const { path, query } = location(response);
    expect(path).toBe('/oauth-callback');
    expect(query.get('email')).toBe('me@gmail.com');
    expect(await h.tokens.verify(query.get('token_id') ?? '')).toEqual({ email: 'me@gmail.com', purpose: 'destination', provider: 'gmail' });
  });

  it('a scope left unchecked → /oauth-callback?error=MISSING_SCOPE and no token', async () => {
    h = await harness();
    const { cookie, state } = await start(h, GMAIL_BOTH);
    const response = await post(h, { state, flow: 'consent', email: 'you@gmail.com', scope: 'emailmigration', decision: 'allow' }, cookie);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=MISSING_SCOPE');
    expect(await h.db.selectFrom('identity_tokens').selectAll().execute()).toEqual([]);
  });

  it('a scope granted that was never requested does not stand in for a missing one', async () => {
    h = await harness();
    const { cookie, state } = await start(h, '/api/oauth/?provider=yahoo&scopes=contactsmigration&logout=true');
    const response = await post(h, { state, flow: 'consent', email: 'you@yahoo.com', scope: 'emailmigration', decision: 'allow' }, cookie);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=MISSING_SCOPE');
  });

  it('Deny → /oauth-callback?error=EXTERNAL_OAUTH_ERROR, even with the address emptied', async () => {
    h = await harness();
    const { cookie, state } = await start(h, GMAIL_BOTH);
    const response = await post(h, { state, flow: 'consent', email: '', decision: 'deny' }, cookie);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });

  it('an invalid address shows the page again with the error and the scopes as they were', async () => {
    h = await harness();
    const { cookie, state } = await start(h, GMAIL_BOTH);
    const response = await post(
      h,
      { state, flow: 'consent', email: '<b>bad</b>', scope: 'contactsmigration', decision: 'allow' },
      cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="&lt;b&gt;bad&lt;/b&gt;"');
    expect(html).not.toContain('<b>');
    expect(html).toContain('aria-describedby="address-error"');
    expect(html).toContain('value="emailmigration">');
    expect(html).toContain('value="contactsmigration" checked>');
  });

  it('a state mismatch goes back to /oauth-callback with EXTERNAL_OAUTH_ERROR', async () => {
    h = await harness();
    const { cookie } = await start(h, GMAIL_BOTH);
    const response = await post(
      h,
      { state: 'other', flow: 'consent', email: 'you@gmail.com', scope: ['emailmigration', 'contactsmigration'], decision: 'allow' },
      cookie,
    );
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });

  it.each([
    ['an unknown provider', '/api/oauth/?provider=hotmail&scopes=emailmigration&logout=true'],
    ['a password destination', '/api/oauth/?provider=other&scopes=emailmigration&logout=true'],
    ['the file export', '/api/oauth/?provider=file&scopes=emailmigration&logout=true'],
    ['no provider', '/api/oauth/?scopes=emailmigration'],
    ['a hostile provider', '/api/oauth/?provider=%3Cscript%3E&scopes=emailmigration'],
  ])('%s → /oauth-callback?error=PROVIDER_NOT_SUPPORTED', async (_, url) => {
    h = await harness();
    const response = await h.app.request(url);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=PROVIDER_NOT_SUPPORTED');
  });

  it.each([
    ['missing', '/api/oauth/?provider=gmail&logout=true'],
    ['empty', '/api/oauth/?provider=gmail&scopes=&logout=true'],
    ['unknown', '/api/oauth/?provider=gmail&scopes=emailmigration,calendar&logout=true'],
  ])('%s scopes → /oauth-callback?error=EXTERNAL_OAUTH_ERROR', async (_, url) => {
    h = await harness();
    const response = await h.app.request(url);
    expect(response.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
  });
});
