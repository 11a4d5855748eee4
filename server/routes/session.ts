/**
 * The session client's calls (§7): capabilities, validate, load. Each needs the XSRF header and the
 * source account's bearer token.
 */
import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import {
  CapabilitiesRequestSchema,
  EmailAddressSchema,
  LoadRequestSchema,
  ValidateRequestSchema,
  type CapabilitiesResponse,
  type LoadRequest,
  type LoadResponse,
  type ValidateResponse,
  parseImapAddress,
} from '../../contract/index.ts';
import { requireBearer, verifyToken, type AuthEnv } from '../http/auth.ts';
import { apiError, invalidRequest, validated } from '../http/errors.ts';
import { requireXsrf } from '../http/xsrf.ts';
import { newExportId } from '../jobs/export-id.ts';
import { allowedOperations, capabilities, OAUTH_DESTINATIONS, providerForEmail } from '../rules/capabilities.ts';
import { allowsMigration, standing } from '../rules/opt-out.ts';
import type { RouteDeps } from './deps.ts';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Identifies "the same request from the same session" without keeping any password or token. */
function idempotencyKey(bearer: string, body: LoadRequest): string {
  const withoutSecrets = {
    ...body,
    source_account: { ...body.source_account, password: undefined, tokenId: undefined },
    destination_account: { ...body.destination_account, password: undefined, tokenId: undefined },
  };
  return createHash('sha256').update(bearer).update('\n').update(JSON.stringify(withoutSecrets)).digest('hex');
}

export function sessionRoutes(deps: RouteDeps) {
  const app = new Hono<AuthEnv>();
  const bearer = requireBearer(deps.tokens);
  const xsrf = requireXsrf({ publicUrl: deps.config.publicUrl });

  app.post('/api/capabilities/', xsrf, bearer, validated('json', CapabilitiesRequestSchema), (c) => {
    const { email } = c.req.valid('json');
    const identity = c.var.identity;
    const source = deps.directory.find(identity.email);
    // The portal asks about the signed-in account itself (its single sign-on is OAuth); any other
    // address is answered for the destination its domain belongs to.
    const answer: CapabilitiesResponse = sameAddress(email, identity.email)
      ? { ...capabilities(source, 'other'), auth: 'oauth', provider: identity.provider }
      : capabilities(source, providerForEmail(email));
    return c.json(answer);
  });

  app.post('/api/validate/', xsrf, bearer, validated('json', ValidateRequestSchema), async (c) => {
    const body = c.req.valid('json');
    if (!v.is(EmailAddressSchema, body.email)) return invalidRequest(c, 'Please enter a valid email address.', 'email');
    if (!body.password) return invalidRequest(c, 'A password is required.', 'password');
    // A custom host is read the way the browser's rule and the export read it; one that is not an
    // IMAP address is refused here without a connection.
    const imap = body.imap?.trim() ? parseImapAddress(body.imap) : null;
    if (body.imap?.trim() && imap === null) return c.json({ ok: false, error: 'INVALID_IMAP' } satisfies ValidateResponse);
    const result = await deps.credentialChecker.check({ email: body.email.trim(), password: body.password, imap });
    const answer: ValidateResponse = result.ok ? { ok: true, error: null } : { ok: false, error: result.error };
    return c.json(answer);
  });

  app.post('/api/load/', xsrf, bearer, validated('json', LoadRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const identity = c.var.identity;
    const source = body.source_account;
    const destination = body.destination_account;
    if (!sameAddress(source.email, identity.email)) {
      return apiError(c, 403, 'SOURCE_MISMATCH', 'The source account is not the signed-in account.', 'source_account.email');
    }
    const notificationEmail = v.safeParse(EmailAddressSchema, body.parameters.notificationEmail);
    if (!notificationEmail.success) {
      return invalidRequest(c, 'Please, enter a valid notification email address.', 'parameters.notificationEmail');
    }

    const account = deps.directory.find(identity.email);
    if (account.inactive === 'user' || account.inactive === 'account' || account.inactive === 'mailbox') {
      return apiError(c, 409, 'ACCOUNT_NOT_ACTIVE', 'This account cannot be exported.');
    }
    if (!allowsMigration(standing(account, await deps.optOuts.find(identity.email), deps.now()))) {
      return apiError(c, 409, 'OPT_OUT_STATE', 'This account is closing and can no longer be exported.');
    }
    const allowed = allowedOperations(account, { forwarding: false });
    const refused = body.operations.find((operation) => !allowed.includes(operation));
    if (refused) return apiError(c, 400, 'OPERATION_NOT_ALLOWED', `Operation '${refused}' not allowed.`, 'operations');

    // Where the export goes: a consent token names the address; Other names it with a password.
    let destinationEmail: string | null = null;
    if (OAUTH_DESTINATIONS.has(destination.provider)) {
      const grant = await verifyToken(deps.tokens, destination.tokenId, ['destination']);
      if (!grant || grant.provider !== destination.provider) {
        return apiError(c, 401, 'UNAUTHORIZED', 'The destination sign-in has expired. Please, sign in again.', 'destination_account.tokenId');
      }
      destinationEmail = grant.email;
    } else if (destination.provider === 'other') {
      const address = v.safeParse(EmailAddressSchema, destination.email ?? '');
      if (!address.success) return invalidRequest(c, 'Please enter a valid email address.', 'destination_account.email');
      if (!destination.password) return invalidRequest(c, 'A password is required.', 'destination_account.password');
      const imap = destination.imap?.trim() || body.parameters.destinationImap?.trim();
      if (imap && parseImapAddress(imap) === null) {
        return apiError(c, 400, 'INVALID_IMAP', 'Invalid IMAP. Please enter a valid IMAP address.', 'destination_account.imap');
      }
      destinationEmail = address.output;
    }
    if (destinationEmail !== null && sameAddress(destinationEmail, identity.email)) {
      return invalidRequest(c, 'Please, use different addresses for source and destination.', 'destination_account.email');
    }
    const formats = body.file_export_parameters ?? {};
    const emailFormat = destination.provider === 'file' ? (formats.emailFormat ?? null) : null;
    const contactsFormat = destination.provider === 'file' ? (formats.contactsFormat ?? null) : null;
    if (destination.provider === 'file') {
      if (body.operations.includes('emailmigration') && !emailFormat) {
        return invalidRequest(c, 'Please, choose an email format.', 'file_export_parameters.emailFormat');
      }
      if (body.operations.includes('contactsmigration') && !contactsFormat) {
        return invalidRequest(c, 'Please, choose a contacts format.', 'file_export_parameters.contactsFormat');
      }
    }

    const now = deps.now();
    const job = {
      exportId: newExportId(),
      sourceEmail: identity.email,
      destinationProvider: destination.provider,
      destinationEmail,
      operations: [...new Set(body.operations)],
      emailFormat: body.operations.includes('emailmigration') ? emailFormat : null,
      contactsFormat: body.operations.includes('contactsmigration') ? contactsFormat : null,
      createdAt: now,
    };
    // A double submit (same body, same session, within the window) gets the first job back, even
    // when both arrive at once on different nodes: the store lets one load claim the key.
    const holder = await deps.jobs.insertUnlessDuplicate(
      {
        ...job,
        emailHash: deps.hashEmail(identity.email),
        notificationEmail: notificationEmail.output,
        idempotencyKey: idempotencyKey(c.req.header('Authorization') ?? '', body),
      },
      now - deps.config.idempotencyWindowMs,
    );
    if (holder !== job.exportId) return c.json({ jobid: holder } satisfies LoadResponse);
    try {
      await deps.vendor.start(job);
    } catch (error) {
      await deps.jobs.remove(job.exportId);
      deps.logger.error({ err: error, exportId: job.exportId }, 'vendor refused the job');
      return apiError(c, 502, 'VENDOR_UNAVAILABLE', 'Unknown error, please try again.');
    }
    deps.logger.info({ exportId: job.exportId, provider: job.destinationProvider, operations: job.operations }, 'export started');
    const stored = await deps.jobs.find(job.exportId);
    if (stored) await deps.jobService.notify(stored, 'started');
    return c.json({ jobid: job.exportId } satisfies LoadResponse);
  });

  return app;
}
