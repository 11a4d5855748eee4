/**
 * A fake of the Microsoft Graph contact calls the Outlook.com contacts destination uses, after
 * Microsoft's reference (learn.microsoft.com/graph/api/resources/contact, user-post-contacts,
 * profilephoto-update, throttling):
 * - `GET /v1.0/me/contacts` with `$select`, `$top` (paged with `@odata.nextLink`), and
 *   `$expand=singleValueExtendedProperties($filter=id eq '…')`;
 * - `POST /v1.0/me/contacts` (201 with the contact): unknown properties, a non-string where a string
 *   belongs, more than Outlook's three e-mail addresses or a birthday that is not a date answer 400
 *   `ErrorInvalidArgument`/`RequestBodyRead`;
 * - `PUT /v1.0/me/contacts/{id}/photo/$value` with an image body.
 * Throttling as Graph documents it: 429 `TooManyRequests` with Retry-After (seconds); 503
 * `ServiceUnavailable` can be injected. An expired token answers 401 `InvalidAuthenticationToken`.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { FakeProvider, type Quota } from './fake-server.ts';

export type StoredContact = Record<string, unknown> & { id: string; photo?: { bytes: Buffer; type: string } };

const STRINGS = [
  'givenName',
  'surname',
  'middleName',
  'title',
  'generation',
  'displayName',
  'nickName',
  'mobilePhone',
  'companyName',
  'department',
  'jobTitle',
  'businessHomePage',
  'personalNotes',
  'birthday',
];
const LISTS = ['homePhones', 'businessPhones', 'categories', 'emailAddresses', 'singleValueExtendedProperties'];
const ADDRESSES = ['homeAddress', 'businessAddress', 'otherAddress'];
const ADDRESS_PARTS = new Set(['street', 'city', 'state', 'postalCode', 'countryOrRegion']);

export const graphError = (code: string, message: string) => ({
  error: { code, message, innerError: { 'request-id': randomBytes(8).toString('hex'), date: new Date().toISOString() } },
});

function invalid(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be a JSON object.';
  for (const [key, value] of Object.entries(body)) {
    if (STRINGS.includes(key)) {
      if (typeof value !== 'string') return `Property ${key} must be a string.`;
    } else if (LISTS.includes(key)) {
      if (!Array.isArray(value)) return `Property ${key} must be a collection.`;
    } else if (ADDRESSES.includes(key)) {
      if (typeof value !== 'object' || value === null || Object.keys(value).some((k) => !ADDRESS_PARTS.has(k)))
        return `Property ${key} is not a physicalAddress.`;
    } else return `The property '${key}' does not exist on type 'microsoft.graph.contact'.`;
  }
  const contact = body as {
    emailAddresses?: Array<{ address?: unknown }>;
    birthday?: string;
    singleValueExtendedProperties?: Array<{ id?: unknown; value?: unknown }>;
  };
  if ((contact.emailAddresses ?? []).length > 3) return 'Outlook keeps at most three e-mail addresses.';
  if ((contact.emailAddresses ?? []).some((e) => typeof e.address !== 'string')) return 'emailAddress.address must be a string.';
  if (contact.birthday !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(contact.birthday) || Number.isNaN(Date.parse(contact.birthday))))
    return 'Cannot convert the literal to Edm.DateTimeOffset.';
  if (
    (contact.singleValueExtendedProperties ?? []).some(
      (p) => typeof p.id !== 'string' || !/^String \{[0-9a-f-]{36}\} Name \S+$/i.test(p.id) || typeof p.value !== 'string',
    )
  )
    return 'Invalid extended property.';
  return null;
}

export type GraphFakeOptions = { quota?: Quota; retryAfterSeconds?: number; refuse?: (contact: Record<string, unknown>) => boolean };

export class GraphFake extends FakeProvider {
  readonly contacts: StoredContact[] = [];

  constructor(readonly options: GraphFakeOptions = {}) {
    super(
      'Graph',
      { quota: options.quota ?? { units: 10_000, windowMs: 600_000 } },
      {
        throttled: (retryAfterMs) => ({
          status: 429,
          body: graphError('TooManyRequests', 'Too many requests.'),
          headers: { 'retry-after': String(options.retryAfterSeconds ?? Math.max(1, Math.ceil(retryAfterMs / 1000))) },
          throttle: true,
        }),
        unauthenticated: { status: 401, body: graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.') },
      },
    );
  }

  byUid(uid: string): StoredContact | undefined {
    return this.contacts.find((c) =>
      (c.singleValueExtendedProperties as Array<{ value: string }> | undefined)?.some((p) => p.value === uid),
    );
  }

  #list(c: Context): Response {
    const query = new URL(c.req.url).searchParams;
    const top = Math.min(1000, Number(query.get('$top') ?? 10));
    const skip = Number(query.get('$skip') ?? 0);
    const select = query
      .get('$select')
      ?.split(',')
      .map((s) => s.trim());
    const expand = /^singleValueExtendedProperties\(\$filter=id eq '([^']+)'\)$/.exec(query.get('$expand') ?? '');
    if (query.get('$expand') !== null && !expand) return c.json(graphError('BadRequest', 'Parsing OData Select and Expand failed.'), 400);
    const page = this.contacts.slice(skip, skip + top).map((contact) => {
      const shown: Record<string, unknown> = { id: contact.id };
      for (const [key, value] of Object.entries(contact)) {
        if (key === 'singleValueExtendedProperties' || key === 'photo' || (select && !select.includes(key))) continue;
        shown[key] = value;
      }
      if (expand)
        shown.singleValueExtendedProperties = ((contact.singleValueExtendedProperties ?? []) as Array<{ id: string }>).filter(
          (p) => p.id.toLowerCase() === expand[1]?.toLowerCase(),
        );
      return shown;
    });
    const next = new URL(c.req.url);
    next.searchParams.set('$skip', String(skip + top));
    return c.json({
      '@odata.context': `${this.url}v1.0/$metadata#users('me')/contacts`,
      value: page,
      ...(skip + top < this.contacts.length ? { '@odata.nextLink': next.href } : {}),
    });
  }

  async start(): Promise<this> {
    const app = new Hono();
    app.get('/v1.0/me/contacts', (c) => this.handle(c, 1, () => this.#list(c)));
    app.post('/v1.0/me/contacts', (c) =>
      this.handle(c, 1, async () => {
        const body = (await c.req.json().catch(() => null)) as unknown;
        const error = invalid(body) ?? (this.options.refuse?.(body as Record<string, unknown>) ? 'The contact was refused.' : null);
        if (error) return c.json(graphError('ErrorInvalidArgument', error), 400);
        const contact: StoredContact = { ...(body as Record<string, unknown>), id: `AAMk${randomBytes(12).toString('hex')}` };
        this.contacts.push(contact);
        return c.json(contact, 201);
      }),
    );
    app.put('/v1.0/me/contacts/:id/photo/$value', (c) =>
      this.handle(c, 1, async () => {
        const contact = this.contacts.find((x) => x.id === c.req.param('id'));
        if (!contact) return c.json(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'), 404);
        const type = c.req.header('content-type') ?? '';
        const bytes = Buffer.from(await c.req.arrayBuffer());
        if (!type.startsWith('image/') || bytes.length === 0)
          return c.json(graphError('ErrorInvalidArgument', 'The photo must be an image.'), 400);
        contact.photo = { bytes, type };
        return c.body(null, 200);
      }),
    );
    await this.serveRoutes(app);
    return this;
  }
}
