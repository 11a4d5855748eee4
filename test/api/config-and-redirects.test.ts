/** Configuration defaults and the browser redirect URLs of §7. */
import { describe, expect, it } from 'vitest';
import { apiConfig, readApiConfig } from '../../src/api/config';
import { oauthForStatusUrl, oauthUrl } from '../../src/api/redirects';
import { joinUrl } from '../../src/api/url';

describe('readApiConfig', () => {
  it('defaults to the same origin, QA, and the export service webhook', () => {
    expect(readApiConfig({})).toEqual({ exportServiceUrl: '', inQa: true, supportWebhookUrl: '/api/support-requests/' });
  });

  it('reads the export service URL and puts the default webhook on it', () => {
    expect(readApiConfig({ VITE_EXPORT_SERVICE_URL: 'https://export.example/' })).toEqual({
      exportServiceUrl: 'https://export.example',
      inQa: true,
      supportWebhookUrl: 'https://export.example/api/support-requests/',
    });
  });

  it('leaves QA only on an explicit false', () => {
    expect(readApiConfig({ VITE_IN_QA: 'false' }).inQa).toBe(false);
    expect(readApiConfig({ VITE_IN_QA: ' FALSE ' }).inQa).toBe(false);
    expect(readApiConfig({ VITE_IN_QA: 'no' }).inQa).toBe(true);
    expect(readApiConfig({ VITE_IN_QA: '' }).inQa).toBe(true);
  });

  it('takes a configured webhook as is', () => {
    expect(readApiConfig({ VITE_SUPPORT_WEBHOOK_URL: 'https://hooks.example/abc' }).supportWebhookUrl).toBe('https://hooks.example/abc');
  });

  it('gives a usable configuration when the test run sets nothing', () => {
    expect(apiConfig.inQa).toBe(true);
    expect(apiConfig.supportWebhookUrl.endsWith('/api/support-requests/')).toBe(true);
  });
});

describe('joinUrl', () => {
  it('joins base and path with exactly one slash and keeps absolute paths', () => {
    expect(joinUrl('', '/api/x/')).toBe('/api/x/');
    expect(joinUrl('http://h:1/', '/api/x/')).toBe('http://h:1/api/x/');
    expect(joinUrl('http://h:1', 'api/x/')).toBe('http://h:1/api/x/');
    expect(joinUrl('http://h:1', 'https://hooks.example/a')).toBe('https://hooks.example/a');
  });
});

describe('redirect URLs', () => {
  it('source sign-in: /api/oauth/ with provider and logout=true, and the visit’s language as ui_locales', () => {
    expect(oauthUrl({ provider: 'northwave' })).toBe('/api/oauth/?provider=northwave&logout=true&ui_locales=en');
    expect(oauthUrl({ provider: 'northwave', language: 'es' })).toBe('/api/oauth/?provider=northwave&logout=true&ui_locales=es');
  });

  it('destination consent: provider, scopes as the comma list of operations, logout=true', () => {
    const url = new URL(oauthUrl({ provider: 'gmail', scopes: ['emailmigration', 'contactsmigration'] }), 'http://x');
    expect(url.pathname).toBe('/api/oauth/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'gmail',
      scopes: 'emailmigration,contactsmigration',
      logout: 'true',
      ui_locales: 'en',
    });
  });

  it('status sign-in: /api/oauth-for-status/ with provider and logout=true', () => {
    expect(oauthForStatusUrl()).toBe('/api/oauth-for-status/?provider=northwave&logout=true&ui_locales=en');
    expect(oauthForStatusUrl('northwave', '', 'es')).toBe('/api/oauth-for-status/?provider=northwave&logout=true&ui_locales=es');
  });

  it('puts the redirects on a configured export service', () => {
    expect(oauthForStatusUrl('northwave', 'https://export.example')).toBe(
      'https://export.example/api/oauth-for-status/?provider=northwave&logout=true&ui_locales=en',
    );
  });
});
