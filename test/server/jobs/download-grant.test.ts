/** Download grants open one export, for a while, and cannot be made or changed without the secret. */
import { describe, expect, it } from 'vitest';
import { createDownloadGrants, DOWNLOAD_GRANT_TTL_MS } from '../../../server/jobs/download-grant.ts';

const ID = 'A'.repeat(32);
const OTHER = 'B'.repeat(32);
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);

describe('createDownloadGrants', () => {
  const grants = createDownloadGrants('secret-0123456789abcdef0123456789abcdef');

  it('opens the export it names until it expires', () => {
    const grant = grants.issue(ID, NOW);
    expect(grants.open(grant, NOW)).toEqual({ exportId: ID });
    expect(grants.open(grant, NOW + DOWNLOAD_GRANT_TTL_MS - 1)).toEqual({ exportId: ID });
    expect(grants.open(grant, NOW + DOWNLOAD_GRANT_TTL_MS)).toBe('expired');
  });

  it('refuses a grant moved to another export, extended, forged under another secret, or malformed', () => {
    const grant = grants.issue(ID, NOW);
    const [, expiry, mac] = grant.split('.');
    expect(grants.open(`${OTHER}.${expiry}.${mac}`, NOW)).toBeNull();
    expect(grants.open(`${ID}.${(NOW + 10 * DOWNLOAD_GRANT_TTL_MS).toString(36)}.${mac}`, NOW)).toBeNull();
    expect(grants.open(createDownloadGrants('another-secret-0123456789abcdef012345').issue(ID, NOW), NOW)).toBeNull();
    for (const garbage of ['', ID, `${ID}..`, `${grant}.x`, 'x'.repeat(43), `../${grant}`]) expect(grants.open(garbage, NOW)).toBeNull();
  });
});
