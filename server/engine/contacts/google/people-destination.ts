/**
 * Contacts into Google through the People API (Google offers no CardDAV writing for personal accounts'
 * consented apps): `people:batchCreateContacts` with up to 200 contacts a request, then each photo with
 * `updateContactPhoto`. Google asks that one user's changes go one after another, which the contacts
 * loop does (one address book, one request at a time). A batch Google refuses as a whole (400: one
 * contact it will not take) is sent again one contact at a time (`people:createContact`), so only that
 * contact lands in the item report. A photo Google refuses leaves the contact without it.
 *
 * Duplicates: the contact's vCard UID goes with it as client data; before writing, every contact of
 * the account is read (`connections.list`) and a contact it holds — by that UID, or by given and
 * family name with the first e-mail address — is not sent again. Needs the
 * `https://www.googleapis.com/auth/contacts` scope.
 */
import * as v from 'valibot';
import type { ApiRunOptions } from '../../gmail/destination.ts';
import type { AccessTokens } from '../../http/access-tokens.ts';
import { bodyOf, call, isSuccess, writeResult } from '../../http/answers.ts';
import type { ApiClient, ApiEndpoint, ApiRequest } from '../../http/api-client.ts';
import { openCheckedSession } from '../../http/open-session.ts';
import { createQuotaPacer, type Quota } from '../../http/quota-pacer.ts';
import type { Pacing } from '../../paced.ts';
import { DEFAULT_LIMITS } from '../../pacing.ts';
import type { AppendResult } from '../../ports.ts';
import { contactKey, SOURCE_UID_NAME, uidKey, whoKey, whoKeyOf } from '../contact-key.ts';
import { contactFields } from '../fields.ts';
import type { Contact, ContactsDestination, ContactsDestinationSession } from '../ports.ts';
import { personOf } from './person.ts';

const PEOPLE = 'Google Contacts';
const TARGET = 'Google Contacts';
const MAX_BATCH = 200;

export type PeopleDestinationConfig = {
  endpoint: ApiEndpoint;
  /** Contacts per batchCreateContacts request; at most 200. */
  batch?: number;
  /** Requests a minute for the user (the project's People API quota; each request counts one). */
  quota?: Quota;
};

export const PEOPLE_API_DEFAULTS = { batch: MAX_BATCH, quota: { units: 60, windowMs: 60_000 } } as const;

const KeyValue = v.object({ key: v.optional(v.string()), value: v.optional(v.string()) });
const HeldPersonSchema = v.object({
  resourceName: v.optional(v.string()),
  names: v.optional(v.array(v.object({ givenName: v.optional(v.string(), ''), familyName: v.optional(v.string(), '') })), []),
  emailAddresses: v.optional(v.array(v.object({ value: v.optional(v.string(), '') })), []),
  clientData: v.optional(v.array(KeyValue), []),
});
const ConnectionsSchema = v.object({ connections: v.optional(v.array(HeldPersonSchema), []), nextPageToken: v.optional(v.string()) });
const CreatedSchema = v.object({
  createdPeople: v.optional(
    v.array(
      v.object({
        person: v.optional(v.object({ resourceName: v.string() })),
        status: v.optional(v.object({ code: v.optional(v.number()), message: v.optional(v.string()) })),
      }),
    ),
    [],
  ),
});
const PersonSchema = v.object({ resourceName: v.string() });

function heldKeysOf(person: v.InferOutput<typeof HeldPersonSchema>): string[] {
  const uid = person.clientData.find((entry) => entry.key === SOURCE_UID_NAME)?.value;
  const name = person.names[0];
  const who = name ? person.emailAddresses.map((email) => whoKey(name.givenName, name.familyName, email.value)) : [];
  return [...(uid ? [uidKey(uid)] : []), ...who];
}

function session(client: ApiClient, pacing: Pacing): ContactsDestinationSession {
  async function photo(resourceName: string, contact: Contact): Promise<void> {
    const picture = contactFields(contact.card).photo;
    if (!picture) return;
    const request: ApiRequest = {
      method: 'PATCH',
      path: `v1/${resourceName}:updateContactPhoto`,
      json: { photoBytes: picture.bytes.toString('base64') },
      units: 1,
      what: `photo of ${contact.uid ?? contact.href}`,
    };
    // A photo Google will not take leaves the contact as it is.
    await call(client, PEOPLE, request, pacing, [400, 404, 413]);
  }

  async function createOne(contact: Contact): Promise<AppendResult> {
    const request: ApiRequest = {
      method: 'POST',
      path: 'v1/people:createContact',
      query: { personFields: 'clientData' },
      json: personOf(contactFields(contact.card), contact.uid),
      units: 1,
      what: `create contact ${contact.uid ?? contact.href}`,
    };
    const answer = await client.send(request);
    const result = writeResult(PEOPLE, request, answer, pacing.clock.now());
    if (result.ok) await photo(bodyOf(PEOPLE, request, answer, PersonSchema).resourceName, contact);
    return result;
  }

  async function putMany(contacts: Contact[]): Promise<AppendResult[]> {
    if (contacts.length === 1) return [await createOne(contacts[0] as Contact)];
    const request: ApiRequest = {
      method: 'POST',
      path: 'v1/people:batchCreateContacts',
      json: {
        contacts: contacts.map((contact) => ({ contactPerson: personOf(contactFields(contact.card), contact.uid) })),
        readMask: 'clientData',
        sources: ['READ_SOURCE_TYPE_CONTACT'],
      },
      units: 1,
      what: `create ${contacts.length} contacts`,
    };
    const answer = await client.send(request);
    if (answer.status === 400) {
      // One contact Google will not take refuses the whole batch: each goes alone, to find which.
      const results: AppendResult[] = [];
      for (const contact of contacts) results.push(await createOne(contact));
      return results;
    }
    const result = writeResult(PEOPLE, request, answer, pacing.clock.now());
    if (!isSuccess(answer)) return contacts.map(() => result);
    const created = bodyOf(PEOPLE, request, answer, CreatedSchema).createdPeople;
    const results: AppendResult[] = [];
    for (const [i, contact] of contacts.entries()) {
      const one = created[i];
      if (!one?.person || (one.status?.code ?? 0) !== 0) {
        results.push({
          ok: false,
          refusal: { kind: 'refused', detail: `${PEOPLE}: ${one?.status?.message ?? 'the contact was not created'}` },
        });
        continue;
      }
      await photo(one.person.resourceName, contact);
      results.push({ ok: true });
    }
    return results;
  }

  return {
    prepareBook: async () => TARGET,
    async heldKeys() {
      const held = new Map<string, number>();
      let pageToken: string | undefined;
      do {
        const request: ApiRequest = {
          method: 'GET',
          path: 'v1/people/me/connections',
          query: { personFields: 'names,emailAddresses,clientData', pageSize: 1000, pageToken },
          units: 1,
          what: 'list contacts',
        };
        const page = bodyOf(PEOPLE, request, await call(client, PEOPLE, request, pacing), ConnectionsSchema);
        for (const key of page.connections.flatMap(heldKeysOf)) held.set(key, (held.get(key) ?? 0) + 1);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return held;
    },
    put: async (_target, contact) => (await putMany([contact]))[0] as AppendResult,
    putMany: (_target, contacts) => putMany(contacts),
    close: async () => client.close(),
  };
}

export function createPeopleDestination(config: PeopleDestinationConfig, tokens: AccessTokens, run: ApiRunOptions): ContactsDestination {
  const limits = { ...DEFAULT_LIMITS, ...run.limits };
  const pacer = createQuotaPacer(run.clock, config.quota ?? PEOPLE_API_DEFAULTS.quota);
  return {
    traits: { durable: true, putBatch: Math.min(MAX_BATCH, config.batch ?? PEOPLE_API_DEFAULTS.batch) },
    connect: () =>
      openCheckedSession(
        { endpoint: config.endpoint, name: PEOPLE, tokens, pacer },
        { clock: run.clock, limits },
        {
          method: 'GET',
          path: 'v1/people/me/connections',
          query: { personFields: 'names', pageSize: 1 },
          units: 1,
          what: 'read the contacts',
        },
        session,
      ),
    keysFor: (contact) => [contactKey(contact), whoKeyOf(contactFields(contact.card))].filter((key): key is string => key !== null),
    finish: async () => {},
    discard: async () => {},
  };
}
