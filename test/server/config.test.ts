/** Configuration, the secret file and the build's compression step. */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readConfig } from '../../server/config.ts';
import { PRODUCTION } from './helpers/production-env.ts';
import { loadOrCreateSecret } from '../../server/secret.ts';
import { compressDir } from '../../scripts/compress-dist.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readConfig', () => {
  it('has defaults for everything', () => {
    const config = readConfig({}, '/srv/portal');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/portal/data',
      database: { url: null, sqlitePath: '/srv/portal/data/portal.sqlite', poolSize: 10 },
      distDir: '/srv/portal/dist',
      outboxDir: '/srv/portal/data/outbox',
      publicUrl: '',
      hashSecret: null,
      adapters: 'development',
      production: false,
      development: true,
      identity: null,
      outbound: { allowList: [], ports: [993, 143], dnsServers: null },
      bodyLimitBytes: 65536,
      downloadTtlMs: 14 * 24 * 60 * 60 * 1000,
      metrics: null,
    });
  });

  it('reads the variables', () => {
    const config = readConfig(
      { ...PRODUCTION, PORT: '9000', DATA_DIR: '/var/portal', PUBLIC_URL: 'https://export.example.com/', RATE_LIMIT_STATUS_MAX: '5', OUTBOUND_ALLOW_LIST: '10.0.0.0/8, 192.0.2.7', IMAP_PORTS: '993', DNS_SERVERS: '192.0.2.53' },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      database: { url: null, sqlitePath: '/var/portal/portal.sqlite', poolSize: 10 },
      publicUrl: 'https://export.example.com',
      adapters: 'real',
      production: true,
      development: false,
      identity: { issuer: 'https://sso.example.com', clientId: 'portal', clientSecret: 'oidc-client-secret' },
      outbound: { allowList: ['10.0.0.0/8', '192.0.2.7'], ports: [993], dnsServers: ['192.0.2.53'] },
      rateLimits: { status: { max: 5, windowMs: 60000 } },
    });
  });

  it('refuses a production start without its real parts, naming every missing variable', () => {
    let message = '';
    try {
      readConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL', 'HASH_SECRET', 'SMTP_URL']) {
      expect(message).toContain(name);
    }
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_URL: 'http://export.example.com' })).toThrow(/PUBLIC_URL=http:\/\/export.example.com is not https/);
    expect(() => readConfig({ ...PRODUCTION, HASH_SECRET: 'short' })).toThrow(/HASH_SECRET is shorter/);
    expect(() => readConfig({ ...PRODUCTION, ADAPTERS: 'development' })).toThrow(/ADAPTERS=development/);
  });

  it('runs the stand-ins under NODE_ENV=production only with the loud opt-in', () => {
    const config = readConfig({ NODE_ENV: 'production', DANGEROUSLY_ENABLE_DEVELOPMENT_STANDINS: 'true' });
    expect(config).toMatchObject({ production: true, development: true, adapters: 'development' });
  });

  it('wants the three OIDC variables together', () => {
    expect(() => readConfig({ OIDC_ISSUER: 'https://sso.example.com' })).toThrow(/OIDC_CLIENT_ID, OIDC_CLIENT_SECRET missing/);
    expect(() => readConfig({ ...PRODUCTION, OIDC_ISSUER: 'http://sso.example.com' })).toThrow(/OIDC_ISSUER/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty" is not an integer/],
    [{ PORT: '70000' }, /PORT/],
    [{ ADAPTERS: 'prod' }, /ADAPTERS/],
    [{ PUBLIC_URL: 'export.example.com' }, /PUBLIC_URL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ OUTBOUND_ALLOW_LIST: '10.0.0.0/33' }, /OUTBOUND_ALLOW_LIST="10.0.0.0\/33"/],
    [{ OUTBOUND_ALLOW_LIST: 'intranet.example' }, /OUTBOUND_ALLOW_LIST/],
    [{ IMAP_PORTS: '993,0' }, /IMAP_PORTS="0"/],
    [{ DATABASE_URL: 'mysql://db.example.com/portal' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ METRICS_PORT: 'none' }, /METRICS_PORT="none"/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT="8080" is not a port other than PORT/],
    [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('serves metrics only where METRICS_PORT asks, on loopback unless METRICS_HOST says otherwise', () => {
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
  });

  it('selects Postgres with DATABASE_URL, and never repeats the URL (it may hold a password) in an error', () => {
    const url = 'postgres://portal:s3cret@db.example.com:5432/portal';
    expect(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }, '/srv').database).toEqual({
      url,
      sqlitePath: '/srv/data/portal.sqlite',
      poolSize: 25,
    });
    expect(() => readConfig({ DATABASE_URL: 'postgres:/portal:s3cret@db' })).toThrow(/^(?!.*s3cret).*DATABASE_URL/);
  });
});

describe('loadOrCreateSecret', () => {
  it('uses the configured secret, else generates one once and keeps it private', () => {
    const dir = tempDir();
    expect(loadOrCreateSecret('configured', dir)).toBe('configured');
    const first = loadOrCreateSecret(null, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateSecret(null, dir)).toBe(first);
    expect(statSync(path.join(dir, 'hash-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('compress-dist', () => {
  it('writes brotli and gzip twins that decode to the original, and skips tiny and binary files', () => {
    const dir = tempDir();
    const script = 'export const portal = "export portal";\n'.repeat(50);
    writeFileSync(path.join(dir, 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'tiny-abc.js'), 'x');
    writeFileSync(path.join(dir, 'logo-abc.png'), Buffer.alloc(1000, 1));
    const written = compressDir(dir);
    expect(written.map((f) => path.basename(f.file))).toEqual(['index-abc.js']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'index-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'index-abc.js.gz'))).toString()).toBe(script);
    expect(() => statSync(path.join(dir, 'tiny-abc.js.br'))).toThrow();
    expect(() => statSync(path.join(dir, 'logo-abc.png.br'))).toThrow();
  });
});
