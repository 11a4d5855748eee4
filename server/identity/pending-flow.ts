/**
 * The flow in progress between the start of a sign-in or consent and its answer, kept in the
 * browser as a short-lived HttpOnly cookie signed with an HMAC (so it cannot be forged or edited)
 * and holding the random `state` the answer must carry back. This binds the answer to the
 * browser that began the flow: a form or callback from anywhere else fails the state check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { DestinationProviderSchema, OperationSchema } from '../../contract/index.ts';

export const FLOW_COOKIE_NAME = 'identity_flow';
/** Only the identity routes need it; /api/oauth/ also covers the return path /api/oauth/callback. */
export const FLOW_COOKIE_PATH = '/api/oauth/';
/** Long enough to read a consent page and type an address; short enough to be useless if leaked. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

const PendingFlowSchema = v.variant('kind', [
  v.object({
    kind: v.literal('sign-in'),
    purpose: v.picklist(['sign-in', 'status']),
    state: v.string(),
    expiresAt: v.number(),
  }),
  v.object({
    kind: v.literal('consent'),
    provider: DestinationProviderSchema,
    scopes: v.array(OperationSchema),
    state: v.string(),
    expiresAt: v.number(),
  }),
]);
export type PendingFlow = v.InferOutput<typeof PendingFlowSchema>;

/** Equal strings, in time that does not reveal how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createFlowSeal(secret: string, now: () => number = Date.now) {
  // A key of its own, derived from the service secret, so a cookie MAC is never an email hash.
  const key = createHmac('sha256', secret).update('identity-flow-cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    seal(flow: PendingFlow): string {
      const payload = Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The flow of a cookie this service wrote and that has not expired, else null. */
    open(cookie: string | undefined): PendingFlow | null {
      if (!cookie || cookie.length > 4096) return null;
      const [payload, signature, extra] = cookie.split('.');
      if (!payload || !signature || extra !== undefined || !sameSecret(signature, mac(payload))) return null;
      try {
        const parsed = v.safeParse(PendingFlowSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        return parsed.success && parsed.output.expiresAt > now() ? parsed.output : null;
      } catch {
        return null;
      }
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
    // Lax, not Strict: a real provider answers with a top-level redirect from its own site.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
