/**
 * A contact as one CSV row in Outlook's contact columns — the set Outlook imports as is and Google
 * Contacts both exports ("Outlook CSV") and imports (sources in docs/transfer.md). Outlook says a
 * value's kind by the column it is in: Home/Business/Other addresses, Mobile/Home/Business/Fax/Pager
 * phones. It has three e-mail columns and no e-mail kinds. What has no column left (a fourth e-mail, a
 * third work phone, a second home address, and the kinds of e-mails) is appended to Notes as
 * labelled lines, so nothing of the vCard's text fields is lost; photos are not carried (no column).
 */
import { byPreference, components, kindsOf, text } from '../fields.ts';
import { paramValues, type ParsedVCard, type VCardProperty } from '../vcard.ts';

const ADDRESS_KINDS = ['Business', 'Home', 'Other'] as const;
type AddressKind = (typeof ADDRESS_KINDS)[number];
const ADDRESS_PARTS = ['Street', 'Street 2', 'Address PO Box', 'City', 'State', 'Postal Code', 'Country/Region'] as const;
const addressColumns = (kind: AddressKind) => ADDRESS_PARTS.map((part) => `${kind} ${part}`);

const EMAIL_COLUMNS = ['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address'];
const PHONE_COLUMNS = ['Mobile Phone', 'Home Phone', 'Home Phone 2', 'Business Phone', 'Business Phone 2', 'Other Phone', 'Car Phone', 'Pager', 'TTY/TDD Phone', 'Home Fax', 'Business Fax', 'Other Fax'];

export const CONTACT_CSV_COLUMNS: readonly string[] = [
  'First Name', 'Middle Name', 'Last Name', 'Title', 'Suffix', 'Nickname',
  ...EMAIL_COLUMNS, ...PHONE_COLUMNS,
  'Company', 'Department', 'Job Title',
  ...ADDRESS_KINDS.flatMap(addressColumns),
  'Web Page', 'Birthday', 'Anniversary', 'Notes',
];

/** The kinds a value says of itself, for the Notes label: `work`, `home, cell`. */
function kindsLabel(property: VCardProperty): string {
  const kinds = kindsOf(property);
  return kinds.length > 0 ? ` (${kinds.join(', ')})` : '';
}

function phoneColumns(types: string[]): string[] {
  const has = (t: string) => types.includes(t);
  if (has('fax')) return [has('home') ? 'Home Fax' : has('work') ? 'Business Fax' : 'Other Fax'];
  if (has('cell')) return ['Mobile Phone'];
  if (has('pager')) return ['Pager'];
  if (has('car')) return ['Car Phone'];
  if (has('textphone')) return ['TTY/TDD Phone'];
  if (has('home')) return ['Home Phone', 'Home Phone 2'];
  if (has('work')) return ['Business Phone', 'Business Phone 2'];
  return ['Other Phone'];
}

function addressKind(types: string[]): AddressKind {
  return types.includes('work') ? 'Business' : types.includes('home') ? 'Home' : 'Other';
}

export function contactCsvRow(card: ParsedVCard): string[] {
  const row = new Map<string, string>();
  const overflow: string[] = [];
  const all = (name: string) => card.properties.filter((p) => p.name === name);
  const first = (name: string) => all(name)[0];
  /** The first free column of the value's kind, else Other Phone; false when all are taken. */
  const putPhone = (columns: string[], value: string) => {
    const free = [...columns, 'Other Phone'].find((c) => !row.get(c));
    if (free) row.set(free, value);
    return free !== undefined;
  };

  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = components(first('n'), ' ');
  const named = [family, given, additional, prefix, suffix].some(Boolean);
  row.set('First Name', named ? given : text(first('fn')?.values[0]));
  row.set('Middle Name', additional);
  row.set('Last Name', family);
  row.set('Title', prefix);
  row.set('Suffix', suffix);
  row.set('Nickname', all('nickname').map((p) => text(p.values[0], ', ')).join(', '));

  byPreference(all('email')).forEach((p, i) => {
    const address = text(p.values[0]);
    if (i < EMAIL_COLUMNS.length) row.set(EMAIL_COLUMNS[i] as string, address);
    if (kindsLabel(p) || i >= EMAIL_COLUMNS.length) overflow.push(`E-mail${kindsLabel(p)}: ${address}`);
  });
  for (const p of byPreference(all('tel'))) {
    const number = text(p.values[0]).replace(/^tel:/i, '');
    if (!putPhone(phoneColumns(paramValues(p, 'type')), number)) overflow.push(`Phone${kindsLabel(p)}: ${number}`);
  }

  const [company = '', ...units] = components(first('org'), ', ');
  row.set('Company', company);
  row.set('Department', units.filter(Boolean).join(', '));
  row.set('Job Title', text(first('title')?.values[0]));

  for (const p of byPreference(all('adr'))) {
    const parts = components(p, ', ');
    // ADR's components: PO box, extended address, street, locality, region, postal code, country.
    const [pobox = '', extended = '', street = '', city = '', region = '', code = '', country = ''] = parts;
    const ordered = [street, extended, pobox, city, region, code, country];
    const kind = addressKind(paramValues(p, 'type'));
    const target = [kind, 'Other' as const].find((k) => !addressColumns(k).some((c) => row.get(c)));
    if (target) addressColumns(target).forEach((c, i) => row.set(c, ordered[i] ?? ''));
    else overflow.push(`Address${kindsLabel(p)}: ${[pobox, extended, street, city, region, code, country].filter(Boolean).join(', ')}`);
  }

  row.set('Web Page', text(first('url')?.values[0]));
  row.set('Birthday', text(first('bday')?.values[0]));
  row.set('Anniversary', text((first('anniversary') ?? first('x-anniversary'))?.values[0]));
  const notes = all('note').map((p) => text(p.values[0]));
  row.set('Notes', [...notes, ...overflow].join('\n'));
  return CONTACT_CSV_COLUMNS.map((column) => row.get(column) ?? '');
}
