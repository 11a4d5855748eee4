/**
 * The flow in progress between the redirect to an authorization server and its answer, kept in the
 * browser as a short-lived HttpOnly cookie sealed with AES-256-GCM (server/crypto/vault.ts): it
 * cannot be read, forged or edited. It holds what the answer is checked against — the random
 * `state`, the `nonce` the ID token must carry, the PKCE verifier — and the server the flow was
 * started with, so an answer at another server's callback is refused (mix-up, RFC 9700 §4.4). The
 * cookie binds the answer to the browser that began the flow.
 */
import { timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { DestinationProviderSchema, OperationSchema } from '../../contract/index.ts';
import { openJson, type Vault } from '../crypto/vault.ts';
import { DESTINATION_SERVER_NAMES } from './oauth/destination-servers.ts';

export const FLOW_COOKIE_NAME = 'identity_flow';
/** Only the identity routes need it; /api/oauth/ also covers the callbacks under /api/oauth/callback. */
export const FLOW_COOKIE_PATH = '/api/oauth/';
/** Long enough to sign in or read a consent screen; short enough to be useless if leaked. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

const PURPOSE = 'identity-flow-cookie';

const checks = {
  state: v.string(),
  nonce: v.string(),
  codeVerifier: v.string(),
  /** The redirect URI the server was given; the token request must repeat it exactly. */
  redirectUri: v.string(),
  expiresAt: v.number(),
};

const PendingFlowSchema = v.variant('kind', [
  v.object({ kind: v.literal('sign-in'), purpose: v.picklist(['sign-in', 'status']), ...checks }),
  v.object({
    kind: v.literal('consent'),
    provider: DestinationProviderSchema,
    server: v.picklist(DESTINATION_SERVER_NAMES),
    scopes: v.array(OperationSchema),
    ...checks,
  }),
]);
export type PendingFlow = v.InferOutput<typeof PendingFlowSchema>;

/** The authorization server a flow was started with: the single sign-on, or a destination's. */
export const serverOf = (flow: PendingFlow) => (flow.kind === 'sign-in' ? 'sso' : flow.server);

/** Equal strings, in time that does not reveal how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createFlowSeal(vault: Vault, now: () => number = Date.now) {
  return {
    seal(flow: PendingFlow): string {
      return vault.seal(JSON.stringify(flow), PURPOSE);
    },
    /** The flow of a cookie this service wrote and that has not expired, else null. */
    open(cookie: string | undefined): PendingFlow | null {
      if (!cookie || cookie.length > 4096) return null;
      const flow = openJson(vault, cookie, PURPOSE, PendingFlowSchema);
      return flow && flow.expiresAt > now() ? flow : null;
    },
  };
}

/** The Set-Cookie value carrying a sealed flow, or clearing it (value empty, Max-Age 0). */
export function flowCookieHeader(value: string | null, secure: boolean): string {
  const maxAge = value === null ? 0 : Math.floor(FLOW_TTL_MS / 1000);
  return [
    `${FLOW_COOKIE_NAME}=${value ?? ''}`,
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    // Lax, not Strict: the authorization server answers with a top-level redirect from its own site.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
