/**
 * Reading a vCard (3.0 or 4.0) with ical.js: unfolding, unescaping, structured values (N, ADR, ORG),
 * parameters and inline photos are the library's work (decision 0009). What ical.js hands back is a
 * jCard (RFC 7095), checked here against a schema so the rest of the engine reads typed data.
 */
import ICAL from 'ical.js';
import * as v from 'valibot';

/**
 * RFC 6350 §3.4 (and RFC 2426 for 3.0): a semicolon in a value that is not compound MAY be escaped, and
 * `\;` then means `;`. ical.js unescapes `\;` only inside compound values (N, ADR, ORG), so a NOTE
 * "a\;b" would keep its backslash. Its vCard text type takes the extra escape as an argument; giving it
 * `;` always makes every text value unescape in one pass (an escaped backslash before `;` stays a
 * backslash). The vCard 3.0 and 4.0 design sets share this one text type; iCalendar's is separate.
 */
type TextValueType = { fromICAL(value: string, structuredEscape?: string | false): string };
const vcardText = (ICAL.design.vcard as { value: { text: TextValueType } }).value.text;
const fromIcal = vcardText.fromICAL.bind(vcardText);
vcardText.fromICAL = (value, structuredEscape) => fromIcal(value, structuredEscape || ';');

const JCardValueSchema = v.union([v.string(), v.number(), v.boolean(), v.array(v.union([v.string(), v.array(v.string())]))]);

const JCardPropertySchema = v.pipe(
  v.tupleWithRest([v.string(), v.record(v.string(), v.union([v.string(), v.array(v.string())])), v.string()], JCardValueSchema),
  v.transform(([name, params, type, ...values]) => ({ name, params, type, values })),
);

const JCardSchema = v.tuple([v.literal('vcard'), v.array(JCardPropertySchema), v.array(v.unknown())]);

export type VCardValue = v.InferOutput<typeof JCardValueSchema>;
export type VCardProperty = v.InferOutput<typeof JCardPropertySchema>;
export type ParsedVCard = { version: string | null; properties: VCardProperty[] };

export class VCardError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VCardError';
  }
}

/** One vCard's text → its properties (names lower-case, values unescaped). Throws VCardError. */
export function parseVcard(text: string): ParsedVCard {
  let jcard: unknown;
  try {
    jcard = ICAL.parse(text);
  } catch (error) {
    throw new VCardError(`not a readable vCard: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  // ICAL.parse answers one component as a jCard, and several (or none) as a list of them.
  const list = Array.isArray(jcard) && jcard.every((item) => Array.isArray(item)) ? (jcard as unknown[]) : [jcard];
  if (list.length !== 1) throw new VCardError(`a contact must hold exactly one vCard, this one holds ${list.length}`);
  const single = list[0];
  const result = v.safeParse(JCardSchema, single);
  if (!result.success) throw new VCardError(`not a vCard: ${result.issues[0].message}`);
  const properties = result.output[1];
  return { version: firstText(properties, 'version'), properties };
}

/** The first property of this name, as text (structured values joined by `;`), or null. */
export function firstText(properties: readonly VCardProperty[], name: string): string | null {
  const value = properties.find((p) => p.name === name)?.values[0];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.map((part) => (Array.isArray(part) ? part.join(',') : part)).join(';') : String(value);
}

export function uidOf(card: ParsedVCard): string | null {
  const uid = firstText(card.properties, 'uid')?.trim();
  return uid ? uid : null;
}

/** A parameter's values, lower-case, with comma lists split (vCard 3.0 `TYPE=work,voice`). */
export function paramValues(property: VCardProperty, name: string): string[] {
  const raw = property.params[name];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
}
