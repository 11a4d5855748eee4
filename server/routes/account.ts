/**
 * The account calls of the export service (§7): migration status, opt-out update, comcastinfo
 * (each with token_id from the sign-in), and validate-token.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  OptOutUpdateRequestSchema,
  TokenQuerySchema,
  ValidateTokenRequestSchema,
  type ComcastInfoResponse,
  type MigrationStatusResponse,
  type OptOutUpdateResponse,
  type ValidateTokenResponse,
} from '../../contract/index.ts';
import { unauthorized, verifyToken } from '../http/auth.ts';
import { apiError, noStoreJson, validated } from '../http/errors.ts';
import { migrationStatus } from '../rules/migration-status.ts';
import { nextOptOutState, standing } from '../rules/opt-out.ts';
import type { RouteDeps } from './deps.ts';

const TokenQuery = v.object({ token_id: TokenQuerySchema.entries.token_id });

export function accountRoutes(deps: Pick<RouteDeps, 'directory' | 'logger' | 'now' | 'optOuts' | 'tokens'>) {
  const app = new Hono();
  // The sign-in for an export or for the status lookup; a destination grant is not a sign-in.
  const signedIn = (token: string) => verifyToken(deps.tokens, token, ['source', 'status']);

  app.get('/api/v2/comcast-get-migration-status/', validated('query', TokenQuerySchema), async (c) => {
    const identity = await signedIn(c.req.valid('query').token_id);
    if (!identity) return unauthorized(c);
    const account = deps.directory.find(identity.email);
    // §8: a failed status call means ACCOUNT_DOES_NOT_EXIST when the server says so; an account
    // that never existed has no opt-out history to show, unlike a purged one.
    if (account.inactive === 'user') {
      return apiError(c, 404, 'ACCOUNT_DOES_NOT_EXIST', 'The account does not exist.');
    }
    const answer: MigrationStatusResponse = migrationStatus(account, await deps.optOuts.find(identity.email), deps.now());
    return noStoreJson(answer);
  });

  app.post(
    '/api/v2/comcast-update-opt-out-state/',
    validated('query', TokenQuerySchema),
    validated('json', OptOutUpdateRequestSchema),
    async (c) => {
      const identity = await signedIn(c.req.valid('query').token_id);
      if (!identity) return unauthorized(c);
      const request = c.req.valid('json').optOutState;
      const account = deps.directory.find(identity.email);
      const current = standing(account, await deps.optOuts.find(identity.email), deps.now());
      const next = nextOptOutState(current, request);
      if (!next) {
        const where = `${current.display} (opt-out state ${current.server})`;
        return apiError(
          c,
          409,
          'OPT_OUT_TRANSITION_NOT_ALLOWED',
          `${request} is not allowed for an account that is ${where}.`,
          'optOutState',
        );
      }
      // The portal stops these accounts at sign-in (comcastinfo); their calls are refused here too.
      if (account.inactive === 'user' || account.inactive === 'account' || account.inactive === 'mailbox') {
        return apiError(c, 409, 'ACCOUNT_NOT_ACTIVE', 'This account has no mailbox to keep or close.');
      }
      await deps.optOuts.save(identity.email, next, deps.now());
      deps.logger.info({ optOutState: next }, 'opt-out state updated');
      const answer: OptOutUpdateResponse = { status: 'success', optOutState: next };
      return c.json(answer);
    },
  );

  app.get('/api/v2/comcastinfo/', validated('query', TokenQuery), async (c) => {
    const identity = await signedIn(c.req.valid('query').token_id);
    if (!identity) return unauthorized(c);
    const answer: ComcastInfoResponse = { inactive: deps.directory.find(identity.email).inactive };
    return noStoreJson(answer);
  });

  app.post('/api/validate-token/', validated('json', ValidateTokenRequestSchema), async (c) => {
    const identity = await verifyToken(deps.tokens, c.req.valid('json').token, ['source', 'status']);
    const answer: ValidateTokenResponse = identity ? { valid: true, email: identity.email } : { valid: false, email: null };
    return c.json(answer);
  });

  return app;
}
