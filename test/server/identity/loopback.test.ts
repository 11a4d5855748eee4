/**
 * The sign-in and consent round trips over real HTTP on loopback, as a browser makes them:
 * redirects not followed, the flow cookie carried by hand between requests.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './helpers.ts';

let h: Harness;
let server: ServerType;
let base: string;

beforeAll(async () => {
  h = await harness();
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

async function begin(path: string) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  const html = await response.text();
  return {
    response,
    state: /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '',
    action: /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '',
    cookie: (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '',
  };
}

function submit(action: string, cookie: string, fields: [string, string][]) {
  return fetch(`${base}${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('identity routes on loopback', () => {
  it('signs in as a scenario account and hands back a working source token', async () => {
    const { response, state, action, cookie } = await begin('/api/oauth/?provider=northwave&logout=true');
    expect(response.status).toBe(200);
    expect(action).toBe('/api/oauth/callback');
    const answer = await submit(action, cookie, [
      ['state', state],
      ['flow', 'sign-in'],
      ['email', 'login-inactive@example.com'],
    ]);
    expect(answer.status).toBe(302);
    const target = new URL(answer.headers.get('location') ?? '', base);
    expect(target.pathname).toBe('/oauth-callback');
    expect((await h.tokens.verify(target.searchParams.get('token_id') ?? ''))?.email).toBe('login-inactive@example.com');
  });

  it('grants a destination through the consent page, and refuses the same form from a browser without the cookie', async () => {
    const { state, action, cookie } = await begin('/api/oauth/?provider=aol&scopes=emailmigration&logout=true');
    const fields: [string, string][] = [
      ['state', state],
      ['flow', 'consent'],
      ['email', 'you@aol.com'],
      ['scope', 'emailmigration'],
      ['decision', 'allow'],
    ];
    const stranger = await submit(action, '', fields);
    expect(stranger.headers.get('location')).toBe('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    const owner = await submit(action, cookie, fields);
    const target = new URL(owner.headers.get('location') ?? '', base);
    expect(target.searchParams.get('email')).toBe('you@aol.com');
    expect(await h.tokens.verify(target.searchParams.get('token_id') ?? '')).toMatchObject({ purpose: 'destination', provider: 'aol' });
  });
});
