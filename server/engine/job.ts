/**
 * What a caller stores for a mail transfer and hands the engine: everything but the secret, so the job
 * can sit in the database as plain JSON. The destination's password or OAuth access token travels
 * beside it as one string (`destinationSecret`), which the caller keeps encrypted at rest and decrypts
 * only to start a run. The source's master credentials are the service's configuration, not the job's.
 */
import * as v from 'valibot';
import { MailPlanOptionsSchema } from './plan.ts';

export const ImapEndpointSchema = v.object({
  host: v.pipe(v.string(), v.minLength(1)),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  /** implicit: TLS from the first byte (993); starttls: cleartext greeting upgraded before login (143). */
  tls: v.picklist(['implicit', 'starttls']),
  /** Extra CA certificate to trust (PEM), for servers with a private CA. */
  ca: v.optional(v.string()),
  /**
   * The name to verify the certificate against when `host` is an address the caller resolved and
   * checked itself (the outbound guard), so the connection goes to that address and nowhere else.
   */
  servername: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Connection, greeting and socket inactivity timeout; 60 s by default. */
  timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type ImapEndpoint = v.InferOutput<typeof ImapEndpointSchema>;

export const ImapDestinationSchema = v.object({
  kind: v.literal('imap'),
  endpoint: ImapEndpointSchema,
  user: v.pipe(v.string(), v.minLength(1)),
  /**
   * password: Yahoo, AOL, other providers (app passwords); xoauth2: Gmail and Outlook.com access
   * tokens; master: the closing provider's own server (its successor product), as the source is read.
   */
  auth: v.picklist(['password', 'xoauth2', 'master']),
  /** Connections (so folders copied at once) the provider tolerates; 4 by default. */
  maxConnections: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Larger messages are reported as too big without being sent (Gmail and Microsoft: 35 MB). */
  maxMessageBytes: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  /**
   * Add CRLF to a message that does not end with one (Yahoo and AOL want it). Off by default: it
   * changes the message's bytes, so the destination's copy is then two bytes longer.
   */
  finalCrlf: v.optional(v.boolean()),
});
export type ImapDestinationConfig = v.InferOutput<typeof ImapDestinationSchema>;

export const ArchiveDestinationSchema = v.object({
  kind: v.literal('archive'),
  format: v.picklist(['MBOX', 'EML', 'PST']),
});

/**
 * Gmail through its import API (labels instead of folders). The API's address and the user's quota
 * are the service's configuration; the access token travels beside the job like any secret.
 */
export const GmailApiDestinationSchema = v.object({
  kind: v.literal('gmail-api'),
  /** The Gmail address (the consent's account). */
  user: v.pipe(v.string(), v.minLength(1)),
  maxParallelFolders: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Gmail's API takes messages up to 150 MB. */
  maxMessageBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type GmailApiDestination = v.InferOutput<typeof GmailApiDestinationSchema>;

export const MailTransferJobSchema = v.object({
  transferId: v.pipe(v.string(), v.minLength(1)),
  /** The customer's login name at the source; the engine logs in as it through the master user. */
  sourceMailbox: v.pipe(v.string(), v.minLength(1)),
  destination: v.variant('kind', [ImapDestinationSchema, ArchiveDestinationSchema, GmailApiDestinationSchema]),
  plan: v.optional(MailPlanOptionsSchema),
});
export type MailTransferJob = v.InferOutput<typeof MailTransferJobSchema>;
