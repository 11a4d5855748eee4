/**
 * POST /api/load/ (§7): starts an export of the signed-in account. After the checks of §4 and §5,
 * the daily limit, then one transaction counts the account's running exports and stores the job with
 * its 'started' mail, its consent and the engine's transfer (server/jobs/job-service.ts). Mail is sent by the
 * outbox in the background: this request never waits on SMTP. The same meaning (account,
 * operations, destination, formats) within the idempotency window gets the first job back.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  destinationOf,
  withImpliedOperations,
  isOAuthDestination,
  isPasswordDestination,
  isProviderReached,
  EmailAddressSchema,
  LoadRequestSchema,
  parseImapAddress,
  type ImapAddress,
  type LoadRequest,
  type LoadResponse,
} from '../../contract/index.ts';
import type { AuthEnv, TokenIdentity } from '../http/auth.ts';
import { verifyToken } from '../http/auth.ts';
import { serviceDestination } from '../destinations/index.ts';
import { successorAccount } from '../destinations/successor-account.ts';
import { apiError, invalidRequest, validated } from '../http/errors.ts';
import { tooMany } from '../http/too-many.ts';
import { TooManyRunning } from '../db/jobs-store.ts';
import { newExportId } from '../jobs/export-id.ts';
import { loadKey } from '../jobs/load-key.ts';
import { allowedOperations, sameAddress } from '../rules/capabilities.ts';
import { resolveMailChoice } from '../rules/mail-choice.ts';
import { allowsMigration, standing } from '../rules/opt-out.ts';
import type { RouteDeps } from './deps.ts';
import { sessionChecks } from './session.ts';

type LoadDeps = Pick<
  RouteDeps,
  'config' | 'directory' | 'hashEmail' | 'jobs' | 'jobService' | 'limits' | 'logger' | 'now' | 'optOuts' | 'tokens'
>;

type Destination = { email: string | null; imap: ImapAddress | null; password: string | null; consent?: string };

const consentExpired = (c: Context) =>
  apiError(c, 401, 'UNAUTHORIZED', 'The destination sign-in has expired. Please, sign in again.', 'destination_account.tokenId');

/**
 * Where the export goes: a consent names the address (and its token stands for the OAuth grant the
 * export will use); the provider's successor product is the account it keeps for the signed-in
 * customer; a password destination names it with a password and, for Other, optionally its IMAP
 * server (read once, here, and kept with the job); a file has none.
 */
async function exportDestination(c: Context, deps: LoadDeps, body: LoadRequest, signedIn: string): Promise<Destination | Response> {
  const destination = body.destination_account;
  if (isProviderReached(destination.provider)) {
    const server = deps.config.destinations.providerImap[destination.provider as keyof typeof deps.config.destinations.providerImap];
    // Without its server only development can take it (its mailbox store stands in); production says so before anything starts.
    if (!server && !deps.config.development) {
      return apiError(c, 400, 'PROVIDER_NOT_SUPPORTED', 'This provider is not supported.', 'destination_account.provider');
    }
    const domain = server ? server.addressDomain : (serviceDestination(destination.provider)?.development.addressDomain ?? null);
    return { email: successorAccount(signedIn, domain), imap: null, password: null };
  }
  if (isOAuthDestination(destination.provider)) {
    const grant = await verifyToken(deps.tokens, destination.tokenId, ['destination']);
    if (!grant || !destination.tokenId || grant.provider !== destination.provider) return consentExpired(c);
    return { email: grant.email, imap: null, password: null, consent: destination.tokenId };
  }
  if (!isPasswordDestination(destination.provider)) return { email: null, imap: null, password: null };
  const address = v.safeParse(EmailAddressSchema, destination.email ?? '');
  if (!address.success) return invalidRequest(c, 'Please enter a valid email address.', 'destination_account.email');
  if (!destination.password) return invalidRequest(c, 'A password is required.', 'destination_account.password');
  // Only Other lets the customer name the server; a provider's own is the service's to know.
  const written = destinationOf(destination.provider).passwordForm?.customImap
    ? destination.imap?.trim() || body.parameters.destinationImap?.trim()
    : undefined;
  const imap = written ? parseImapAddress(written) : null;
  if (written && imap === null) {
    return apiError(c, 400, 'INVALID_IMAP', 'Invalid IMAP. Please enter a valid IMAP address.', 'destination_account.imap');
  }
  return { email: address.output, imap, password: destination.password };
}

/** A file export's format for each chosen type (required), or nulls for any other destination. */
function formatsOf(c: Context, body: LoadRequest) {
  if (body.destination_account.provider !== 'file') return { email: null, contacts: null };
  const chosen = body.file_export_parameters ?? {};
  const email = body.operations.includes('emailmigration') ? (chosen.emailFormat ?? null) : null;
  const contacts = body.operations.includes('contactsmigration') ? (chosen.contactsFormat ?? null) : null;
  if (body.operations.includes('emailmigration') && !email)
    return invalidRequest(c, 'Please, choose an email format.', 'file_export_parameters.emailFormat');
  if (body.operations.includes('contactsmigration') && !contacts) {
    return invalidRequest(c, 'Please, choose a contacts format.', 'file_export_parameters.contactsFormat');
  }
  return { email, contacts };
}

/** §4 and the account's own state: may this account be exported at all. */
async function exportRefusal(c: Context, deps: LoadDeps, identity: TokenIdentity, body: LoadRequest): Promise<Response | null> {
  const account = deps.directory.find(identity.email);
  if (account.inactive === 'user' || account.inactive === 'account' || account.inactive === 'mailbox') {
    return apiError(c, 409, 'ACCOUNT_NOT_ACTIVE', 'This account cannot be exported.');
  }
  if (!allowsMigration(standing(account, await deps.optOuts.find(identity.email), deps.now()))) {
    return apiError(c, 409, 'OPT_OUT_STATE', 'This account is closing and can no longer be exported.');
  }
  const allowed = allowedOperations(account, { forwarding: deps.config.transfers.forwarding }, body.destination_account.provider);
  const refused = body.operations.find((operation) => !allowed.includes(operation));
  return refused ? apiError(c, 400, 'OPERATION_NOT_ALLOWED', `Operation '${refused}' not allowed.`, 'operations') : null;
}

export function loadRoutes(deps: LoadDeps) {
  const app = new Hono<AuthEnv>();
  const [xsrf, bearer] = sessionChecks(deps);

  app.post('/api/load/', xsrf, bearer, validated('json', LoadRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const identity = c.var.identity;
    if (!sameAddress(body.source_account.email, identity.email)) {
      return apiError(c, 403, 'SOURCE_MISMATCH', 'The source account is not the signed-in account.', 'source_account.email');
    }
    const notificationEmail = v.safeParse(EmailAddressSchema, body.parameters.notificationEmail);
    if (!notificationEmail.success)
      return invalidRequest(c, 'Please, enter a valid notification email address.', 'parameters.notificationEmail');
    const refusal = await exportRefusal(c, deps, identity, body);
    if (refusal) return refusal;
    const provider = body.destination_account.provider;
    const destination = await exportDestination(c, deps, body, identity.email);
    if (destination instanceof Response) return destination;
    // The successor product may keep the customer's own address: only an address the customer gave must differ.
    if (destination.email !== null && !isProviderReached(provider) && sameAddress(destination.email, identity.email)) {
      return invalidRequest(c, 'Please, use different addresses for source and destination.', 'destination_account.email');
    }
    const formats = formatsOf(c, body);
    if (formats instanceof Response) return formats;

    const now = deps.now();
    const operations = withImpliedOperations(body.operations);
    // What of the mail to move matters only when mail moves.
    const mailChoice = operations.includes('emailmigration') ? resolveMailChoice(body.mail_choice, now) : null;
    if (mailChoice && 'refused' in mailChoice) return invalidRequest(c, mailChoice.refused, mailChoice.field);
    const idempotencyKey = loadKey({
      account: identity.email,
      operations,
      destination: { provider, email: destination.email },
      formats,
      ...(mailChoice ? { mailChoice } : {}),
    });
    const duplicateSince = now - deps.config.idempotencyWindowMs;
    // A repeat of a load already made is answered with its job, before any limit counts it.
    const earlier = await deps.jobs.claimHolder(idempotencyKey, duplicateSince);
    if (earlier) return c.json({ jobid: earlier } satisfies LoadResponse);

    const overDaily = await deps.limits.startExport(identity.email);
    if (overDaily) return tooMany(c, overDaily);

    const job = {
      exportId: newExportId(),
      sourceEmail: identity.email,
      destinationProvider: provider,
      destinationEmail: destination.email,
      destinationImap: destination.imap,
      operations,
      emailFormat: formats.email,
      contactsFormat: formats.contacts,
      createdAt: now,
      ...(mailChoice ? { mailChoice } : {}),
    };
    // Two identical loads at once, on any nodes: the store lets one claim the key; the other gets its
    // job. The running limit is counted in the same step, so loads at once cannot all pass it. The job,
    // its consent and its transfer are written together or not at all (server/jobs/job-service.ts).
    const started = await deps.jobService
      .start(
        {
          job: {
            ...job,
            emailHash: deps.hashEmail(identity.email),
            notificationEmail: notificationEmail.output,
            language: body.language ?? 'en',
            idempotencyKey,
          },
          secret: destination.password,
          consent: destination.consent ?? null,
        },
        duplicateSince,
        deps.limits.runningExports,
      )
      .catch((error: unknown) => (error instanceof TooManyRunning ? error : { refused: error }));
    if (started instanceof TooManyRunning) {
      await deps.limits.exportNotStarted(identity.email);
      return tooMany(c, {
        retryAfterS: 60,
        message: `You already have ${started.running} exports running, the most allowed at once. Please start another when one of them has ended.`,
      });
    }
    if (started === 'consent-used') {
      await deps.limits.exportNotStarted(identity.email);
      return consentExpired(c);
    }
    if ('refused' in started) {
      await deps.limits.exportNotStarted(identity.email);
      deps.logger.error({ err: started.refused, exportId: job.exportId }, 'the engine refused the export');
      return apiError(c, 502, 'VENDOR_UNAVAILABLE', 'Unknown error, please try again.');
    }
    if (started.exportId !== job.exportId) {
      await deps.limits.exportNotStarted(identity.email);
      return c.json({ jobid: started.exportId } satisfies LoadResponse);
    }
    deps.logger.info({ exportId: job.exportId, provider: job.destinationProvider, operations: job.operations }, 'export started');
    return c.json({ jobid: job.exportId } satisfies LoadResponse);
  });

  return app;
}
