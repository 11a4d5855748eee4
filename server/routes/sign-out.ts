/**
 * POST /api/sign-out/ (ours, additive): "Start over" and "Back to home" end the portal's tokens of
 * this browser — the sign-in, a consent not yet used, a status sign-in — so a token copied from the
 * session does not keep working for the rest of its hour, and clear the download-session cookies.
 * It needs the XSRF header and no bearer: whoever holds a token may end it, and ending one is all
 * this call can do (a token that is not live is nothing to end, and the answer is the same).
 */
import { Hono } from 'hono';
import { generateCookie } from 'hono/cookie';
import { SignOutRequestSchema, type OkResponse } from '../../contract/index.ts';
import { DOWNLOAD_SESSION_COOKIE, GRANT_PATHS } from '../http/download-session.ts';
import { validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import type { RouteDeps } from './deps.ts';

export function signOutRoutes(deps: Pick<RouteDeps, 'config' | 'tokens'>) {
  const app = new Hono();

  app.post('/api/sign-out/', requireXsrf({ publicUrl: deps.config.publicUrl }), validated('json', SignOutRequestSchema), async (c) => {
    for (const token of c.req.valid('json').tokens) await deps.tokens.revoke(token);
    for (const path of Object.values(GRANT_PATHS)) {
      c.header('Set-Cookie', generateCookie(DOWNLOAD_SESSION_COOKIE, '', { path, httpOnly: true, sameSite: 'Strict', maxAge: 0 }), {
        append: true,
      });
    }
    return c.json({ ok: true } satisfies OkResponse);
  });

  return app;
}
