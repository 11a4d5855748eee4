/**
 * What the tests expect of a fixture contact, written from the rules in docs/transfer.md rather than
 * from the engine's code: its CSV row (Outlook's columns, the kind of a value by its column, what has no
 * column appended to Notes), and its fields as read back from a vCard.
 */
import { unescapeVcard, vcardParts, type VcardProperty } from '../../server/vendor/parse.ts';
import type { FixtureContact } from './contacts-fixture.ts';

const label = (types: string[]) => (types.length ? ` (${types.join(', ')})` : '');

function phoneColumns(types: string[]): string[] {
  if (types.includes('fax')) return [types.includes('home') ? 'Home Fax' : types.includes('work') ? 'Business Fax' : 'Other Fax'];
  if (types.includes('cell')) return ['Mobile Phone'];
  if (types.includes('pager')) return ['Pager'];
  if (types.includes('home')) return ['Home Phone', 'Home Phone 2'];
  if (types.includes('work')) return ['Business Phone', 'Business Phone 2'];
  return ['Other Phone'];
}

/** The contact's CSV row as column → value (columns not named are empty). */
export function expectedCsv(c: FixtureContact): Map<string, string> {
  const row = new Map<string, string>([
    ['First Name', c.given],
    ['Middle Name', c.middle],
    ['Last Name', c.family],
    ['Title', c.prefix],
    ['Suffix', c.suffix],
    ['Nickname', c.nickname],
    ['Company', c.company],
    ['Department', c.department],
    ['Job Title', c.title],
  ]);
  const notes: string[] = c.note ? [c.note] : [];
  const emails = [...c.emails.filter((e) => e.pref), ...c.emails.filter((e) => !e.pref)];
  emails.forEach((e, i) => {
    if (i < 3) row.set(['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address'][i] as string, e.address);
    if (e.types.length > 0 || i >= 3) notes.push(`E-mail${label(e.types)}: ${e.address}`);
  });
  const phoneNotes: string[] = [];
  for (const p of c.phones) {
    const number = c.version === '4.0' ? p.number.replace(/ /g, '-') : p.number;
    const free = [...phoneColumns(p.types), 'Other Phone'].find((column) => !row.get(column));
    if (free) row.set(free, number);
    else phoneNotes.push(`Phone${label(p.types)}: ${number}`);
  }
  const addressNotes: string[] = [];
  for (const a of c.addresses) {
    const kind = a.types.includes('work') ? 'Business' : a.types.includes('home') ? 'Home' : 'Other';
    const free = [kind, 'Other'].find((k) => !row.get(`${k} Street`) && !row.get(`${k} City`));
    if (!free) {
      addressNotes.push(
        `Address${label(a.types)}: ${[a.pobox, a.ext, a.street, a.city, a.region, a.code, a.country].filter(Boolean).join(', ')}`,
      );
      continue;
    }
    const parts: [string, string][] = [
      ['Street', a.street],
      ['Street 2', a.ext],
      ['Address PO Box', a.pobox],
      ['City', a.city],
      ['State', a.region],
      ['Postal Code', a.code],
      ['Country/Region', a.country],
    ];
    for (const [part, value] of parts) row.set(`${free} ${part}`, value);
  }
  row.set('Birthday', c.birthday);
  row.set('Notes', [...notes, ...phoneNotes, ...addressNotes].join('\n'));
  return row;
}

const props = (card: VcardProperty[], name: string) => card.filter((p) => p.name.toUpperCase() === name);

/** The fields of a contact as a vCard reader sees them, for comparing with the fixture. */
export function fieldsOfCard(card: VcardProperty[]) {
  const text = (name: string) => {
    const p = props(card, name)[0];
    return p ? unescapeVcard(p.value) : '';
  };
  return {
    uid: text('UID'),
    n: vcardParts(props(card, 'N')[0]?.value ?? ''),
    emails: props(card, 'EMAIL')
      .map((p) => p.value)
      .sort(),
    phones: props(card, 'TEL')
      .map((p) => p.value.replace(/^tel:/, '').replace(/-/g, ' '))
      .sort(),
    addresses: props(card, 'ADR')
      .map((p) => vcardParts(p.value).join('|'))
      .sort(),
    org: vcardParts(props(card, 'ORG')[0]?.value ?? '').filter(Boolean),
    title: text('TITLE'),
    note: text('NOTE'),
    bday: text('BDAY')
      .replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')
      .replace(/^--(\d{2})(\d{2})$/, '--$1-$2'),
    photo: props(card, 'PHOTO')[0]?.value.replace(/^data:image\/jpeg;base64,/, '') ?? '',
  };
}

export function fieldsOfFixture(c: FixtureContact) {
  return {
    uid: c.uid,
    n: [c.family, c.given, c.middle, c.prefix, c.suffix],
    emails: c.emails.map((e) => e.address).sort(),
    phones: c.phones.map((p) => p.number).sort(),
    addresses: c.addresses.map((a) => [a.pobox, a.ext, a.street, a.city, a.region, a.code, a.country].join('|')).sort(),
    org: [c.company, c.department].filter(Boolean),
    title: c.title,
    note: c.note,
    bday: c.birthday,
    photo: c.photo?.toString('base64') ?? '',
  };
}
