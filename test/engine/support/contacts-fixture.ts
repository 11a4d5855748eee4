/**
 * Generated address books for the contacts tests: a seeded mix of what real ones hold — vCard 3.0 and
 * 4.0, several e-mails, phones and postal addresses of different kinds, a preferred e-mail that is not
 * the first, inline photos, non-ASCII names, long notes whose lines are folded, commas, semicolons and
 * line breaks in values, birthdays with and without a year. The vCard text is written here from the
 * RFCs, independently of the engine, and the contact's fields are kept beside it for comparing.
 */
import { createHash } from 'node:crypto';
import { random } from './mail-fixture.ts';

export type FixtureEmail = { address: string; types: string[]; pref: boolean };
export type FixturePhone = { number: string; types: string[] };
export type FixtureAddress = {
  types: string[];
  pobox: string;
  ext: string;
  street: string;
  city: string;
  region: string;
  code: string;
  country: string;
};

export type FixtureContact = {
  version: '3.0' | '4.0';
  uid: string;
  given: string;
  family: string;
  middle: string;
  prefix: string;
  suffix: string;
  nickname: string;
  emails: FixtureEmail[];
  phones: FixturePhone[];
  addresses: FixtureAddress[];
  company: string;
  department: string;
  title: string;
  /** `YYYY-MM-DD`, or `--MM-DD` without a year. */
  birthday: string;
  note: string;
  photo: Buffer | null;
  text: string;
};

const GIVEN = ['Zoë', 'Jürgen', 'Łukasz', 'Søren', 'Amélie', 'José', 'Ana', 'Tom', 'Priya', '雷', 'Ólafur', 'Chloé'];
const FAMILY = ['Müller', 'Weiß', 'Kowalski', 'Ødegård', 'Dubois', 'García', 'Becker', 'Rao', '李', 'Sigurðsson', "O'Brien", 'Nguyễn'];
const CITIES = [
  ['Berlin', 'BE', '10115', 'Germany'],
  ['Kraków', 'MA', '30-001', 'Poland'],
  ['Montréal', 'QC', 'H2X 1Y4', 'Canada'],
  ['Reykjavík', '', '101', 'Iceland'],
];
const PHONE_KINDS = [['cell'], ['home'], ['work'], ['fax', 'work'], ['pager'], ['home'], ['work']];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** RFC 6350 §3.4 escaping of a text value (and of a component, where `;` separates components). */
const esc = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

/** RFC 6350 §3.2: lines longer than 75 octets continue after CRLF and a space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

function typeParam(version: '3.0' | '4.0', types: string[], pref: boolean): string {
  if (version === '3.0') {
    const all = [...types, ...(pref ? ['pref'] : [])].map((t) => t.toUpperCase());
    return all.length ? `;TYPE=${all.join(',')}` : '';
  }
  return `${types.length ? `;TYPE=${types.length > 1 ? `"${types.join(',')}"` : types[0]}` : ''}${pref ? ';PREF=1' : ''}`;
}

export function vcardText(c: Omit<FixtureContact, 'text'>): string {
  const v3 = c.version === '3.0';
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${c.version}`,
    `UID:${c.uid}`,
    `FN:${esc([c.prefix, c.given, c.middle, c.family, c.suffix].filter(Boolean).join(' '))}`,
    `N:${[c.family, c.given, c.middle, c.prefix, c.suffix].map(esc).join(';')}`,
    ...(c.nickname ? [`NICKNAME:${esc(c.nickname)}`] : []),
    ...c.emails.map((e) => `EMAIL${typeParam(c.version, v3 ? ['internet', ...e.types] : e.types, e.pref)}:${e.address}`),
    ...c.phones.map((p) =>
      v3
        ? `TEL${typeParam('3.0', p.types, false)}:${p.number}`
        : `TEL;VALUE=uri${typeParam('4.0', p.types, false)}:tel:${p.number.replace(/ /g, '-')}`,
    ),
    ...c.addresses.map(
      (a) =>
        `ADR${typeParam(c.version, a.types, false)}:${[a.pobox, a.ext, a.street, a.city, a.region, a.code, a.country].map(esc).join(';')}`,
    ),
    ...(c.company ? [`ORG:${[c.company, c.department].filter(Boolean).map(esc).join(';')}`] : []),
    ...(c.title ? [`TITLE:${esc(c.title)}`] : []),
    ...(c.birthday ? [`BDAY:${v3 ? c.birthday : c.birthday.replace(/-/g, '').replace(/^(?=\d{4}$)/, '--')}`] : []),
    ...(c.note ? [`NOTE:${esc(c.note)}`] : []),
    ...(c.photo
      ? [v3 ? `PHOTO;ENCODING=b;TYPE=JPEG:${c.photo.toString('base64')}` : `PHOTO:data:image/jpeg;base64,${c.photo.toString('base64')}`]
      : []),
    'END:VCARD',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function contact(rand: () => number, book: string, n: number, options: { photoBytes?: number }): FixtureContact {
  // A contact with a big photo is a vCard 3.0 one (see `photo`).
  const version = n % 3 === 2 && !options.photoBytes ? '4.0' : '3.0';
  const given = pick(rand, GIVEN);
  const family = pick(rand, FAMILY);
  const slug = `${book}${n}`;
  const emailCount = n % 7 === 3 ? 4 : 1 + (n % 3);
  const emails: FixtureEmail[] = Array.from({ length: emailCount }, (_, i) => ({
    address: `${slug}.${i}@${['example.org', 'example.net', 'mail.example.com'][i % 3]}`,
    types: i === 0 ? ['home'] : i === 1 ? ['work'] : [],
    // Contact 4's second address is its preferred one.
    pref: n % 5 === 4 && i === 1,
  }));
  const phoneCount = n % 11 === 5 ? 5 : n % 4;
  const phones = Array.from({ length: phoneCount }, (_, i) => ({
    number: `+${40 + (n % 9)} ${100 + i} ${1000 + Math.floor(rand() * 9000)}`,
    // Contact 5 has four home phones: more than Outlook's columns of that kind hold.
    types: n % 11 === 5 ? ['home'] : (PHONE_KINDS[(n + i) % PHONE_KINDS.length] as string[]),
  }));
  const addressCount = n % 9 === 6 ? 3 : n % 3;
  const addresses = Array.from({ length: addressCount }, (_, i) => {
    const [city = '', region = '', code = '', country = ''] = pick(rand, CITIES);
    return {
      types: n % 9 === 6 ? ['home'] : i === 0 ? ['home'] : ['work'],
      pobox: i === 1 ? `PO Box ${n}` : '',
      ext: i === 0 ? `Apt ${n}` : '',
      street: `${10 + n} Straße des 17. Juni${n % 4 === 0 ? ', Hinterhaus' : ''}${n % 8 === 1 ? '\nSecond line' : ''}`,
      city,
      region,
      code,
      country,
    };
  });
  const base = {
    version,
    uid:
      n % 10 === 9
        ? `urn:uuid:${createHash('sha1')
            .update(slug)
            .digest('hex')
            .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/, '$1-$2-$3-$4-$5')}`
        : `${slug}-${Math.floor(rand() * 1e9)}@portal.test`,
    given,
    family,
    middle: n % 6 === 0 ? 'Maria' : '',
    prefix: n % 5 === 0 ? 'Dr.' : '',
    suffix: n % 8 === 0 ? 'Jr.' : '',
    nickname: n % 4 === 1 ? `${given.toLowerCase()}y` : '',
    emails,
    phones,
    addresses,
    company: n % 2 === 0 ? `${family}, Schmidt & Söhne; GmbH` : '',
    department: n % 4 === 0 ? 'Research' : '',
    title: n % 2 === 0 ? 'Head of Things, Europe' : '',
    birthday: n % 3 === 0 ? `19${60 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}` : n % 3 === 1 ? `--0${1 + (n % 9)}-2${n % 8}` : '',
    note:
      n % 2 === 1
        ? `Met at the Café «Zur Post»; we talked about ${'the long winter, the summer plans and everything else '.repeat(1 + (n % 3))}\nSecond line: ${given} ${family}.`
        : '',
    // Photos ride on vCard 3.0 contacts only: Radicale 3.1 (vobject) cuts a vCard 4.0 `data:` PHOTO at its comma when it stores it.
    photo:
      version === '3.0' && (n % 4 === 0 || options.photoBytes)
        ? Buffer.from(
            createHash('sha512')
              .update(slug)
              .digest('hex')
              .repeat(Math.ceil((options.photoBytes ?? 3000) / 128))
              .slice(0, options.photoBytes ?? 3000),
          )
        : null,
  } satisfies Omit<FixtureContact, 'text'>;
  return { ...base, text: vcardText(base) };
}

/** `count` contacts of one address book; `big` more get a photo of `bigPhotoBytes`. */
export function fixtureBook(
  seed: number,
  book: string,
  count: number,
  options: { big?: number; bigPhotoBytes?: number } = {},
): FixtureContact[] {
  const rand = random(seed);
  return Array.from({ length: count }, (_, n) =>
    contact(rand, book, n, n < (options.big ?? 0) ? { photoBytes: options.bigPhotoBytes ?? 100_000 } : {}),
  );
}
