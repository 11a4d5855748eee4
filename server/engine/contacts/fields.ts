/**
 * A contact's fields as typed data, read from its parsed vCard (3.0 or 4.0): what a destination with
 * its own contact model (Google's People API, Microsoft Graph, Outlook's CSV columns) maps field by
 * field. Values keep the vCard's order with preferred ones first (`PREF=1`, or 3.0's `TYPE=pref`); a
 * value's kinds are its TYPE parameters in lower case, without `pref`, `internet` and `voice`, which
 * say nothing about the kind.
 */
import { paramValues, type ParsedVCard, type VCardProperty, type VCardValue } from './vcard.ts';

export type Typed = { value: string; types: string[] };

export type PostalAddress = {
  types: string[];
  poBox: string;
  extended: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
};

/** A date that may lack its year (`--MM-DD`). */
export type PartialDate = { year: number | null; month: number; day: number };

export type ContactFields = {
  formattedName: string;
  name: { family: string; given: string; additional: string; prefix: string; suffix: string };
  nicknames: string[];
  emails: Typed[];
  phones: Typed[];
  addresses: PostalAddress[];
  organization: { name: string; units: string[] } | null;
  title: string;
  birthday: PartialDate | null;
  anniversary: PartialDate | null;
  notes: string[];
  urls: Typed[];
  categories: string[];
  photo: { bytes: Buffer; mediaType: string } | null;
};

/** A value as text: list parts joined (`Anna Maria` for N's additional names), a `tel:` URI as its number. */
function text(value: VCardValue | undefined, listSeparator = ' '): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((part) => (Array.isArray(part) ? part.join(listSeparator) : part)).join(';');
  return String(value);
}

/** The components of a structured value (N, ADR, ORG); a plain text value is its first component. */
function components(property: VCardProperty | undefined, listSeparator: string): string[] {
  const value = property?.values[0];
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [String(value)];
  return value.map((part) => (Array.isArray(part) ? part.join(listSeparator) : part));
}

/** vCard 4.0 `PREF=1` (1 is most preferred) or vCard 3.0 `TYPE=pref`; unmarked values keep their order. */
function preference(property: VCardProperty): number {
  const pref = Number(paramValues(property, 'pref')[0]);
  if (Number.isInteger(pref) && pref > 0) return pref;
  return paramValues(property, 'type').includes('pref') ? 1 : 101;
}

const byPreference = (list: VCardProperty[]) =>
  list
    .map((p, i) => ({ p, i }))
    .sort((a, b) => preference(a.p) - preference(b.p) || a.i - b.i)
    .map(({ p }) => p);

const NOT_KINDS = new Set(['pref', 'internet', 'voice']);
const kindsOf = (property: VCardProperty) => paramValues(property, 'type').filter((t) => !NOT_KINDS.has(t));

/** `1985-04-12`, `19850412`, `--04-12`, `--0412` (a date and time keeps its date). */
export function partialDate(value: string): PartialDate | null {
  const match = /^(\d{4}|--)-?(\d{2})-?(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year = '--', month = '', day = ''] = match;
  return { year: year === '--' ? null : Number(year), month: Number(month), day: Number(day) };
}

const MEDIA_TYPES: Record<string, string> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** An inline photo: vCard 3.0 `ENCODING=b;TYPE=JPEG`, or a vCard 4.0 `data:` URI; a linked one is not fetched. */
function photoOf(property: VCardProperty | undefined): ContactFields['photo'] {
  if (!property) return null;
  const value = text(property.values[0]).trim();
  const data = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(value);
  if (data) return data[2] ? { bytes: Buffer.from(data[3] ?? '', 'base64'), mediaType: data[1] ?? 'application/octet-stream' } : null;
  const encoding = paramValues(property, 'encoding')[0];
  if (encoding !== 'b' && encoding !== 'base64') return null;
  const type = paramValues(property, 'type')[0] ?? '';
  return { bytes: Buffer.from(value, 'base64'), mediaType: MEDIA_TYPES[type] ?? (type.includes('/') ? type : 'image/jpeg') };
}

export function contactFields(card: ParsedVCard): ContactFields {
  const all = (name: string) => card.properties.filter((p) => p.name === name);
  const first = (name: string) => all(name)[0];
  const typed = (name: string, clean: (value: string) => string = (value) => value) =>
    byPreference(all(name)).map((p) => ({ value: clean(text(p.values[0])), types: kindsOf(p) }));
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = components(first('n'), ' ');
  const [company, ...units] = components(first('org'), ', ');
  const date = (name: string) => {
    const value = first(name)?.values[0];
    return value === undefined ? null : partialDate(text(value));
  };
  return {
    formattedName: text(first('fn')?.values[0]),
    name: { family, given, additional, prefix, suffix },
    nicknames: all('nickname')
      .flatMap((p) => p.values.flatMap((value) => (Array.isArray(value) ? value.flat() : [String(value)])))
      .map((n) => n.trim())
      .filter(Boolean),
    emails: typed('email'),
    phones: typed('tel', (value) => value.replace(/^tel:/i, '')),
    addresses: byPreference(all('adr')).map((p) => {
      // ADR's components: PO box, extended address, street, locality, region, postal code, country.
      const [poBox = '', extended = '', street = '', locality = '', region = '', postalCode = '', country = ''] = components(p, ', ');
      return { types: kindsOf(p), poBox, extended, street, locality, region, postalCode, country };
    }),
    organization: company === undefined ? null : { name: company, units: units.filter(Boolean) },
    title: text(first('title')?.values[0]),
    birthday: date('bday'),
    anniversary: date('anniversary') ?? date('x-anniversary'),
    notes: all('note')
      .map((p) => text(p.values[0]))
      .filter(Boolean),
    urls: typed('url'),
    categories: all('categories')
      .flatMap((p) => p.values.flatMap((value) => (Array.isArray(value) ? value.flat() : [String(value)])))
      .map((c) => c.trim())
      .filter(Boolean),
    photo: photoOf(first('photo')),
  };
}

// What a destination with fixed places (Outlook's CSV columns, a Graph contact) writes into the notes
// for a value that has no place left, one labelled line each, so nothing of the vCard's text is lost.

const pad = (n: number) => String(n).padStart(2, '0');

/** `1985-04-12`, or `--04-12` without a year. */
export const dateText = (date: PartialDate) => `${date.year === null ? '-' : date.year}-${pad(date.month)}-${pad(date.day)}`;

/** All of an address on one line, PO box first as in ADR. */
export const addressLine = (a: PostalAddress) =>
  [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].filter(Boolean).join(', ');

/** `E-mail (work): a@example.org`: what the value is, its kinds, the value. */
export const noteLine = (what: string, types: readonly string[], value: string) =>
  `${what}${types.length > 0 ? ` (${types.join(', ')})` : ''}: ${value}`;
