/**
 * What a caller stores for a contacts transfer and hands the engine, as for mail (../job.ts): everything
 * but the secret. The destination's password or access token travels beside the job as one string,
 * kept encrypted at rest by the caller; the source's service account is the service's configuration.
 */
import * as v from 'valibot';
import { checkedBaseUrl } from '../http/base-url.ts';

const HttpUrlSchema = v.pipe(
  v.string(),
  v.check((url) => {
    try {
      checkedBaseUrl(url, 'CardDAV');
      return true;
    } catch {
      return false;
    }
  }, 'an https URL without credentials (plain http only for a loopback server)'),
);

export const CardDavEndpointSchema = v.object({
  /** The server's base URL, for example `https://dav.example.net/`. */
  url: HttpUrlSchema,
  /** Per request; 60 s by default. */
  timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type CardDavEndpoint = v.InferOutput<typeof CardDavEndpointSchema>;

export const CardDavDestinationSchema = v.object({
  kind: v.literal('carddav'),
  endpoint: CardDavEndpointSchema,
  user: v.pipe(v.string(), v.minLength(1)),
  /** password: Basic authentication (app passwords); bearer: an OAuth access token. */
  auth: v.picklist(['password', 'bearer']),
  /** The address book to fill (path or display name); the account's first, or a new "Contacts", by default. */
  addressBook: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export const ContactsArchiveDestinationSchema = v.object({
  kind: v.literal('archive'),
  format: v.picklist(['VCF', 'CSV', 'PST']),
});

export const ContactsTransferJobSchema = v.object({
  transferId: v.pipe(v.string(), v.minLength(1)),
  /** The customer's login name at the source's CardDAV server. */
  sourceAccount: v.pipe(v.string(), v.minLength(1)),
  destination: v.variant('kind', [CardDavDestinationSchema, ContactsArchiveDestinationSchema]),
});
export type ContactsTransferJob = v.InferOutput<typeof ContactsTransferJobSchema>;
