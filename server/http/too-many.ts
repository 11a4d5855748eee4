/** The one 429 answer of every limit: Retry-After in seconds, and a sentence the portal can show. */
import type { Context } from 'hono';
import type { Refusal } from '../limits/limits.ts';
import { apiError } from './errors.ts';

export function tooMany(c: Context, refusal: Refusal) {
  c.header('Retry-After', String(refusal.retryAfterS));
  return apiError(c, 429, 'RATE_LIMITED', refusal.message);
}
