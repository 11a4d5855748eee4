/**
 * A contact as a Google People API Person (developers.google.com/people/api/rest/v1/people#Person):
 * names, nicknames, every e-mail address, phone number and postal address with its kind (People's
 * `type`: home, work, mobile, homeFax, workFax, otherFax, pager, workPager, workMobile, other),
 * organisation with department and title, birthday (without a year when the vCard has none), the
 * anniversary as an event, notes as the one biography, web addresses, categories as user-defined
 * fields, and the vCard UID as client data so a later run finds the contact it made. The photo is not
 * part of a Person: it is sent afterwards with `updateContactPhoto`.
 */
import { SOURCE_UID_NAME } from '../contact-key.ts';
import type { ContactFields, PartialDate, Typed } from '../fields.ts';

type TypedValue = { value: string; type?: string };
type GoogleDate = { year?: number; month: number; day: number };

export type Person = {
  names?: Array<{
    givenName?: string;
    familyName?: string;
    middleName?: string;
    honorificPrefix?: string;
    honorificSuffix?: string;
    unstructuredName?: string;
  }>;
  nicknames?: Array<{ value: string }>;
  emailAddresses?: TypedValue[];
  phoneNumbers?: TypedValue[];
  addresses?: Array<{
    type?: string;
    poBox?: string;
    extendedAddress?: string;
    streetAddress?: string;
    city?: string;
    region?: string;
    postalCode?: string;
    country?: string;
  }>;
  organizations?: Array<{ name?: string; department?: string; title?: string }>;
  birthdays?: Array<{ date: GoogleDate }>;
  events?: Array<{ date: GoogleDate; type: string }>;
  biographies?: Array<{ value: string; contentType: 'TEXT_PLAIN' }>;
  urls?: TypedValue[];
  userDefined?: Array<{ key: string; value: string }>;
  clientData?: Array<{ key: string; value: string }>;
};

const has = (types: string[], kind: string) => types.includes(kind);

export function phoneType(types: string[]): string {
  const work = has(types, 'work');
  if (has(types, 'fax')) return has(types, 'home') ? 'homeFax' : work ? 'workFax' : 'otherFax';
  if (has(types, 'cell')) return work ? 'workMobile' : 'mobile';
  if (has(types, 'pager')) return work ? 'workPager' : 'pager';
  if (has(types, 'home')) return 'home';
  return work ? 'work' : 'other';
}

/** home, work, or other (People's types for e-mail, address and web addresses). */
export const placeType = (types: string[]) => (has(types, 'work') ? 'work' : has(types, 'home') ? 'home' : 'other');

const typed = (list: Typed[], type: (types: string[]) => string): TypedValue[] =>
  list.map((entry) => ({ value: entry.value, type: type(entry.types) }));

const dateOf = (date: PartialDate): GoogleDate => ({
  ...(date.year !== null ? { year: date.year } : {}),
  month: date.month,
  day: date.day,
});

const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined);

export function personOf(fields: ContactFields, uid: string | null): Person {
  const { name } = fields;
  const structured = [name.given, name.family, name.additional, name.prefix, name.suffix].some(Boolean);
  const person: Person = {
    names: structured
      ? [
          {
            givenName: name.given,
            familyName: name.family,
            middleName: name.additional,
            honorificPrefix: name.prefix,
            honorificSuffix: name.suffix,
          },
        ]
      : fields.formattedName
        ? [{ unstructuredName: fields.formattedName }]
        : undefined,
    nicknames: nonEmpty(fields.nicknames.map((value) => ({ value }))),
    emailAddresses: nonEmpty(typed(fields.emails, placeType)),
    phoneNumbers: nonEmpty(typed(fields.phones, phoneType)),
    addresses: nonEmpty(
      fields.addresses.map((a) => ({
        type: placeType(a.types),
        poBox: a.poBox,
        extendedAddress: a.extended,
        streetAddress: a.street,
        city: a.locality,
        region: a.region,
        postalCode: a.postalCode,
        country: a.country,
      })),
    ),
    organizations:
      fields.organization || fields.title
        ? [{ name: fields.organization?.name ?? '', department: fields.organization?.units.join(', ') ?? '', title: fields.title }]
        : undefined,
    birthdays: fields.birthday ? [{ date: dateOf(fields.birthday) }] : undefined,
    events: fields.anniversary ? [{ date: dateOf(fields.anniversary), type: 'anniversary' }] : undefined,
    biographies: fields.notes.length > 0 ? [{ value: fields.notes.join('\n'), contentType: 'TEXT_PLAIN' }] : undefined,
    urls: nonEmpty(typed(fields.urls, (types) => (has(types, 'work') ? 'work' : has(types, 'home') ? 'homePage' : 'other'))),
    userDefined: nonEmpty(fields.categories.map((value) => ({ key: 'Category', value }))),
    clientData: uid !== null ? [{ key: SOURCE_UID_NAME, value: uid }] : undefined,
  };
  return Object.fromEntries(Object.entries(person).filter(([, value]) => value !== undefined)) as Person;
}
