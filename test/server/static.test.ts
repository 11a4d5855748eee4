import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
