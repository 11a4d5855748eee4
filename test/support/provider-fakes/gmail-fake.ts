/**
 * A fake of the Gmail API calls the Gmail destination uses, after Google's reference
 * (developers.google.com/gmail/api/reference/rest) and guides:
 * - `users.getProfile`; `users.labels.list`, `.get` (with `messagesTotal`), `.create` — a name taken
 *   by a system label is refused (400), a name that exists, compared without case, answers 409;
 * - `users.messages.import` on the upload URL: `uploadType=multipart` (multipart/related: JSON metadata,
 *   then the message/rfc822 part), `media` and `resumable` (a first request with the metadata and
 *   `X-Upload-Content-Length` answers 200 with the upload URL in `Location`; the bytes are PUT there);
 *   at most 150 MB (413 above); every label must exist (400 "Invalid label"); `internalDateSource=
 *   dateHeader` takes the Date header's time, `receivedTime` (the default) the time of the import;
 * - `users.messages.list` with `q` (only the operators the adapter uses: `rfc822msgid:`, and `after:`/
 *   `before:` with epoch seconds, as the search guide advises for exact times; any other query answers
 *   400 here so that a change in the adapter shows), `labelIds`, `includeSpamTrash`, `maxResults`,
 *   `pageToken`; spam and trash are left out unless asked for;
 * - `users.messages.get` with `format=minimal|metadata|raw` (`metadataHeaders` picks the headers);
 * - `users.messages.modify`: SENT and DRAFT cannot be applied by hand (the labels guide), 400.
 * Quota: 15,000 units a minute per user by default (an import costs 25, list/modify/labels.create 5,
 * labels.list/get and getProfile 1); over it the answer is 429 rateLimitExceeded "User-rate limit
 * exceeded" (403 userRateLimitExceeded when `rateLimitStatus: 403`), with Retry-After when set.
 */
import { Hono, type Context } from 'hono';
import { FakeProvider, googleError, type Quota } from './fake-server.ts';

export type GmailMessage = {
  id: string;
  threadId: string;
  labelIds: Set<string>;
  raw: Buffer;
  internalDate: number;
  messageId: string | null;
};
export type GmailLabel = { id: string; name: string; type: 'system' | 'user' };

const SYSTEM_LABELS = [
  'INBOX',
  'SPAM',
  'TRASH',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'SENT',
  'DRAFT',
  'CHAT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
];
const NOT_BY_HAND = new Set(['SENT', 'DRAFT']);
const MB = 1024 * 1024;

export type GmailFakeOptions = {
  email?: string;
  quota?: Quota;
  /** 429 (rateLimitExceeded) or 403 (userRateLimitExceeded) for a request over quota. */
  rateLimitStatus?: 429 | 403;
  /** Sent with throttling answers; none by default (Gmail documents none). */
  retryAfterSeconds?: number;
  /** Largest upload accepted; 150 MB as documented. */
  maxUploadBytes?: number;
  /** Messages the server refuses as invalid (400), by a test's rule. */
  refuse?: (raw: Buffer) => boolean;
};

function headerValue(raw: Buffer, name: string): string | null {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, end === -1 ? raw.length : end)
    .toString('latin1')
    .replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}[ \\t]*:(.*)$`, 'im').exec(head);
  return match?.[1]?.trim() || null;
}

const bare = (value: string) => value.trim().replace(/^<|>$/g, '');

/** multipart/related: the JSON metadata and the message, or null when the body is not that. */
function parseMultipart(body: Buffer, contentType: string): { metadata: unknown; raw: Buffer } | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\/related/i.test(contentType) || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    parts.push(body.subarray(at + delimiter.length + 2, next - 2));
    at = next;
  }
  if (parts.length !== 2) return null;
  const [meta, message] = parts.map((part) => {
    const split = part.indexOf('\r\n\r\n');
    return { headers: part.subarray(0, split).toString('latin1'), content: part.subarray(split + 4) };
  });
  if (!meta || !message || !/application\/json/i.test(meta.headers) || !/content-type:\s*message\//i.test(message.headers)) return null;
  try {
    return { metadata: JSON.parse(meta.content.toString('utf8')), raw: message.content };
  } catch {
    return null;
  }
}

export class GmailFake extends FakeProvider {
  readonly messages: GmailMessage[] = [];
  readonly labels = new Map<string, GmailLabel>(SYSTEM_LABELS.map((id) => [id, { id, name: id, type: 'system' }]));
  readonly #uploads = new Map<string, { labelIds: unknown; params: URLSearchParams; length: number }>();
  #next = 1;

  constructor(readonly options: GmailFakeOptions = {}) {
    super(
      'Gmail',
      { quota: options.quota ?? { units: 15_000, windowMs: 60_000 } },
      {
        throttled: () => {
          const status = options.rateLimitStatus ?? 429;
          const reason = status === 403 ? 'userRateLimitExceeded' : 'rateLimitExceeded';
          const headers: Record<string, string> =
            options.retryAfterSeconds !== undefined ? { 'retry-after': String(options.retryAfterSeconds) } : {};
          return {
            status,
            body: googleError(
              status,
              status === 403 ? 'PERMISSION_DENIED' : 'RESOURCE_EXHAUSTED',
              'User-rate limit exceeded',
              reason,
              'usageLimits',
            ),
            headers,
            throttle: true,
          };
        },
        unauthenticated: {
          status: 401,
          body: googleError(
            401,
            'UNAUTHENTICATED',
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            'authError',
          ),
          headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        },
      },
    );
  }

  labelByName(name: string): GmailLabel | undefined {
    return [...this.labels.values()].find((label) => label.name.toLowerCase() === name.toLowerCase());
  }

  /** Every message with the names of its labels (system labels by their ID). */
  messagesWithLabelNames(): Array<GmailMessage & { labels: string[] }> {
    return this.messages.map((m) => ({ ...m, labels: [...m.labelIds].map((id) => this.labels.get(id)?.name ?? id).sort() }));
  }

  #store(raw: Buffer, labelIds: string[], params: URLSearchParams): GmailMessage {
    const date = headerValue(raw, 'date');
    const parsed = date === null ? Number.NaN : Date.parse(date);
    const byHeader = params.get('internalDateSource') === 'dateHeader' && !Number.isNaN(parsed);
    const id = (this.#next++).toString(16).padStart(16, '0');
    const messageId = headerValue(raw, 'message-id');
    const message: GmailMessage = {
      id,
      threadId: id,
      labelIds: new Set(labelIds),
      raw: Buffer.from(raw),
      internalDate: byHeader ? parsed : Date.now(),
      messageId,
    };
    this.messages.push(message);
    return message;
  }

  /** Checks and imports one message; the answer is the Message resource or the documented error. */
  #import(c: Context, raw: Buffer, labelIds: unknown, params: URLSearchParams): Response {
    if (raw.length > (this.options.maxUploadBytes ?? 150 * MB))
      return c.json(googleError(413, 'FAILED_PRECONDITION', 'Request Entity Too Large', 'uploadTooLarge'), 413);
    if (raw.length === 0 || raw.indexOf(':') === -1)
      return c.json(
        googleError(
          400,
          'INVALID_ARGUMENT',
          "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
          'invalidArgument',
        ),
        400,
      );
    const ids = labelIds === undefined ? [] : labelIds;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
      return c.json(googleError(400, 'INVALID_ARGUMENT', 'Invalid value at labelIds', 'invalidArgument'), 400);
    const unknown = (ids as string[]).find((id) => !this.labels.has(id));
    if (unknown !== undefined) return c.json(googleError(400, 'INVALID_ARGUMENT', `Invalid label: ${unknown}`, 'invalidArgument'), 400);
    if (this.options.refuse?.(raw)) return c.json(googleError(400, 'INVALID_ARGUMENT', 'Invalid message', 'invalidArgument'), 400);
    const message = this.#store(raw, ids as string[], params);
    return c.json({ id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] });
  }

  async start(): Promise<this> {
    const app = new Hono();
    const api = '/gmail/v1/users/me';
    app.get(`${api}/profile`, (c) =>
      this.handle(c, 1, () =>
        c.json({
          emailAddress: this.options.email ?? 'casey@gmail.com',
          messagesTotal: this.messages.length,
          threadsTotal: this.messages.length,
          historyId: '1',
        }),
      ),
    );
    app.get(`${api}/labels`, (c) => this.handle(c, 1, () => c.json({ labels: [...this.labels.values()] })));
    app.get(`${api}/labels/:id`, (c) =>
      this.handle(c, 1, () => {
        const label = this.labels.get(c.req.param('id'));
        if (!label) return c.json(googleError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'), 404);
        const holding = this.messages.filter((m) => m.labelIds.has(label.id));
        return c.json({
          ...label,
          messagesTotal: holding.length,
          messagesUnread: holding.filter((m) => m.labelIds.has('UNREAD')).length,
          threadsTotal: holding.length,
        });
      }),
    );
    app.post(`${api}/labels`, (c) =>
      this.handle(c, 5, async () => {
        const body = (await c.req.json().catch(() => null)) as { name?: unknown } | null;
        const name = typeof body?.name === 'string' ? body.name.trim() : '';
        const reserved = SYSTEM_LABELS.some((id) => id.toLowerCase() === name.split('/')[0]?.toLowerCase());
        if (name === '' || reserved) return c.json(googleError(400, 'INVALID_ARGUMENT', 'Invalid label name', 'invalidArgument'), 400);
        if (this.labelByName(name)) return c.json(googleError(409, 'ABORTED', 'Label name exists or conflicts', 'failedPrecondition'), 409);
        const label: GmailLabel = { id: `Label_${this.#next++}`, name, type: 'user' };
        this.labels.set(label.id, label);
        return c.json(label);
      }),
    );
    app.post(`/upload${api}/messages/import`, (c) =>
      this.handle(c, 25, async () => {
        const params = new URL(c.req.url).searchParams;
        const body = Buffer.from(await c.req.arrayBuffer());
        const type = params.get('uploadType');
        if (type === 'media') return this.#import(c, body, undefined, params);
        if (type === 'multipart') {
          const parts = parseMultipart(body, c.req.header('content-type') ?? '');
          if (!parts) return c.json(googleError(400, 'INVALID_ARGUMENT', 'Invalid multipart request', 'badContent'), 400);
          return this.#import(c, parts.raw, (parts.metadata as { labelIds?: unknown }).labelIds, params);
        }
        if (type === 'resumable') {
          const length = Number(c.req.header('x-upload-content-length'));
          let metadata: { labelIds?: unknown };
          try {
            metadata = body.length > 0 ? (JSON.parse(body.toString('utf8')) as { labelIds?: unknown }) : {};
          } catch {
            return c.json(googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.', 'parseError'), 400);
          }
          if (Number.isFinite(length) && length > (this.options.maxUploadBytes ?? 150 * MB))
            return c.json(googleError(413, 'FAILED_PRECONDITION', 'Request Entity Too Large', 'uploadTooLarge'), 413);
          const uploadId = `up-${this.#next++}`;
          this.#uploads.set(uploadId, { labelIds: metadata.labelIds, params, length });
          return c.body(null, 200, {
            location: `${this.url}upload${api}/messages/import?uploadType=resumable&upload_id=${uploadId}`.replace('//upload', '/upload'),
          });
        }
        return c.json(googleError(400, 'INVALID_ARGUMENT', `Invalid upload type: ${type}`, 'invalidArgument'), 400);
      }),
    );
    app.put(`/upload${api}/messages/import`, (c) =>
      this.handle(c, 0, async () => {
        const uploadId = new URL(c.req.url).searchParams.get('upload_id') ?? '';
        const upload = this.#uploads.get(uploadId);
        if (!upload) return c.json(googleError(404, 'NOT_FOUND', 'No such upload session', 'notFound'), 404);
        const raw = Buffer.from(await c.req.arrayBuffer());
        if (Number.isFinite(upload.length) && upload.length !== raw.length)
          return c.json(googleError(400, 'INVALID_ARGUMENT', 'Upload length does not match X-Upload-Content-Length', 'badContent'), 400);
        this.#uploads.delete(uploadId);
        return this.#import(c, raw, upload.labelIds, upload.params);
      }),
    );
    app.get(`${api}/messages`, (c) =>
      this.handle(c, 5, () => {
        const query = new URL(c.req.url).searchParams;
        const q = query.get('q');
        let found = this.messages;
        for (const term of (q ?? '').trim().split(/\s+/).filter(Boolean)) {
          const [operator, value = ''] = term.split(/:(.*)/s) as [string, string?];
          if (operator === 'rfc822msgid') found = found.filter((m) => m.messageId !== null && bare(m.messageId) === bare(value));
          else if ((operator === 'after' || operator === 'before') && /^\d+$/.test(value)) {
            // Epoch seconds, as the search guide advises for exact times.
            const at = Number(value) * 1000;
            found = found.filter((m) => (operator === 'after' ? m.internalDate > at : m.internalDate < at));
          } else
            return c.json(
              googleError(
                400,
                'INVALID_ARGUMENT',
                'Invalid query (the fake knows rfc822msgid:, after: and before: with epoch seconds)',
                'invalidArgument',
              ),
              400,
            );
        }
        for (const label of query.getAll('labelIds')) found = found.filter((m) => m.labelIds.has(label));
        if (query.get('includeSpamTrash') !== 'true') found = found.filter((m) => !m.labelIds.has('SPAM') && !m.labelIds.has('TRASH'));
        const start = Number(query.get('pageToken') ?? 0);
        const size = Math.min(500, Number(query.get('maxResults') ?? 100));
        const page = found.slice(start, start + size);
        const more = start + size < found.length;
        return c.json({
          messages: page.map((m) => ({ id: m.id, threadId: m.threadId })),
          ...(more ? { nextPageToken: String(start + size) } : {}),
          resultSizeEstimate: found.length,
        });
      }),
    );
    app.get(`${api}/messages/:id`, (c) =>
      this.handle(c, 5, () => {
        const message = this.messages.find((m) => m.id === c.req.param('id'));
        if (!message) return c.json(googleError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'), 404);
        const query = new URL(c.req.url).searchParams;
        const format = query.get('format') ?? 'full';
        const base = {
          id: message.id,
          threadId: message.threadId,
          labelIds: [...message.labelIds],
          internalDate: String(message.internalDate),
          sizeEstimate: message.raw.length,
        };
        if (format === 'minimal') return c.json(base);
        if (format === 'raw') return c.json({ ...base, raw: message.raw.toString('base64url') });
        if (format !== 'metadata')
          return c.json(googleError(400, 'INVALID_ARGUMENT', 'The fake serves format=minimal, metadata and raw', 'invalidArgument'), 400);
        const wanted = query.getAll('metadataHeaders').map((name) => name.toLowerCase());
        const headers = wanted.flatMap((name) => {
          const value = headerValue(message.raw, name);
          return value === null ? [] : [{ name, value }];
        });
        return c.json({ ...base, payload: { headers } });
      }),
    );
    app.post(`${api}/messages/:id/modify`, (c) =>
      this.handle(c, 5, async () => {
        const message = this.messages.find((m) => m.id === c.req.param('id'));
        if (!message) return c.json(googleError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'), 404);
        const body = (await c.req.json().catch(() => ({}))) as { addLabelIds?: string[]; removeLabelIds?: string[] };
        const add = body.addLabelIds ?? [];
        const wrong = [...add, ...(body.removeLabelIds ?? [])].find((id) => !this.labels.has(id) || NOT_BY_HAND.has(id));
        if (wrong !== undefined) return c.json(googleError(400, 'INVALID_ARGUMENT', `Invalid label: ${wrong}`, 'invalidArgument'), 400);
        for (const id of add) message.labelIds.add(id);
        for (const id of body.removeLabelIds ?? []) message.labelIds.delete(id);
        return c.json({ id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] });
      }),
    );
    await this.serveRoutes(app);
    return this;
  }
}
