/**
 * A contact as a Microsoft Graph contact (learn.microsoft.com/graph/api/resources/contact): Outlook's
 * model, with fixed places instead of kinds — three e-mail addresses, home and business phones (two of
 * each, as Outlook shows them), one mobile, one home, business and other address, one web page. What
 * has no place left (a fourth e-mail, a fax or pager, a third home phone, a second home address, a
 * personal web page, a birthday without a year, which Graph's date cannot hold) is added to the notes
 * as a labelled line, so nothing of the vCard's text is lost; the same rule as the CSV export. The
 * vCard UID rides along as a single-value extended property, so a later run finds the contact it made.
 */
import { SOURCE_UID_NAME } from '../contact-key.ts';
import { addressLine, dateText, noteLine, type ContactFields, type PostalAddress, type Typed } from '../fields.ts';

/** A named string property in the PS_PUBLIC_STRINGS property set (MS-OXPROPS), Graph's way to keep our own value on an item. */
export const SOURCE_UID_PROPERTY = `String {00020329-0000-0000-C000-000000000046} Name ${SOURCE_UID_NAME}`;

type GraphAddress = { street: string; city: string; state: string; postalCode: string; countryOrRegion: string };

export type GraphContact = {
  givenName?: string;
  surname?: string;
  middleName?: string;
  title?: string;
  generation?: string;
  displayName?: string;
  nickName?: string;
  emailAddresses?: Array<{ address: string; name: string }>;
  homePhones?: string[];
  businessPhones?: string[];
  mobilePhone?: string;
  homeAddress?: GraphAddress;
  businessAddress?: GraphAddress;
  otherAddress?: GraphAddress;
  companyName?: string;
  department?: string;
  jobTitle?: string;
  birthday?: string;
  businessHomePage?: string;
  personalNotes?: string;
  categories?: string[];
  singleValueExtendedProperties?: Array<{ id: string; value: string }>;
};

type AddressPlace = 'homeAddress' | 'businessAddress' | 'otherAddress';

const MAX_EMAILS = 3;
const PHONES_PER_PLACE = 2;

function graphAddress(a: PostalAddress): GraphAddress {
  // Graph's street is one multi-line field: the street, then the extended address and the PO box.
  return {
    street: [a.street, a.extended, a.poBox].filter(Boolean).join('\n'),
    city: a.locality,
    state: a.region,
    postalCode: a.postalCode,
    countryOrRegion: a.country,
  };
}

export function graphContactOf(fields: ContactFields, uid: string | null): GraphContact {
  const overflow: string[] = [];
  const { name } = fields;
  const contact: GraphContact = {
    givenName: name.given || (name.family ? '' : fields.formattedName),
    surname: name.family,
    middleName: name.additional,
    title: name.prefix,
    generation: name.suffix,
    displayName: fields.formattedName,
    nickName: fields.nicknames.join(', '),
  };

  contact.emailAddresses = fields.emails.slice(0, MAX_EMAILS).map((email) => ({ address: email.value, name: fields.formattedName }));
  for (const email of fields.emails.slice(MAX_EMAILS)) overflow.push(noteLine('E-mail', email.types, email.value));

  const home: string[] = [];
  const business: string[] = [];
  for (const phone of fields.phones) {
    const t = phone.types;
    const place =
      t.includes('fax') || t.includes('pager')
        ? null
        : t.includes('cell')
          ? 'mobile'
          : t.includes('home')
            ? home
            : t.includes('work')
              ? business
              : null;
    if (place === 'mobile' && contact.mobilePhone === undefined) contact.mobilePhone = phone.value;
    else if (Array.isArray(place) && place.length < PHONES_PER_PLACE) place.push(phone.value);
    else overflow.push(noteLine('Phone', t, phone.value));
  }
  contact.homePhones = home;
  contact.businessPhones = business;

  for (const address of fields.addresses) {
    const kind: AddressPlace = address.types.includes('work')
      ? 'businessAddress'
      : address.types.includes('home')
        ? 'homeAddress'
        : 'otherAddress';
    const free = ([kind, 'otherAddress'] as const).find((k) => contact[k] === undefined);
    if (free) contact[free] = graphAddress(address);
    else overflow.push(noteLine('Address', address.types, addressLine(address)));
  }

  if (fields.organization) {
    contact.companyName = fields.organization.name;
    contact.department = fields.organization.units.join(', ');
  }
  contact.jobTitle = fields.title;
  if (fields.birthday?.year != null) contact.birthday = `${dateText(fields.birthday)}T00:00:00Z`;
  else if (fields.birthday) overflow.push(noteLine('Birthday', [], dateText(fields.birthday)));
  if (fields.anniversary) overflow.push(noteLine('Anniversary', [], dateText(fields.anniversary)));

  const [work, ...otherUrls] = [
    ...fields.urls.filter((u) => u.types.includes('work')),
    ...fields.urls.filter((u) => !u.types.includes('work')),
  ] as Typed[];
  if (work) contact.businessHomePage = work.value;
  for (const url of otherUrls) overflow.push(noteLine('Web page', url.types, url.value));

  const notes = [...fields.notes, ...overflow].join('\n');
  if (notes) contact.personalNotes = notes;
  if (fields.categories.length > 0) contact.categories = fields.categories;
  if (uid !== null) contact.singleValueExtendedProperties = [{ id: SOURCE_UID_PROPERTY, value: uid }];
  return Object.fromEntries(
    Object.entries(contact).filter(([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as GraphContact;
}
