/** Configuration, the secret file and the build's compression step. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig, roleArgument } from '../../server/config.ts';
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
      identity: { signIn: null, google: null, microsoft: null, yahoo: null, aol: null, devProviderPort: 0 },
      outbound: { allowList: [], ports: [993, 143], dnsServers: null },
      bodyLimitBytes: 65536,
      downloadTtlMs: 14 * 24 * 60 * 60 * 1000,
      supportRetentionMs: 90 * 24 * 60 * 60 * 1000,
      retention: { purgeIntervalMs: 10 * 60 * 1000, exportHistoryMs: 90 * 24 * 60 * 60 * 1000 },
      metrics: null,
    });
  });

  it('reads how long an ended export is kept and how often the purge runs, never a history of no days', () => {
    expect(readConfig({ EXPORT_HISTORY_DAYS: '30', PURGE_INTERVAL_MS: '60000' }).retention).toEqual({
      purgeIntervalMs: 60_000,
      exportHistoryMs: 30 * 24 * 60 * 60 * 1000,
    });
    expect(() => readConfig({ EXPORT_HISTORY_DAYS: '0' })).toThrow('EXPORT_HISTORY_DAYS="0" is not an integer from 1');
    expect(() => readConfig({ PURGE_INTERVAL_MS: 'often' })).toThrow('PURGE_INTERVAL_MS="often"');
  });

  it('reads the variables', () => {
    const config = readConfig(
      {
        ...PRODUCTION,
        PORT: '9000',
        DATA_DIR: '/var/portal',
        PUBLIC_URL: 'https://export.example.com/',
        RATE_LIMIT_STATUS_MAX: '5',
        OUTBOUND_ALLOW_LIST: '10.0.0.0/8, 192.0.2.7',
        IMAP_PORTS: '993',
        DNS_SERVERS: '192.0.2.53',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      database: { url: null, sqlitePath: '/var/portal/portal.sqlite', poolSize: 10 },
      publicUrl: 'https://export.example.com',
      adapters: 'real',
      production: true,
      development: false,
      identity: {
        signIn: {
          issuer: 'https://sso.example.com',
          clientId: 'portal',
          auth: { method: 'client_secret_basic', secret: 'oidc-client-secret' },
          scopes: 'openid email',
          redirectUrl: null,
        },
        google: null,
        microsoft: null,
      },
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
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_URL: 'http://export.example.com' })).toThrow(
      /PUBLIC_URL=http:\/\/export.example.com is not https/,
    );
    expect(() => readConfig({ ...PRODUCTION, HASH_SECRET: 'short' })).toThrow(/HASH_SECRET is shorter/);
    expect(() => readConfig({ ...PRODUCTION, ADAPTERS: 'development' })).toThrow(/ADAPTERS=development/);
  });

  it('wants TLS that cannot be skipped for SMTP in production, and never repeats the URL (it may hold a password)', () => {
    const smtp = (url: string) => () => readConfig({ ...PRODUCTION, SMTP_URL: url });
    for (const clear of [
      'smtp://relay:s3cret-pass@mail.example.com:587',
      'smtp://relay:s3cret-pass@mail.example.com:587?requireTLS=false',
      'smtp://relay:s3cret-pass@mail.example.com:587?requireTLS=true&ignoreTLS=true',
    ]) {
      expect(smtp(clear)).toThrow(/SMTP_URL \(host mail\.example\.com\) does not require TLS: use smtps:\/\/ or add \?requireTLS=true/);
      expect(smtp(clear)).not.toThrow(/s3cret-pass/);
    }
    expect(smtp('smtps://relay:s3cret-pass@mail.example.com?tls.rejectUnauthorized=false')).toThrow(/turns certificate checks off/);
    expect(smtp('not a url')).toThrow(/SMTP_URL is not a URL/);
    for (const tls of [
      'smtps://relay:s3cret-pass@mail.example.com',
      'smtp://relay:s3cret-pass@mail.example.com:587?requireTLS=true',
      'smtp://mail.example.com:465?secure=true',
    ]) {
      expect(readConfig({ ...PRODUCTION, SMTP_URL: tls }).smtpUrl).toBe(tls);
    }
    // Development sends to whatever it is given, a local catcher included.
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:1025' }).smtpUrl).toBe('smtp://127.0.0.1:1025');
  });

  it('runs the stand-ins under NODE_ENV=production only with the loud opt-in', () => {
    const config = readConfig({ NODE_ENV: 'production', DANGEROUSLY_ENABLE_DEVELOPMENT_STANDINS: 'true' });
    expect(config).toMatchObject({ production: true, development: true, adapters: 'development' });
  });

  it('wants the three OIDC variables together, an https issuer (or one on this machine, outside production)', () => {
    expect(() => readConfig({ OIDC_ISSUER: 'https://sso.example.com' })).toThrow(/OIDC_CLIENT_ID, OIDC_CLIENT_SECRET missing/);
    expect(() => readConfig({ ...PRODUCTION, OIDC_ISSUER: 'http://sso.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(
      readConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000/', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's' }).identity.signIn?.issuer,
    ).toBe('http://127.0.0.1:9000');
    expect(() => readConfig({ ...PRODUCTION, OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(
      /OIDC_ISSUER=http:\/\/127\.0\.0\.1:9000 is not https/,
    );
  });

  it('reads the sign-in’s scopes, redirect URL and client authentication, and the destinations’ clients', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const identity = readConfig({
      OIDC_ISSUER: 'https://sso.example.com',
      OIDC_CLIENT_ID: 'portal',
      OIDC_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
      OIDC_PRIVATE_KEY_ID: 'key-1',
      OIDC_SCOPES: 'openid email profile',
      OIDC_REDIRECT_URL: 'https://export.example.com/sso/return',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
      YAHOO_CLIENT_ID: 'y-id',
      YAHOO_CLIENT_SECRET: 'y-secret',
      AOL_CLIENT_ID: 'a-id',
      AOL_CLIENT_SECRET: 'a-secret',
      AOL_ISSUER: 'https://login.aol.example.net/',
      DEV_IDENTITY_PORT: '8081',
    }).identity;
    expect(identity).toEqual({
      signIn: {
        issuer: 'https://sso.example.com',
        clientId: 'portal',
        auth: { method: 'private_key_jwt', privateKey: pem, keyId: 'key-1' },
        scopes: 'openid email profile',
        redirectUrl: 'https://export.example.com/sso/return',
      },
      google: { issuer: 'https://accounts.google.com', clientId: 'g-id', auth: { method: 'client_secret_post', secret: 'g-secret' } },
      microsoft: {
        issuer: 'https://login.microsoftonline.com/consumers/v2.0',
        clientId: 'm-id',
        auth: { method: 'client_secret_post', secret: 'm-secret' },
      },
      yahoo: { issuer: 'https://api.login.yahoo.com', clientId: 'y-id', auth: { method: 'client_secret_basic', secret: 'y-secret' } },
      aol: { issuer: 'https://login.aol.example.net', clientId: 'a-id', auth: { method: 'client_secret_basic', secret: 'a-secret' } },
      // The partner's successor product has no public issuer: unset, it is not offered.
      'successor-partner': null,
      devProviderPort: 8081,
    });
  });

  it.each([
    [
      { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', OIDC_SCOPES: 'email' },
      /OIDC_SCOPES="email" is not a list of scopes that includes openid/,
    ],
    [
      { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'p', OIDC_PRIVATE_KEY: 'not a key' },
      /OIDC_PRIVATE_KEY is not a PEM private key/,
    ],
    [
      { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', OIDC_TOKEN_AUTH_METHOD: 'none' },
      /OIDC_TOKEN_AUTH_METHOD/,
    ],
    [{ GOOGLE_CLIENT_ID: 'g' }, /GOOGLE_CLIENT_SECRET missing/],
    [{ MICROSOFT_CLIENT_SECRET: 'm' }, /MICROSOFT_CLIENT_ID missing/],
    [{ YAHOO_CLIENT_ID: 'y' }, /YAHOO_CLIENT_SECRET missing/],
    [{ AOL_CLIENT_ID: 'a', AOL_CLIENT_SECRET: 's', AOL_ISSUER: 'http://api.login.aol.com' }, /AOL_ISSUER/],
    [{ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'http://accounts.example.com' }, /GOOGLE_ISSUER/],
    [{ DEV_IDENTITY_PORT: 'x' }, /DEV_IDENTITY_PORT/],
  ])('refuses the identity variables %o, naming the variable and never a secret', (env, message) => {
    let text = '';
    try {
      readConfig(env);
    } catch (error) {
      text = (error as Error).message;
    }
    expect(text).toMatch(message);
    expect(text).not.toMatch(/"s"|not a key|"m"/);
  });

  it('reads how the source server lets the master user in: Dovecot’s separator, or SASL PLAIN’s authorization identity', () => {
    const imap = {
      SOURCE_IMAP_HOST: 'imap.example.net',
      SOURCE_IMAP_MASTER_USER: 'migrator',
      SOURCE_IMAP_MASTER_PASSWORD: 'imap-secret-42',
    };
    expect(readConfig(imap).sourceImap?.master).toEqual({
      method: 'separator',
      user: 'migrator',
      password: 'imap-secret-42',
      separator: '*',
    });
    expect(readConfig({ ...imap, SOURCE_IMAP_MASTER_SEPARATOR: '%' }).sourceImap?.master).toMatchObject({ separator: '%' });
    expect(readConfig({ ...imap, SOURCE_IMAP_MASTER_LOGIN: 'authzid' }).sourceImap?.master).toEqual({
      method: 'authzid',
      user: 'migrator',
      password: 'imap-secret-42',
    });
    expect(() => readConfig({ ...imap, SOURCE_IMAP_MASTER_LOGIN: 'proxy' })).toThrow(
      /SOURCE_IMAP_MASTER_LOGIN="proxy".*'separator' or 'authzid'/,
    );
  });

  it('reads the source address-book server: URL, service account and password together, never a password in the error', () => {
    const dav = {
      SOURCE_CARDDAV_URL: 'https://dav.example.net/',
      SOURCE_CARDDAV_USER: 'migrator',
      SOURCE_CARDDAV_PASSWORD: 'dav-secret-42',
    };
    expect(readConfig({}).sourceCardDav).toBeNull();
    expect(readConfig(dav).sourceCardDav).toEqual({
      url: 'https://dav.example.net/',
      service: { user: 'migrator', password: 'dav-secret-42' },
      principalPath: '{user}/',
    });
    expect(readConfig({ ...dav, SOURCE_CARDDAV_PRINCIPAL_PATH: 'principals/users/{user}/' }).sourceCardDav?.principalPath).toBe(
      'principals/users/{user}/',
    );
    expect(() => readConfig({ SOURCE_CARDDAV_URL: dav.SOURCE_CARDDAV_URL })).toThrow(
      /SOURCE_CARDDAV_USER, SOURCE_CARDDAV_PASSWORD missing/,
    );
    expect(() => readConfig({ ...dav, SOURCE_CARDDAV_URL: 'http://dav.example.net/' })).toThrow(
      /SOURCE_CARDDAV_URL="http:\/\/dav.example.net\/" is not an https URL/,
    );
    expect(() => readConfig({ ...dav, SOURCE_CARDDAV_PRINCIPAL_PATH: 'users/' })).toThrow(/SOURCE_CARDDAV_PRINCIPAL_PATH/);
    let message = '';
    try {
      readConfig({ SOURCE_CARDDAV_PASSWORD: dav.SOURCE_CARDDAV_PASSWORD });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/SOURCE_CARDDAV_URL, SOURCE_CARDDAV_USER missing/);
    expect(message).not.toContain('dav-secret-42');
    expect(readConfig({ ...dav, SOURCE_CARDDAV_URL: 'http://127.0.0.1:5232/' }).sourceCardDav?.url).toBe('http://127.0.0.1:5232/');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty" is not an integer/],
    [{ PORT: '70000' }, /PORT/],
    [{ ADAPTERS: 'prod' }, /ADAPTERS/],
    [{ PUBLIC_URL: 'export.example.com' }, /PUBLIC_URL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ TRUST_PROXY_HOPS: '-1' }, /TRUST_PROXY_HOPS/],
    [{ OUTBOUND_ALLOW_LIST: '10.0.0.0/33' }, /OUTBOUND_ALLOW_LIST="10.0.0.0\/33"/],
    [{ OUTBOUND_ALLOW_LIST: 'intranet.example' }, /OUTBOUND_ALLOW_LIST/],
    [{ IMAP_PORTS: '993,0' }, /IMAP_PORTS="0"/],
    [{ DATABASE_URL: 'mysql://db.example.com/portal' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ METRICS_PORT: 'none' }, /METRICS_PORT="none"/],
    [{ ROLE: 'api' }, /ROLE="api" is not 'all', 'web' or 'worker'/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT="8080" is not a port other than PORT/],
    [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('trusts no proxy by default; TRUST_PROXY=true is one hop, TRUST_PROXY_HOPS says how many', () => {
    expect(readConfig({}).trustedProxyHops).toBe(0);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustedProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }).trustedProxyHops).toBe(0);
  });

  it('runs web and worker in one process unless ROLE or --role says one of them, --role winning', () => {
    expect(readConfig({}).role).toBe('all');
    expect(readConfig({ ROLE: 'web' }).role).toBe('web');
    expect(readConfig({ ROLE: 'web', ...roleArgument(['--role', 'worker']) }).role).toBe('worker');
    expect(readConfig(roleArgument(['--role=web'])).role).toBe('web');
    expect(roleArgument(['--port', '1'])).toEqual({});
    expect(() => roleArgument(['--role'])).toThrow(/--role needs a value/);
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
