/**
 * Download grants: the only way to a file export's archive or an item report. A grant is handed out
 * by the signed-in status call to the customer who owns the export, and nowhere else (never in the
 * anonymous status answer, never in mail). It names the export and an expiry minutes ahead, sealed
 * with an HMAC under a key of its own derived from the service secret, over those and the sign-in
 * (session token) it was issued to: it cannot be forged or extended, it opens nothing without that
 * same live sign-in (docs/decisions/0021-owner-bound-downloads.md), and it is useless soon after it
 * left the owner's screen. The export ID alone opens nothing.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../identity/pending-flow.ts';

/** Long enough to read the status page and press the button; short enough to be useless if it leaks. */
export const DOWNLOAD_GRANT_TTL_MS = 30 * 60 * 1000;

/** `<export ID>.<expiry, base 36>.<43-character MAC>`; anything else is refused unread. */
const GRANT_PATTERN = /^([A-Za-z0-9]{32})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Whether a grant has the shape of one, before its seal is checked: nothing in it is to be trusted yet. */
export const grantShaped = (grant: string): boolean => GRANT_PATTERN.test(grant);

export type DownloadGrants = {
  /** A grant for `exportId` that opens only with `session`, the owner's sign-in token it is issued to. */
  issue(exportId: string, session: string, now: number): string;
  /**
   * The export a live, untampered grant names when presented with the sign-in it was issued to; null
   * otherwise (malformed, forged, moved, or another sign-in's), and 'expired' for a genuine old one.
   */
  open(grant: string, session: string, now: number): { exportId: string } | 'expired' | null;
};

/** `purpose` keys the grants apart: a grant made for one purpose (the archive, the item report) opens nothing else. */
export function createDownloadGrants(secret: string, purpose = 'download-grant'): DownloadGrants {
  const key = createHmac('sha256', secret).update(purpose).digest();
  // The session is last and the parts before it have fixed shapes, so no two (grant, session) pairs share a MAC input.
  const mac = (payload: string, session: string) => createHmac('sha256', key).update(`${payload}.${session}`).digest('base64url');
  return {
    issue(exportId, session, now) {
      const payload = `${exportId}.${(now + DOWNLOAD_GRANT_TTL_MS).toString(36)}`;
      return `${payload}.${mac(payload, session)}`;
    },
    open(grant, session, now) {
      const match = GRANT_PATTERN.exec(grant);
      if (!match) return null;
      const [, exportId = '', expiry = '', signature = ''] = match;
      if (!sameSecret(signature, mac(`${exportId}.${expiry}`, session))) return null;
      return parseInt(expiry, 36) > now ? { exportId } : 'expired';
    },
  };
}
