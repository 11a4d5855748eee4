/**
 * Download grants: the only way to a file export's archive. A grant is handed out by the signed-in
 * status call to the customer who owns the export, and nowhere else (never in the anonymous status
 * answer, never in mail). It names the export and an expiry minutes ahead, sealed with an HMAC under
 * a key of its own derived from the service secret: it cannot be forged or extended, and it is
 * useless soon after it left the owner's screen. The export ID alone opens nothing.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../identity/pending-flow.ts';

/** Long enough to read the status page and press the button; short enough to be useless if it leaks. */
export const DOWNLOAD_GRANT_TTL_MS = 30 * 60 * 1000;

/** `<export ID>.<expiry, base 36>.<43-character MAC>`; anything else is refused unread. */
const GRANT_PATTERN = /^([A-Za-z0-9]{32})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export type DownloadGrants = {
  issue(exportId: string, now: number): string;
  /** The export a live, untampered grant names; null otherwise (and 'expired' for a genuine old one). */
  open(grant: string, now: number): { exportId: string } | 'expired' | null;
};

/** `purpose` keys the grants apart: a grant made for one purpose (the archive, the item report) opens nothing else. */
export function createDownloadGrants(secret: string, purpose = 'download-grant'): DownloadGrants {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(exportId, now) {
      const payload = `${exportId}.${(now + DOWNLOAD_GRANT_TTL_MS).toString(36)}`;
      return `${payload}.${mac(payload)}`;
    },
    open(grant, now) {
      const match = GRANT_PATTERN.exec(grant);
      if (!match) return null;
      const [, exportId = '', expiry = '', signature = ''] = match;
      if (!sameSecret(signature, mac(`${exportId}.${expiry}`))) return null;
      return parseInt(expiry, 36) > now ? { exportId } : 'expired';
    },
  };
}
