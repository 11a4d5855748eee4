/**
 * What the archive and the item report routes check before anything is read: a grant of the right
 * shape (else 404, as for any unknown path), a live sign-in on the request (else 401), and a grant
 * sealed for exactly that sign-in and purpose (else 403: another account's or another sign-in's link,
 * or one edited or forged), still within its minutes (else 410). Never the file before all four.
 */
import type { Context } from 'hono';
import { downloadSession } from '../http/download-session.ts';
import { apiError } from '../http/errors.ts';
import { grantShaped, type DownloadGrants } from '../jobs/download-grant.ts';
import type { RouteDeps } from './deps.ts';

const WORDS = {
  archive: { link: 'download link', expired: 'DOWNLOAD_LINK_EXPIRED' },
  report: { link: 'report link', expired: 'REPORT_LINK_EXPIRED' },
} as const;

/** The export the request's grant opens for its sign-in, or the refusal to answer with. */
export async function openOwnersGrant(
  c: Context,
  deps: Pick<RouteDeps, 'tokens' | 'now'>,
  grants: DownloadGrants,
  kind: keyof typeof WORDS,
): Promise<{ exportId: string } | Response> {
  const { link, expired } = WORDS[kind];
  const grant = c.req.param('grant') ?? '';
  if (!grantShaped(grant)) return apiError(c, 404, 'NOT_FOUND', `This ${link} is not valid.`);
  const session = await downloadSession(c, deps.tokens);
  if (session === null) {
    return apiError(
      c,
      401,
      'SIGN_IN_REQUIRED',
      'Please sign in first. Only the account that made the export can download it: sign in on the portal and open the export status again.',
    );
  }
  const opened = grants.open(grant, session, deps.now());
  if (opened === null) {
    return apiError(
      c,
      403,
      'NOT_YOUR_DOWNLOAD',
      `This ${link} belongs to another sign-in. Sign in with the account that made the export and open its status again for a new link.`,
    );
  }
  if (opened === 'expired') {
    return apiError(c, 410, expired, `This ${link} has expired. Open your export status again (signed in) for a new one.`);
  }
  return opened;
}
