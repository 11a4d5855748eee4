import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HASHES_FILE, type PageHashes } from '../../contract/index.ts';
import { EMPTY_STYLE_HASH } from '../../server/http/security-headers.ts';
import { startHarness, type Harness } from './helpers/harness.ts';

let harness: Harness;
const script = 'console.log("portal");'.repeat(20);

beforeAll(async () => {
  harness = await startHarness();
  const distDir = harness.config.distDir;
  mkdirSync(path.join(distDir, 'images'), { recursive: true });
  writeFileSync(path.join(distDir, 'images', 'logo.png'), 'png-bytes');
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
});

describe('serving the portal', () => {
  it('serves index.html at / without caching, with the XSRF cookie', async () => {
    const response = await fetch(`${harness.base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('portal index');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
  });

  it.each(['/destination-account?x=1', '/status?migration_id=abc', '/oauth-callback?token_id=t&email=e', '/support-form'])(
    'falls back to index.html for the wizard route %s',
    async (route) => {
      const response = await fetch(`${harness.base}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('portal index');
    },
  );

  it('serves static files from the build', async () => {
    const response = await fetch(`${harness.base}/images/logo.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('png-bytes');
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await fetch(`${harness.base}/assets/missing-123.js`);
    expect(response.status).toBe(404);
  });

  it('serves the brotli twin of a hashed asset with an immutable cache header', async () => {
    const response = await fetch(`${harness.base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(script); // fetch decodes it: the twin holds the same script
  });

  it('serves gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await fetch(`${harness.base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(script);
    const plain = await fetch(`${harness.base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('never serves a file outside dist', async () => {
    const response = await fetch(`${harness.base}/..%2f..%2fportal.sqlite`);
    expect(await response.text()).not.toContain('SQLite');
  });
});

describe('the prerendered pages', () => {
  let pages: Harness;
  const page = (name: string) =>
    `<!doctype html><title>${name}</title><style data-emotion="css">h1{}</style><div id="root"><h1>${name}</h1></div>`;
  const writePage = (file: string, name: string) => writeFileSync(path.join(pages.config.distDir, 'pages', file), page(name));
  const writeHashes = (hashes: PageHashes) =>
    writeFileSync(path.join(pages.config.distDir, 'pages', PAGE_HASHES_FILE), JSON.stringify(hashes));

  beforeAll(async () => {
    pages = await startHarness();
    mkdirSync(path.join(pages.config.distDir, 'pages'));
    writePage('index.html', 'sign-in page');
    writePage('destination-account.html', 'destination page');
    writePage('privacy-policy.html', 'policy page');
    // Spanish: its pages in their folder (decision 0033); a route it lacks falls back to English.
    mkdirSync(path.join(pages.config.distDir, 'pages', 'es'));
    writePage('es/index.html', 'página de inicio');
    writePage('es/destination-account.html', 'página de destino');
    writeHashes({
      'privacy-policy.html': { script: ['sha256-AAAA'], style: ['sha256-PPPP'] },
      'destination-account.html': { script: [], style: ['sha256-DDDD'] },
      'es/destination-account.html': { script: [], style: ['sha256-EEEE'] },
    });
  });

  afterAll(async () => {
    await pages.stop();
    await pages.remove();
  });

  it("serves a route's own page, the same bytes every time, its styles let in by their hashes only", async () => {
    const bodies = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${pages.base}/Destination-Account/`);
      const body = await response.text();
      expect(body).toContain('<h1>destination page</h1>');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`style-src 'self' 'sha256-DDDD' '${EMPTY_STYLE_HASH}';`);
      expect(csp).not.toMatch(/unsafe-inline|nonce-/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
      bodies.push(body);
    }
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('lets in the inline scripts and styles the build listed for a page, on that page only', async () => {
    const policy = (await fetch(`${pages.base}/privacy-policy`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'sha256-AAAA';");
    expect(policy).toContain("style-src 'self' 'sha256-PPPP' ");
    const other = (await fetch(`${pages.base}/destination-account`)).headers.get('content-security-policy') ?? '';
    expect(other).toContain("script-src 'self';");
    expect(other).not.toContain('PPPP');
    expect((await fetch(`${pages.base}/pages/${PAGE_HASHES_FILE}`)).status).toBe(404);
  });

  it("serves the page in the first of the browser's languages the portal speaks, with that page's hashes", async () => {
    const spanish = { 'Accept-Language': 'fr-CA,es-MX;q=0.8,en;q=0.5' };
    const response = await fetch(`${pages.base}/destination-account`, { headers: spanish });
    expect(await response.text()).toContain('<h1>página de destino</h1>');
    expect(response.headers.get('content-security-policy')).toContain("'sha256-EEEE'");
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(await (await fetch(`${pages.base}/no-such-page`, { headers: spanish })).text()).toContain('<h1>página de inicio</h1>');
    // A route without a Spanish page: the English one.
    expect(await (await fetch(`${pages.base}/privacy-policy`, { headers: spanish })).text()).toContain('<h1>policy page</h1>');
    // English first, or no language the portal speaks: English.
    for (const acceptLanguage of ['en-US,es;q=0.9', 'fr', 'es;q=0']) {
      const english = await fetch(`${pages.base}/destination-account`, { headers: { 'Accept-Language': acceptLanguage } });
      expect(await english.text(), acceptLanguage).toContain('<h1>destination page</h1>');
    }
    expect((await fetch(`${pages.base}/pages/es/index.html`)).status).toBe(404);
  });

  it('serves the page in the language the visit chose (its cookie) before the browser’s', async () => {
    const chosen = (cookie: string, acceptLanguage = 'en-US') =>
      fetch(`${pages.base}/destination-account`, { headers: { Cookie: cookie, 'Accept-Language': acceptLanguage } }).then((r) => r.text());
    expect(await chosen('XSRF-TOKEN=x; portal_language=es')).toContain('<h1>página de destino</h1>');
    expect(await chosen('portal_language=en', 'es')).toContain('<h1>destination page</h1>');
    // A language the portal does not speak, or another cookie's value: the browser's language.
    expect(await chosen('portal_language=fr', 'es')).toContain('<h1>página de destino</h1>');
    expect(await chosen('my_portal_language=es')).toContain('<h1>destination page</h1>');
  });

  it('serves the sign-in page for a route without its own, and never a page file by its name', async () => {
    for (const route of ['/', '/index.html', '/no-such-page', '/status?migration_id=x']) {
      expect(await (await fetch(`${pages.base}${route}`)).text()).toContain('<h1>sign-in page</h1>');
    }
    expect((await fetch(`${pages.base}/pages/index.html`)).status).toBe(404);
  });

  it('sends the page compressed when the browser accepts it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${pages.base}/destination-account`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(await response.text()).toContain('<h1>destination page</h1>');
    }
    const plain = await fetch(`${pages.base}/destination-account`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<h1>destination page</h1>');
  });

  it("answers a page's exact route on its own listener with the framework's answer, logged and counted the same", async () => {
    const headersOf = async (route: string) => {
      const response = await fetch(`${pages.base}${route}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(await response.text()).toContain('<h1>destination page</h1>');
      const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'set-cookie'));
      return { headers, cookie: response.headers.get('set-cookie') };
    };
    const counted = async () =>
      Number(
        /portal_http_request_duration_seconds_count\{method="GET",route="\/\*",status="200"\} (\d+)/.exec(
          await pages.service.metrics.registry.metrics(),
        )?.[1] ?? 0,
      );
    const before = await counted();
    // The first answer keeps the page (through the framework, which also serves any other spelling); the exact route's next one is the listener's.
    const framework = await headersOf('/Destination-Account/');
    const own = await headersOf('/destination-account?from=test');
    expect(own.headers).toEqual(framework.headers);
    expect(own.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    expect(own.headers['content-security-policy']).toContain("'sha256-DDDD'");
    expect(own.cookie).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
    expect(own.cookie).not.toBe(framework.cookie);
    expect(await counted()).toBe(before + 2);
    const token = own.cookie?.slice('XSRF-TOKEN='.length, own.cookie.indexOf(';'));
    const again = await fetch(`${pages.base}/destination-account`, { headers: { Cookie: `XSRF-TOKEN=${token}` } });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('picks up a new build within a second: new pages, and the new list of hashes', async () => {
    const policy = async () => (await fetch(`${pages.base}/privacy-policy`)).headers.get('content-security-policy') ?? '';
    expect(await policy()).toContain("'sha256-PPPP'");
    // What the prerender does: the folder emptied and written again.
    rmSync(path.join(pages.config.distDir, 'pages'), { recursive: true });
    mkdirSync(path.join(pages.config.distDir, 'pages'));
    writePage('index.html', 'new sign-in page');
    writePage('privacy-policy.html', 'new policy page');
    writeHashes({ 'privacy-policy.html': { script: [], style: ['sha256-QQQQ'] } });
    await expect.poll(async () => (await fetch(`${pages.base}/`)).text(), { timeout: 3000 }).toContain('<h1>new sign-in page</h1>');
    expect(await policy()).toContain("style-src 'self' 'sha256-QQQQ' ");
    expect(await (await fetch(`${pages.base}/destination-account`)).text()).toContain('<h1>new sign-in page</h1>');
  });
});
