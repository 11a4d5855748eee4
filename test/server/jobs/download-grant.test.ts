/**
 * Download grants open one export, for a while, for the sign-in they were issued to, and cannot be
 * made or changed without the secret.
 */
import { describe, expect, it } from 'vitest';
import { createDownloadGrants, DOWNLOAD_GRANT_TTL_MS } from '../../../server/jobs/download-grant.ts';

const ID = 'A'.repeat(32);
const OTHER = 'B'.repeat(32);
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const SESSION = 'owners-sign-in-token-0123456789abcdef012345';
const ANOTHER_SESSION = 'someone-elses-token-0123456789abcdef0123456';

describe('createDownloadGrants', () => {
  const grants = createDownloadGrants('secret-0123456789abcdef0123456789abcdef');

  it('opens the export it names with the sign-in it was issued to, until it expires', () => {
    const grant = grants.issue(ID, SESSION, NOW);
    expect(grants.open(grant, SESSION, NOW)).toEqual({ exportId: ID });
    expect(grants.open(grant, SESSION, NOW + DOWNLOAD_GRANT_TTL_MS - 1)).toEqual({ exportId: ID });
    expect(grants.open(grant, SESSION, NOW + DOWNLOAD_GRANT_TTL_MS)).toBe('expired');
  });

  it('opens nothing with another sign-in, or none, even when expired', () => {
    const grant = grants.issue(ID, SESSION, NOW);
    expect(grants.open(grant, ANOTHER_SESSION, NOW)).toBeNull();
    expect(grants.open(grant, '', NOW)).toBeNull();
    expect(grants.open(grant, ANOTHER_SESSION, NOW + DOWNLOAD_GRANT_TTL_MS)).toBeNull();
  });

  it('opens nothing of another purpose', () => {
    const reports = createDownloadGrants('secret-0123456789abcdef0123456789abcdef', 'item-report-grant');
    expect(reports.open(grants.issue(ID, SESSION, NOW), SESSION, NOW)).toBeNull();
    expect(grants.open(reports.issue(ID, SESSION, NOW), SESSION, NOW)).toBeNull();
  });

  it('refuses a grant moved to another export, extended, forged under another secret, or malformed', () => {
    const grant = grants.issue(ID, SESSION, NOW);
    const [, expiry, mac] = grant.split('.');
    expect(grants.open(`${OTHER}.${expiry}.${mac}`, SESSION, NOW)).toBeNull();
    expect(grants.open(`${ID}.${(NOW + 10 * DOWNLOAD_GRANT_TTL_MS).toString(36)}.${mac}`, SESSION, NOW)).toBeNull();
    const forged = createDownloadGrants('another-secret-0123456789abcdef012345').issue(ID, SESSION, NOW);
    expect(grants.open(forged, SESSION, NOW)).toBeNull();
    for (const garbage of ['', ID, `${ID}..`, `${grant}.x`, 'x'.repeat(43), `../${grant}`]) {
      expect(grants.open(garbage, SESSION, NOW)).toBeNull();
    }
  });
});
