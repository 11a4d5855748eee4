/**
 * Download links: the token is an HMAC of the export ID under the server secret, so it is
 * unguessable, can be shown again on every status answer, and is never stored: the database keeps
 * only its SHA-256 to find the job.
 */
import { createHash, createHmac } from 'node:crypto';

export const downloadToken = (secret: string, exportId: string): string =>
  createHmac('sha256', secret).update(`download:${exportId}`).digest('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Shape of a token this service hands out (43 base64url characters): anything else is refused unread. */
export const DOWNLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
