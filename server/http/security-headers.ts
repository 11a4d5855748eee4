/**
 * Headers on every answer. The CSP allows scripts from the portal's own origin only (Vite's build
 * has no inline script); style-src keeps 'unsafe-inline' because Emotion injects <style> elements
 * at run time without a nonce (see docs/configuration.md). frame-ancestors 'none' forbids framing.
 * When the portal's public address is https, Strict-Transport-Security keeps browsers on https.
 */
import type { MiddlewareHandler } from 'hono';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** One year; no includeSubDomains, since the portal does not own its parent domain's other hosts. */
export const HSTS = 'max-age=31536000';

export function securityHeaders(options: { hsts: boolean; extraConnectSrc?: readonly string[] }): MiddlewareHandler {
  const extraConnectSrc = options.extraConnectSrc ?? [];
  const policy = extraConnectSrc.length
    ? CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${extraConnectSrc.join(' ')}`)
    : CONTENT_SECURITY_POLICY;
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.hsts) c.header('Strict-Transport-Security', HSTS);
  };
}
