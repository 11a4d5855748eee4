/**
 * One `users.messages.import` through Gmail's upload endpoint, which takes messages up to 150 MB
 * (developers.google.com/gmail/api/reference/rest/v1/users.messages/import, "Media upload"): the
 * message's bytes as `message/rfc822` beside the metadata (its labels). Small messages go in one
 * multipart/related request; larger ones (over 5 MB, where Google's upload guide asks for it) as a
 * resumable upload: a first request with the metadata answers with an upload URL, the bytes go there.
 *
 * `internalDateSource=dateHeader` gives the message its Date header's time instead of the import's,
 * so it sorts where it belongs; `neverMarkSpam` keeps Gmail's spam filter from moving old mail;
 * `processForCalendar=false` keeps old invitations out of the calendar.
 */
import { randomBytes } from 'node:crypto';
import { isSuccess } from '../http/answers.ts';
import type { ApiAnswer, ApiClient, ApiRequest } from '../http/api-client.ts';
import { TransferFault } from '../ports.ts';
import { UNITS } from './label-directory.ts';

const IMPORT_PATH = 'upload/gmail/v1/users/me/messages/import';
const MULTIPART_LIMIT = 5 * 1024 * 1024;
const PARAMS = { internalDateSource: 'dateHeader', neverMarkSpam: true, processForCalendar: false };

function boundaryFor(raw: Buffer): string {
  for (;;) {
    const boundary = `import_${randomBytes(16).toString('hex')}`;
    if (!raw.includes(boundary)) return boundary;
  }
}

function multipart(raw: Buffer, labelIds: string[]): { body: Buffer; contentType: string } {
  const boundary = boundaryFor(raw);
  const head = `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ labelIds })}\r\n--${boundary}\r\nContent-Type: message/rfc822\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), raw, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

/** Sends the import; the answer is the provider's (a Message on success), for the caller to read. */
export async function importMessage(
  client: ApiClient,
  raw: Buffer,
  labelIds: string[],
  what: string,
): Promise<{ request: ApiRequest; answer: ApiAnswer }> {
  if (raw.length <= MULTIPART_LIMIT) {
    const { body, contentType } = multipart(raw, labelIds);
    const request: ApiRequest = {
      method: 'POST',
      path: IMPORT_PATH,
      query: { uploadType: 'multipart', ...PARAMS },
      body,
      contentType,
      units: UNITS.messagesImport,
      what,
    };
    return { request, answer: await client.send(request) };
  }
  const start: ApiRequest = {
    method: 'POST',
    path: IMPORT_PATH,
    query: { uploadType: 'resumable', ...PARAMS },
    json: { labelIds },
    headers: { 'x-upload-content-type': 'message/rfc822', 'x-upload-content-length': String(raw.length) },
    units: UNITS.messagesImport,
    what,
  };
  const started = await client.send(start);
  const location = started.headers.get('location');
  if (!isSuccess(started)) return { request: start, answer: started };
  if (!location) throw new TransferFault('unreachable', 'destination', `Gmail: ${what}: the upload was accepted without an upload URL`);
  const upload: ApiRequest = { method: 'PUT', path: location, body: raw, contentType: 'message/rfc822', what };
  return { request: upload, answer: await client.send(upload) };
}
