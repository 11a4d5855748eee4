/**
 * The session client's calls (§7): capabilities and validate (load is in load.ts). Each needs the
 * XSRF header and the source account's bearer token. `validate` logs into a mailbox someone else
 * runs, so it is limited per account and per client address, and slowed down per destination
 * address after repeated wrong passwords, a brake reserved before the check so a burst of checks
 * cannot slip past it (server/limits/limits.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CapabilitiesRequestSchema,
  DestinationProviderSchema,
  EmailAddressSchema,
  isPasswordDestination,
  ValidateRequestSchema,
  type CapabilitiesResponse,
  type ImapAddress,
  type ValidateResponse,
  parseImapAddress,
} from '../../contract/index.ts';
import { requireBearer, type AuthEnv } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import { invalidRequest, validated } from '../http/errors.ts';
import { tooMany } from '../http/too-many.ts';
import { requireXsrf } from '../http/xsrf.ts';
import { allowedOperations, capabilities, providerForEmail, sameAddress } from '../rules/capabilities.ts';
import type { CredentialCheck } from '../ports.ts';
import type { RouteDeps } from './deps.ts';

/** A password destination's own IMAP server (iCloud's), where its credentials are checked whatever the request names. */
function knownServer(deps: Pick<RouteDeps, 'config'>, provider: string): ImapAddress | null {
  const destination = v.safeParse(DestinationProviderSchema, provider);
  if (!destination.success || !isPasswordDestination(destination.output)) return null;
  return deps.config.destinations.imap[destination.output as keyof RouteDeps['config']['destinations']['imap']] ?? null;
}

/** The bearer and XSRF checks every session-client call starts with. */
export function sessionChecks(deps: Pick<RouteDeps, 'config' | 'tokens'>) {
  return [requireXsrf({ publicUrl: deps.config.publicUrl }), requireBearer(deps.tokens)] as const;
}

export function sessionRoutes(deps: Pick<RouteDeps, 'config' | 'credentialChecker' | 'directory' | 'limits' | 'tokens'>) {
  const app = new Hono<AuthEnv>();
  const [xsrf, bearer] = sessionChecks(deps);

  app.post('/api/capabilities/', xsrf, bearer, validated('json', CapabilitiesRequestSchema), (c) => {
    const { email } = c.req.valid('json');
    const identity = c.var.identity;
    const source = deps.directory.find(identity.email);
    // The portal asks about the signed-in account itself (its single sign-on is OAuth); any other
    // address is answered for the destination its domain belongs to.
    const flags = { forwarding: deps.config.transfers.forwarding };
    const answer: CapabilitiesResponse = sameAddress(email, identity.email)
      ? { allowed_operations: allowedOperations(source, flags), auth: 'oauth', provider: identity.provider }
      : capabilities(source, providerForEmail(email), flags);
    return c.json(answer);
  });

  app.post('/api/validate/', xsrf, bearer, validated('json', ValidateRequestSchema), async (c) => {
    const body = c.req.valid('json');
    if (!v.is(EmailAddressSchema, body.email)) return invalidRequest(c, 'Please enter a valid email address.', 'email');
    if (!body.password) return invalidRequest(c, 'A password is required.', 'password');
    // A custom host is read the way the browser's rule and the export read it; one that is not an
    // IMAP address is refused here without a connection (and without counting against any limit).
    const imap = knownServer(deps, body.provider) ?? (body.imap?.trim() ? parseImapAddress(body.imap) : null);
    if (body.imap?.trim() && imap === null) return c.json({ ok: false, error: 'INVALID_IMAP' } satisfies ValidateResponse);
    const destination = body.email.trim();
    const refused = await deps.limits.checkCredentials(c.var.identity.email, clientIp(c, deps.config.trustedProxyHops), destination);
    if (refused) return tooMany(c, refused);
    // The brake's reservation is given back whatever happens, a thrown check included.
    let result: CredentialCheck | undefined;
    try {
      result = await deps.credentialChecker.check({ email: destination, password: body.password, imap });
    } finally {
      await deps.limits.credentialsChecked(destination, result);
    }
    const answer: ValidateResponse = result.ok ? { ok: true, error: null } : { ok: false, error: result.error };
    return c.json(answer);
  });

  return app;
}
