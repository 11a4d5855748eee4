/**
 * The Stately inspector for development builds (`npm run inspect`). The app imports this file
 * dynamically behind `import.meta.env.DEV && import.meta.env.VITE_INSPECT`, so nothing of it reaches
 * the production bundle. Secrets are masked before an event leaves the page.
 */
import { createBrowserInspector } from '@statelyai/inspect';

const SECRET_KEYS = new Set(['password', 'tokenid', 'token_id', 'token', 'srcpassword', 'srctokenid', 'hash', 'emailhash']);
export const MASK = '••••';

/** `hash` is also the URL fragment of ROUTE.VISITED ('#error'), which is no secret. */
const isSecret = (key: string, value: unknown): boolean =>
  SECRET_KEYS.has(key.toLowerCase()) &&
  value !== undefined &&
  value !== '' &&
  !(key === 'hash' && typeof value === 'string' && value.startsWith('#'));

/** A deep copy with every secret-named key's value replaced by the mask. */
export const maskSecrets = <T>(value: T, depth = 0): T => {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => maskSecrets(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecret(key, inner) ? MASK : maskSecrets(inner, depth + 1);
  }
  return out as T;
};

/** The inspector; pass `inspector.inspect` to `createActor(machine, { inspect })`. */
export const createPortalInspector = (options: { autoStart?: boolean } = {}) =>
  createBrowserInspector({
    autoStart: options.autoStart ?? true,
    sanitizeContext: (context) => maskSecrets(context),
    sanitizeEvent: (event) => maskSecrets(event),
    serialize: (event) => maskSecrets(event),
  });
