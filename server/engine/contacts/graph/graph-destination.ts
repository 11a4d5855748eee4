/**
 * Contacts into Outlook.com through Microsoft Graph (`POST /me/contacts`; Microsoft offers no CardDAV),
 * into the account's default contacts folder, one contact a request, then its photo
 * (`PUT /me/contacts/{id}/photo/$value`; a photo Graph refuses leaves the contact without it). Graph
 * throttles per mailbox (about 10,000 requests in 10 minutes) with 429 and Retry-After, which the
 * engine waits for.
 *
 * Duplicates: the contact's vCard UID is kept as an extended property; before writing, the folder's
 * contacts are read with that property, and a contact it holds — by that UID, or by given name,
 * surname and the first e-mail address — is not sent again. Needs `Contacts.ReadWrite` (a token for
 * graph.microsoft.com, separate from the IMAP one).
 */
import * as v from 'valibot';
import type { ApiRunOptions } from '../../gmail/destination.ts';
import type { AccessTokens } from '../../http/access-tokens.ts';
import { bodyOf, call, writeResult } from '../../http/answers.ts';
import type { ApiClient, ApiEndpoint, ApiRequest } from '../../http/api-client.ts';
import { openCheckedSession } from '../../http/open-session.ts';
import { createQuotaPacer, type Quota } from '../../http/quota-pacer.ts';
import type { Pacing } from '../../paced.ts';
import { DEFAULT_LIMITS } from '../../pacing.ts';
import { contactKey, uidKey, whoKey, whoKeyOf } from '../contact-key.ts';
import { contactFields } from '../fields.ts';
import type { Contact, ContactsDestination, ContactsDestinationSession } from '../ports.ts';
import { graphContactOf, SOURCE_UID_PROPERTY } from './graph-contact.ts';

const GRAPH = 'Microsoft Graph';
const TARGET = 'Outlook contacts';
const CONTACTS = 'v1.0/me/contacts';

export type GraphContactsDestinationConfig = { endpoint: ApiEndpoint; quota?: Quota };

export const GRAPH_API_DEFAULTS = { quota: { units: 10_000, windowMs: 600_000 } } as const;

const HeldContactSchema = v.object({
  givenName: v.optional(v.nullable(v.string()), ''),
  surname: v.optional(v.nullable(v.string()), ''),
  emailAddresses: v.optional(v.array(v.object({ address: v.optional(v.nullable(v.string()), '') })), []),
  singleValueExtendedProperties: v.optional(v.array(v.object({ id: v.string(), value: v.optional(v.nullable(v.string())) })), []),
});
const PageSchema = v.object({ value: v.array(HeldContactSchema), '@odata.nextLink': v.optional(v.string()) });
const CreatedSchema = v.object({ id: v.string() });

function heldKeysOf(contact: v.InferOutput<typeof HeldContactSchema>): string[] {
  const uid = contact.singleValueExtendedProperties.find((p) => p.id.toLowerCase() === SOURCE_UID_PROPERTY.toLowerCase())?.value;
  const who = contact.emailAddresses.map((email) => whoKey(contact.givenName ?? '', contact.surname ?? '', email.address ?? ''));
  return [...(uid ? [uidKey(uid)] : []), ...who];
}

function session(client: ApiClient, pacing: Pacing): ContactsDestinationSession {
  return {
    prepareBook: async () => TARGET,
    async heldKeys() {
      const held = new Map<string, number>();
      let path: string | undefined = CONTACTS;
      let query: ApiRequest['query'] = {
        $select: 'givenName,surname,emailAddresses',
        $expand: `singleValueExtendedProperties($filter=id eq '${SOURCE_UID_PROPERTY}')`,
        $top: 100,
      };
      while (path) {
        const request: ApiRequest = { method: 'GET', path, query, units: 1, what: 'list contacts' };
        const page = bodyOf(GRAPH, request, await call(client, GRAPH, request, pacing), PageSchema);
        for (const key of page.value.flatMap(heldKeysOf)) held.set(key, (held.get(key) ?? 0) + 1);
        // The next link carries the query itself.
        path = page['@odata.nextLink'];
        query = undefined;
      }
      return held;
    },
    async put(_target, contact: Contact) {
      const fields = contactFields(contact.card);
      const request: ApiRequest = {
        method: 'POST',
        path: CONTACTS,
        json: graphContactOf(fields, contact.uid),
        units: 1,
        what: `create contact ${contact.uid ?? contact.href}`,
      };
      const answer = await client.send(request);
      const result = writeResult(GRAPH, request, answer, pacing.clock.now());
      if (result.ok && fields.photo) {
        const id = bodyOf(GRAPH, request, answer, CreatedSchema).id;
        const photo: ApiRequest = {
          method: 'PUT',
          path: `${CONTACTS}/${encodeURIComponent(id)}/photo/$value`,
          body: fields.photo.bytes,
          contentType: fields.photo.mediaType,
          units: 1,
          what: `photo of ${contact.uid ?? contact.href}`,
        };
        // A photo Graph will not take leaves the contact as it is.
        await call(client, GRAPH, photo, pacing, [400, 404, 413]);
      }
      return result;
    },
    close: async () => client.close(),
  };
}

export function createGraphContactsDestination(
  config: GraphContactsDestinationConfig,
  tokens: AccessTokens,
  run: ApiRunOptions,
): ContactsDestination {
  const limits = { ...DEFAULT_LIMITS, ...run.limits };
  const pacer = createQuotaPacer(run.clock, config.quota ?? GRAPH_API_DEFAULTS.quota);
  return {
    traits: { durable: true },
    connect: () =>
      openCheckedSession(
        { endpoint: config.endpoint, name: GRAPH, tokens, pacer },
        { clock: run.clock, limits },
        { method: 'GET', path: CONTACTS, query: { $top: 1, $select: 'id' }, units: 1, what: 'read the contacts' },
        session,
      ),
    keysFor: (contact) => [contactKey(contact), whoKeyOf(contactFields(contact.card))].filter((key): key is string => key !== null),
    finish: async () => {},
    discard: async () => {},
  };
}
