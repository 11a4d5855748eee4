/**
 * What a fixture contact should become at Google (a People API Person) and at Outlook.com (a Graph
 * contact), written from the providers' models and the rules in docs/transfer.md, not from the
 * adapters' code. Compared after `compact`, which drops empty values on both sides.
 */
import type { FixtureContact } from './contacts-fixture.ts';

/** Drops empty strings, empty lists and empty objects, at any depth. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const list = value.map(compact).filter((v) => v !== undefined);
    return list.length > 0 ? list : undefined;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, compact(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value === '' || value === undefined ? undefined : value;
}

const orderedEmails = (c: FixtureContact) => [...c.emails.filter((e) => e.pref), ...c.emails.filter((e) => !e.pref)];
const number = (c: FixtureContact, n: string) => (c.version === '4.0' ? n.replace(/ /g, '-') : n);
const date = (birthday: string) => {
  const [, year, month, day] = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(birthday) ?? [];
  return { ...(year && year !== '-' ? { year: Number(year) } : {}), month: Number(month), day: Number(day) };
};
const place = (types: string[]) => (types.includes('work') ? 'work' : types.includes('home') ? 'home' : 'other');

/** People's phone types: mobile, home, work, homeFax, workFax, otherFax, pager, workPager, workMobile, other. */
function peoplePhoneType(types: string[]): string {
  if (types.includes('fax')) return types.includes('work') ? 'workFax' : types.includes('home') ? 'homeFax' : 'otherFax';
  if (types.includes('cell')) return 'mobile';
  if (types.includes('pager')) return 'pager';
  return place(types);
}

export function expectedPerson(c: FixtureContact) {
  return compact({
    names: [{ givenName: c.given, familyName: c.family, middleName: c.middle, honorificPrefix: c.prefix, honorificSuffix: c.suffix }],
    nicknames: c.nickname ? [{ value: c.nickname }] : [],
    emailAddresses: orderedEmails(c).map((e) => ({ value: e.address, type: place(e.types) })),
    phoneNumbers: c.phones.map((p) => ({ value: number(c, p.number), type: peoplePhoneType(p.types) })),
    addresses: c.addresses.map((a) => ({
      type: place(a.types),
      poBox: a.pobox,
      extendedAddress: a.ext,
      streetAddress: a.street,
      city: a.city,
      region: a.region,
      postalCode: a.code,
      country: a.country,
    })),
    organizations: c.company || c.title ? [{ name: c.company, department: c.department, title: c.title }] : [],
    birthdays: c.birthday ? [{ date: date(c.birthday) }] : [],
    biographies: c.note ? [{ value: c.note, contentType: 'TEXT_PLAIN' }] : [],
    clientData: [{ key: 'vcard-uid', value: c.uid }],
  });
}

const label = (types: string[]) => (types.length ? ` (${types.join(', ')})` : '');

export function expectedGraphContact(c: FixtureContact) {
  const display = [c.prefix, c.given, c.middle, c.family, c.suffix].filter(Boolean).join(' ');
  const notes: string[] = c.note ? [c.note] : [];
  const emails = orderedEmails(c);
  for (const e of emails.slice(3)) notes.push(`E-mail${label(e.types)}: ${e.address}`);
  let mobile: string | undefined;
  const home: string[] = [];
  const business: string[] = [];
  for (const p of c.phones) {
    const n = number(c, p.number);
    const t = p.types;
    if (t.includes('cell') && mobile === undefined) mobile = n;
    else if (!t.includes('fax') && !t.includes('pager') && !t.includes('cell') && t.includes('home') && home.length < 2) home.push(n);
    else if (
      !t.includes('fax') &&
      !t.includes('pager') &&
      !t.includes('cell') &&
      !t.includes('home') &&
      t.includes('work') &&
      business.length < 2
    )
      business.push(n);
    else notes.push(`Phone${label(t)}: ${n}`);
  }
  const addresses: Record<string, unknown> = {};
  for (const a of c.addresses) {
    const kind = a.types.includes('work') ? 'businessAddress' : a.types.includes('home') ? 'homeAddress' : 'otherAddress';
    const free = [kind, 'otherAddress'].find((k) => addresses[k] === undefined);
    if (free)
      addresses[free] = {
        street: [a.street, a.ext, a.pobox].filter(Boolean).join('\n'),
        city: a.city,
        state: a.region,
        postalCode: a.code,
        countryOrRegion: a.country,
      };
    else
      notes.push(`Address${label(a.types)}: ${[a.pobox, a.ext, a.street, a.city, a.region, a.code, a.country].filter(Boolean).join(', ')}`);
  }
  const withYear = /^\d{4}-/.test(c.birthday);
  if (c.birthday && !withYear) notes.push(`Birthday: ${c.birthday}`);
  return compact({
    givenName: c.given,
    surname: c.family,
    middleName: c.middle,
    title: c.prefix,
    generation: c.suffix,
    displayName: display,
    nickName: c.nickname,
    emailAddresses: emails.slice(0, 3).map((e) => ({ address: e.address, name: display })),
    mobilePhone: mobile,
    homePhones: home,
    businessPhones: business,
    ...addresses,
    companyName: c.company,
    department: c.department,
    jobTitle: c.title,
    birthday: withYear ? `${c.birthday}T00:00:00Z` : undefined,
    personalNotes: notes.join('\n'),
    singleValueExtendedProperties: [{ id: 'String {00020329-0000-0000-C000-000000000046} Name vcard-uid', value: c.uid }],
  });
}
