/**
 * A fake of the Google People API calls the contacts destination uses, after Google's reference
 * (developers.google.com/people/api/rest/v1/people):
 * - `people.connections.list` (`personFields` required, `pageSize` up to 1000, `pageToken`);
 * - `people.batchCreateContacts`: 1 to 200 contacts (400 otherwise); a contact the server will not
 *   take refuses the whole batch (400 with one error per invalid contact, nothing created); the answer
 *   lists `createdPeople` in order, with the fields the `readMask` names;
 * - `people.createContact` (`personFields`), `people.updateContactPhoto` (`photoBytes`, base64).
 * Invalid: an e-mail address or phone number without a value, a date with no month or day, a field
 * this fake does not know, or a contact a test's rule refuses. Google asks that one user's changes
 * go one after another; the fake counts changes that overlapped (`overlapping`). Quota: 60 requests a
 * minute by default; over it 429 RESOURCE_EXHAUSTED with an ErrorInfo `RATE_LIMIT_EXCEEDED`.
 */
import { Hono, type Context } from 'hono';
import { FakeProvider, googleError, type Quota } from './fake-server.ts';

export type StoredPerson = Record<string, unknown> & { resourceName: string; etag: string; photoBytes?: Buffer };

const FIELDS = new Set([
  'names',
  'nicknames',
  'emailAddresses',
  'phoneNumbers',
  'addresses',
  'organizations',
  'birthdays',
  'events',
  'biographies',
  'urls',
  'userDefined',
  'clientData',
  'memberships',
  'relations',
  'imClients',
]);

export type PeopleFakeOptions = { quota?: Quota; refuse?: (person: Record<string, unknown>) => boolean };

function rateLimited() {
  return {
    status: 429,
    body: {
      error: {
        code: 429,
        message: "Quota exceeded for quota metric 'Critical write requests' and limit 'per minute per user'",
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            domain: 'googleapis.com',
            metadata: { service: 'people.googleapis.com' },
          },
        ],
      },
    },
    throttle: true,
  };
}

/** Why a Person cannot be created, or null. */
function invalid(person: unknown): string | null {
  if (typeof person !== 'object' || person === null || Array.isArray(person)) return 'contactPerson must be an object';
  for (const [field, value] of Object.entries(person)) {
    if (!FIELDS.has(field)) return `Invalid JSON payload received. Unknown name "${field}"`;
    if (!Array.isArray(value)) return `${field} must be a list`;
  }
  const p = person as Record<string, Array<Record<string, unknown>>>;
  if ((p.emailAddresses ?? []).some((e) => typeof e.value !== 'string' || e.value === '')) return 'emailAddresses: a value is required';
  if ((p.phoneNumbers ?? []).some((e) => typeof e.value !== 'string' || e.value === '')) return 'phoneNumbers: a value is required';
  const dates = [...(p.birthdays ?? []), ...(p.events ?? [])].map((d) => d.date as { month?: number; day?: number } | undefined);
  if (dates.some((d) => !d || !(Number(d.month) >= 1 && Number(d.month) <= 12) || !(Number(d.day) >= 1 && Number(d.day) <= 31)))
    return 'Invalid date';
  return null;
}

export class PeopleFake extends FakeProvider {
  readonly people: StoredPerson[] = [];
  overlapping = 0;
  #mutating = 0;
  #next = 1;

  constructor(readonly options: PeopleFakeOptions = {}) {
    super(
      'People',
      { quota: options.quota ?? { units: 60, windowMs: 60_000 } },
      {
        throttled: rateLimited,
        unauthenticated: {
          status: 401,
          body: googleError(
            401,
            'UNAUTHENTICATED',
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          ),
        },
      },
    );
  }

  /** The person the fake made for a vCard UID (kept as client data). */
  byUid(uid: string): StoredPerson | undefined {
    return this.people.find((p) => (p.clientData as Array<{ key: string; value: string }> | undefined)?.some((d) => d.value === uid));
  }

  #create(person: Record<string, unknown>): StoredPerson {
    const id = this.#next++;
    const stored: StoredPerson = { ...person, resourceName: `people/c${id}`, etag: `%E${id}` };
    this.people.push(stored);
    return stored;
  }

  #view(person: StoredPerson, mask: string | null | undefined): Record<string, unknown> {
    const fields = (mask ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    return {
      resourceName: person.resourceName,
      etag: person.etag,
      ...Object.fromEntries(fields.filter((f) => person[f] !== undefined).map((f) => [f, person[f]])),
    };
  }

  async #mutation(handler: () => Promise<Response>): Promise<Response> {
    if (this.#mutating > 0) this.overlapping++;
    this.#mutating++;
    try {
      return await handler();
    } finally {
      this.#mutating--;
    }
  }

  async #route(c: Context): Promise<Response> {
    const path = c.req.path;
    const query = new URL(c.req.url).searchParams;
    const bad = (message: string) => c.json(googleError(400, 'INVALID_ARGUMENT', message), 400);
    if (c.req.method === 'GET' && path === '/v1/people/me/connections') {
      const mask = query.get('personFields');
      if (!mask) return bad('personFields mask is required. Please specify one or more valid paths.');
      const start = Number(query.get('pageToken') ?? 0);
      const size = Math.min(1000, Number(query.get('pageSize') ?? 100));
      const page = this.people.slice(start, start + size).map((p) => this.#view(p, mask));
      return c.json({
        connections: page,
        totalPeople: this.people.length,
        totalItems: this.people.length,
        ...(start + size < this.people.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    if (c.req.method === 'POST' && path === '/v1/people:batchCreateContacts') {
      return this.#mutation(async () => {
        const body = (await c.req.json().catch(() => null)) as { contacts?: Array<{ contactPerson?: unknown }>; readMask?: string } | null;
        const contacts = body?.contacts ?? [];
        if (contacts.length === 0 || contacts.length > 200) return bad('Between 1 and 200 contacts must be given.');
        const errors = contacts.map(
          (entry) =>
            invalid(entry.contactPerson) ??
            (this.options.refuse?.(entry.contactPerson as Record<string, unknown>) ? 'Invalid person' : null),
        );
        if (errors.some((e) => e !== null)) {
          return c.json(
            {
              error: {
                code: 400,
                message: 'Request contains an invalid argument.',
                status: 'INVALID_ARGUMENT',
                details: [
                  {
                    '@type': 'type.googleapis.com/google.people.v1.BatchCreateContactsErrorDetails',
                    errors: errors.flatMap((message, index) => (message ? [{ code: 3, message: `contacts[${index}]: ${message}` }] : [])),
                  },
                ],
              },
            },
            400,
          );
        }
        const created = contacts.map((entry) => this.#create(entry.contactPerson as Record<string, unknown>));
        return c.json({
          createdPeople: created.map((person) => ({ httpStatusCode: 200, person: this.#view(person, body?.readMask), status: {} })),
        });
      });
    }
    if (c.req.method === 'POST' && path === '/v1/people:createContact') {
      return this.#mutation(async () => {
        const person = (await c.req.json().catch(() => null)) as unknown;
        const error = invalid(person) ?? (this.options.refuse?.(person as Record<string, unknown>) ? 'Invalid person' : null);
        if (error) return bad(error);
        return c.json(this.#view(this.#create(person as Record<string, unknown>), query.get('personFields')));
      });
    }
    const photo = /^\/v1\/(people\/[^/:]+):updateContactPhoto$/.exec(path);
    if (c.req.method === 'PATCH' && photo) {
      return this.#mutation(async () => {
        const person = this.people.find((p) => p.resourceName === photo[1]);
        if (!person) return c.json(googleError(404, 'NOT_FOUND', 'Requested entity was not found.'), 404);
        const body = (await c.req.json().catch(() => null)) as { photoBytes?: unknown } | null;
        if (typeof body?.photoBytes !== 'string' || body.photoBytes === '') return bad('photoBytes is required');
        person.photoBytes = Buffer.from(body.photoBytes, 'base64');
        return c.json({ person: this.#view(person, 'photos') });
      });
    }
    return c.json(googleError(404, 'NOT_FOUND', `${c.req.method} ${path} is not a People API method this fake serves`), 404);
  }

  async start(): Promise<this> {
    const app = new Hono();
    app.all('/v1/*', (c) => this.handle(c, 1, () => this.#route(c)));
    await this.serveRoutes(app);
    return this;
  }
}
