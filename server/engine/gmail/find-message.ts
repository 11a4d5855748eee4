/**
 * Asking Gmail whether it already holds a message, before importing it (a resume, a later delta pass,
 * mail the account already had):
 * - by its Message-ID (`rfc822msgid:`), the identity a message keeps everywhere;
 * - without one, by its Date header's second (Gmail files an import under that time, and its search
 *   takes `after:`/`before:` in epoch seconds), then the same Subject and no Message-ID. A message
 *   with neither a Message-ID nor a readable Date cannot be asked for.
 */
import { decodeWords } from 'postal-mime';
import * as v from 'valibot';
import { headerText, headerValue } from '../headers.ts';
import { bodyOf, call } from '../http/answers.ts';
import type { ApiClient } from '../http/api-client.ts';
import type { Pacing } from '../paced.ts';
import { GMAIL, UNITS } from './label-directory.ts';
import { MessageListSchema } from './schemas.ts';

const MetadataSchema = v.object({
  payload: v.optional(v.object({ headers: v.optional(v.array(v.object({ name: v.string(), value: v.string() })), []) }), { headers: [] }),
});
const MESSAGES = 'gmail/v1/users/me/messages';
const CANDIDATES = 20;

const comparable = (value: string | null) => (value === null ? '' : decodeWords(value).normalize('NFC').replace(/\s+/g, ' ').trim());

async function search(client: ApiClient, pacing: Pacing, q: string, max: number): Promise<string[]> {
  const request = {
    method: 'GET',
    path: MESSAGES,
    query: { q, includeSpamTrash: true, maxResults: max },
    units: UNITS.messagesList,
    what: 'look a message up',
  } as const;
  return bodyOf(GMAIL, request, await call(client, GMAIL, request, pacing), MessageListSchema).messages.map((m) => m.id);
}

export async function findHeld(client: ApiClient, pacing: Pacing, messageId: string | null, raw: Buffer): Promise<string | null> {
  if (messageId !== null) return (await search(client, pacing, `rfc822msgid:${messageId.trim().replace(/^<|>$/g, '')}`, 1))[0] ?? null;
  const head = headerText(raw);
  const date = Date.parse(headerValue(head, 'date') ?? '');
  if (Number.isNaN(date)) return null;
  const second = Math.floor(date / 1000);
  const subject = comparable(headerValue(head, 'subject'));
  for (const id of await search(client, pacing, `after:${second - 1} before:${second + 1}`, CANDIDATES)) {
    const request = {
      method: 'GET',
      path: `${MESSAGES}/${encodeURIComponent(id)}`,
      query: { format: 'metadata', metadataHeaders: ['Subject', 'Message-ID'] },
      units: UNITS.messagesGet,
      what: `read message ${id}`,
    } as const;
    const headers = bodyOf(GMAIL, request, await call(client, GMAIL, request, pacing), MetadataSchema).payload.headers;
    const value = (name: string) => headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;
    if (value('Message-ID') === null && comparable(value('Subject')) === subject) return id;
  }
  return null;
}
