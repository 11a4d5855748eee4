/**
 * A contact as one CSV row in Outlook's contact columns — the set Outlook imports as is and Google
 * Contacts both exports ("Outlook CSV") and imports (sources in docs/transfer.md). Outlook says a
 * value's kind by the column it is in: Home/Business/Other addresses, Mobile/Home/Business/Fax/Pager
 * phones. It has three e-mail columns and no e-mail kinds. What has no column left (a fourth e-mail, a
 * third work phone, a second home address, and the kinds of e-mails) is appended to Notes as
 * labelled lines, so nothing of the vCard's text fields is lost; photos are not carried (no column).
 * The contact is read by fields.ts, as for the Google and Microsoft destinations.
 */
import { addressLine, contactFields, dateText, noteLine } from '../fields.ts';
import type { ParsedVCard } from '../vcard.ts';

const ADDRESS_KINDS = ['Business', 'Home', 'Other'] as const;
type AddressKind = (typeof ADDRESS_KINDS)[number];
const ADDRESS_PARTS = ['Street', 'Street 2', 'Address PO Box', 'City', 'State', 'Postal Code', 'Country/Region'] as const;
const addressColumns = (kind: AddressKind) => ADDRESS_PARTS.map((part) => `${kind} ${part}`);

const EMAIL_COLUMNS = ['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address'];
const PHONE_COLUMNS = [
  'Mobile Phone',
  'Home Phone',
  'Home Phone 2',
  'Business Phone',
  'Business Phone 2',
  'Other Phone',
  'Car Phone',
  'Pager',
  'TTY/TDD Phone',
  'Home Fax',
  'Business Fax',
  'Other Fax',
];

export const CONTACT_CSV_COLUMNS: readonly string[] = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  ...EMAIL_COLUMNS,
  ...PHONE_COLUMNS,
  'Company',
  'Department',
  'Job Title',
  ...ADDRESS_KINDS.flatMap(addressColumns),
  'Web Page',
  'Birthday',
  'Anniversary',
  'Notes',
];

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
  const fields = contactFields(card);
  const row = new Map<string, string>();
  const overflow: string[] = [];
  /** The first free column of the value's kind, else Other Phone; false when all are taken. */
  const putPhone = (columns: string[], value: string) => {
    const free = [...columns, 'Other Phone'].find((c) => !row.get(c));
    if (free) row.set(free, value);
    return free !== undefined;
  };

  const { name } = fields;
  const named = [name.family, name.given, name.additional, name.prefix, name.suffix].some(Boolean);
  row.set('First Name', named ? name.given : fields.formattedName);
  row.set('Middle Name', name.additional);
  row.set('Last Name', name.family);
  row.set('Title', name.prefix);
  row.set('Suffix', name.suffix);
  row.set('Nickname', fields.nicknames.join(', '));

  fields.emails.forEach((email, i) => {
    if (i < EMAIL_COLUMNS.length) row.set(EMAIL_COLUMNS[i] as string, email.value);
    if (email.types.length > 0 || i >= EMAIL_COLUMNS.length) overflow.push(noteLine('E-mail', email.types, email.value));
  });
  for (const phone of fields.phones) {
    if (!putPhone(phoneColumns(phone.types), phone.value)) overflow.push(noteLine('Phone', phone.types, phone.value));
  }

  row.set('Company', fields.organization?.name ?? '');
  row.set('Department', fields.organization?.units.join(', ') ?? '');
  row.set('Job Title', fields.title);

  for (const address of fields.addresses) {
    const ordered = [
      address.street,
      address.extended,
      address.poBox,
      address.locality,
      address.region,
      address.postalCode,
      address.country,
    ];
    const target = [addressKind(address.types), 'Other' as const].find((k) => !addressColumns(k).some((c) => row.get(c)));
    if (target) addressColumns(target).forEach((c, i) => row.set(c, ordered[i] ?? ''));
    else overflow.push(noteLine('Address', address.types, addressLine(address)));
  }

  row.set('Web Page', fields.urls[0]?.value ?? '');
  row.set('Birthday', fields.birthday ? dateText(fields.birthday) : '');
  row.set('Anniversary', fields.anniversary ? dateText(fields.anniversary) : '');
  row.set('Notes', [...fields.notes, ...overflow].join('\n'));
  return CONTACT_CSV_COLUMNS.map((column) => row.get(column) ?? '');
}
