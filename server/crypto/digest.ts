/**
 * The digest a secret is stored as (sign-in tokens, answered flow states, destination grant keys):
 * SHA-256, hex. These secrets are 256 random bits, so a plain hash cannot be reversed by guessing,
 * and a copy of the database holds nothing anyone could present.
 */
import { createHash } from 'node:crypto';

export const sha256Hex = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
