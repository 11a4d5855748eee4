/**
 * The 40-character email hash of spec §5 that /status-from-email sends to jobs-by-email. A keyed
 * hash (HMAC-SHA1 with a server secret) rather than a plain SHA-1: nobody can compute the hash of
 * someone else's address and list their exports without signing in as them.
 */
import { createHmac } from 'node:crypto';

export function emailHash(email: string, secret: string): string {
  if (secret.length === 0) throw new Error('emailHash needs a non-empty server secret');
  return createHmac('sha1', secret).update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
