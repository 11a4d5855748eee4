/**
 * POST /api/source-folders/ (ours, additive to §7): the signed-in account's folders with their
 * messages and bytes, for the options page's "Choose what to move". Like capabilities it needs the
 * XSRF header and the bearer token, and it reads only the signed-in account's own mailbox. Reading a
 * mailbox costs the provider's server, so it is limited per account; a source that does not answer in
 * time (or at all) is a 503 with a sentence the page shows, and the export then moves every folder.
 */
import { Hono } from 'hono';
import { API_PATHS, FOLDERS_UNAVAILABLE, SourceFoldersRequestSchema } from '../../contract/index.ts';
import type { AuthEnv } from '../http/auth.ts';
import { apiError, validated } from '../http/errors.ts';
import { tooMany } from '../http/too-many.ts';
import { take } from '../limits/limits.ts';
import type { RouteDeps } from './deps.ts';
import { sessionChecks } from './session.ts';

export function sourceFolderRoutes(deps: Pick<RouteDeps, 'config' | 'limits' | 'logger' | 'sourceFolders' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const [xsrf, bearer] = sessionChecks(deps);
  const perAccount = deps.limits.requests.sourceFolders;

  app.post(API_PATHS.sourceFolders, xsrf, bearer, validated('json', SourceFoldersRequestSchema), async (c) => {
    const account = c.var.identity.email;
    const refused = await take(
      perAccount,
      account.trim().toLowerCase(),
      (wait) => `Your folders were listed many times. Please try again ${wait}.`,
    );
    if (refused) return tooMany(c, refused);
    if (!deps.sourceFolders) return apiError(c, 503, 'SOURCE_UNAVAILABLE', FOLDERS_UNAVAILABLE);
    try {
      return c.json(await deps.sourceFolders(account));
    } catch (error) {
      deps.logger.warn({ err: error }, 'source folders: could not be read');
      return apiError(c, 503, 'SOURCE_UNAVAILABLE', FOLDERS_UNAVAILABLE);
    }
  });

  return app;
}
