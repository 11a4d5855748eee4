/**
 * A contact ([MS-OXOCNTC]) from the engine's typed vCard fields (contacts/fields.ts): an IPM.Contact
 * message. Names, organisation, title, birthday and anniversary, the phone and address slots Outlook
 * has (home, business, other; mobile, fax, pager…) as standard properties; the three e-mail slots as
 * the named properties of PSETID_Address (Email1–3: address, type, display name), the business address
 * also as its named properties (Outlook shows those); notes as the body; the photo as the attachment
 * Outlook keeps it in (ContactPicture.jpg, PR_ATTACHMENT_CONTACTPHOTO, PidLidHasPicture). A value with
 * no slot left (a fourth e-mail address, a second mobile) is written into the notes as a labelled line,
 * as the CSV export does, so nothing of the card is lost.
 */
import { addressLine, noteLine, type ContactFields, type PartialDate, type PostalAddress } from '../../../contacts/fields.ts';
import { PT, type Prop } from '../ltp/values.ts';
import type { MessageModel } from './mail-message.ts';
import { PSETID, type NamedProperties } from './named-properties.ts';

const EMAIL_LIDS = [
  { address: 0x8083, type: 0x8082, display: 0x8080, original: 0x8084 },
  { address: 0x8093, type: 0x8092, display: 0x8090, original: 0x8094 },
  { address: 0x80a3, type: 0x80a2, display: 0x80a0, original: 0x80a4 },
];

/** Phone slots in the order values are matched to them: the first slot whose kinds all match and is free. */
const PHONE_SLOTS: { id: number; kinds: string[]; label: string }[] = [
  { id: 0x3a1c, kinds: ['cell'], label: 'mobile' },
  { id: 0x3a24, kinds: ['work', 'fax'], label: 'business fax' },
  { id: 0x3a25, kinds: ['home', 'fax'], label: 'home fax' },
  { id: 0x3a24, kinds: ['fax'], label: 'business fax' },
  { id: 0x3a21, kinds: ['pager'], label: 'pager' },
  { id: 0x3a1e, kinds: ['car'], label: 'car' },
  { id: 0x3a08, kinds: ['work'], label: 'business' },
  { id: 0x3a1b, kinds: ['work'], label: 'business 2' },
  { id: 0x3a09, kinds: ['home'], label: 'home' },
  { id: 0x3a2f, kinds: ['home'], label: 'home 2' },
  { id: 0x3a1a, kinds: [], label: 'primary' },
  { id: 0x3a1f, kinds: [], label: 'other' },
];

/** Street, city, state, postal code, country, PO box: home, business (standard and named), other. */
const ADDRESS_SLOTS = {
  home: { ids: [0x3a5d, 0x3a59, 0x3a5c, 0x3a5b, 0x3a5a, 0x3a5e], full: 0x801a },
  work: { ids: [0x3a29, 0x3a27, 0x3a28, 0x3a2a, 0x3a26, 0x3a2b], full: 0x801b, named: [0x8045, 0x8046, 0x8047, 0x8048, 0x8049, 0x804a] },
  other: { ids: [0x3a63, 0x3a5f, 0x3a62, 0x3a61, 0x3a60, 0x3a64], full: 0x801c },
} as const;

const str = (id: number, value: string | null | undefined): Prop[] => (value ? [{ id, type: PT.UNICODE, value }] : []);
/** A date as Outlook keeps a birthday: midnight UTC of the day (a year-less date in 1604, as Outlook does). */
const day = (d: PartialDate) => new Date(Date.UTC(d.year ?? 1604, d.month - 1, d.day));

export function contactMessage(c: ContactFields, named: NamedProperties): MessageModel {
  const addressNamed = (lid: number) => named.id(PSETID.ADDRESS, lid);
  const notes: string[] = [...c.notes];
  const displayName =
    c.formattedName || [c.name.prefix, c.name.given, c.name.additional, c.name.family, c.name.suffix].filter(Boolean).join(' ');
  const fileUnder = c.name.family && c.name.given ? `${c.name.family}, ${c.name.given}` : displayName;
  const props: Prop[] = [
    { id: 0x001a, type: PT.UNICODE, value: 'IPM.Contact' },
    ...str(0x3001, displayName), // PR_DISPLAY_NAME
    ...str(0x0037, displayName), // PR_SUBJECT
    ...str(0x0e1d, displayName), // PR_NORMALIZED_SUBJECT
    ...str(0x3a06, c.name.given), // PR_GIVEN_NAME
    ...str(0x3a11, c.name.family), // PR_SURNAME
    ...str(0x3a44, c.name.additional), // PR_MIDDLE_NAME
    ...str(0x3a45, c.name.prefix), // PR_DISPLAY_NAME_PREFIX
    ...str(0x3a05, c.name.suffix), // PR_GENERATION
    ...str(0x3a4f, c.nicknames[0]), // PR_NICKNAME
    ...str(0x3a16, c.organization?.name), // PR_COMPANY_NAME
    ...str(0x3a18, c.organization?.units.join(', ')), // PR_DEPARTMENT_NAME
    ...str(0x3a17, c.title), // PR_TITLE
    ...str(addressNamed(0x8005), fileUnder), // PidLidFileUnder
    { id: 0x0e07, type: PT.LONG, value: 1 }, // PR_MESSAGE_FLAGS: read
  ];
  if (c.birthday) props.push({ id: 0x3a42, type: PT.SYSTIME, value: day(c.birthday) }); // PR_BIRTHDAY
  if (c.anniversary) props.push({ id: 0x3a41, type: PT.SYSTIME, value: day(c.anniversary) }); // PR_WEDDING_ANNIVERSARY
  for (const nickname of c.nicknames.slice(1)) notes.push(noteLine('Nickname', [], nickname));

  let providers = 0;
  c.emails.forEach((email, i) => {
    const slot = EMAIL_LIDS[i];
    if (!slot) return notes.push(noteLine('E-mail', email.types, email.value));
    providers |= 1 << i;
    props.push(
      ...str(addressNamed(slot.address), email.value),
      ...str(addressNamed(slot.type), 'SMTP'),
      ...str(addressNamed(slot.display), `${displayName} (${email.value})`),
      ...str(addressNamed(slot.original), email.value),
    );
  });
  if (providers) props.push({ id: addressNamed(0x8029), type: PT.LONG, value: providers }); // PidLidAddressBookProviderArrayType

  const usedPhones = new Set<number>();
  for (const phone of c.phones) {
    const slot = PHONE_SLOTS.find((s) => !usedPhones.has(s.id) && s.kinds.every((k) => phone.types.includes(k)));
    if (!slot) {
      notes.push(noteLine('Phone', phone.types, phone.value));
      continue;
    }
    usedPhones.add(slot.id);
    props.push({ id: slot.id, type: PT.UNICODE, value: phone.value });
  }

  const usedAddresses = new Set<string>();
  for (const address of c.addresses) {
    const kind = address.types.includes('work') ? 'work' : address.types.includes('home') ? 'home' : 'other';
    const slotKind = !usedAddresses.has(kind) ? kind : !usedAddresses.has('other') ? 'other' : null;
    if (!slotKind) {
      notes.push(noteLine('Address', address.types, addressLine(address)));
      continue;
    }
    usedAddresses.add(slotKind);
    props.push(...addressProps(address, slotKind, addressNamed));
  }

  const homePage = c.urls[0];
  if (homePage) props.push({ id: 0x3a50, type: PT.UNICODE, value: homePage.value }); // PR_PERSONAL_HOME_PAGE
  for (const url of c.urls.slice(1)) notes.push(noteLine('Web page', url.types, url.value));
  if (c.categories.length > 0) notes.push(noteLine('Categories', [], c.categories.join(', ')));
  props.push(...str(0x1000, notes.join('\n'))); // PR_BODY

  const attachments: MessageModel['attachments'] = [];
  if (c.photo) {
    props.push({ id: addressNamed(0x8015), type: PT.BOOLEAN, value: true }); // PidLidHasPicture
    const extension = c.photo.mediaType === 'image/png' ? 'png' : c.photo.mediaType === 'image/gif' ? 'gif' : 'jpg';
    attachments.push({
      filename: `ContactPicture.${extension}`,
      mimeType: c.photo.mediaType,
      contentId: null,
      inline: false,
      data: c.photo.bytes,
      extra: [{ id: 0x7fff, type: PT.BOOLEAN, value: true }], // PR_ATTACHMENT_CONTACTPHOTO
    });
  }
  props.push({ id: 0x0e1b, type: PT.BOOLEAN, value: attachments.length > 0 });
  return { props, recipients: [], attachments, parsed: true };
}

function addressProps(a: PostalAddress, kind: keyof typeof ADDRESS_SLOTS, addressNamed: (lid: number) => number): Prop[] {
  const slot = ADDRESS_SLOTS[kind];
  const street = [a.extended, a.street].filter(Boolean).join('\n');
  const parts = [street, a.locality, a.region, a.postalCode, a.country, a.poBox];
  const full = [a.poBox, street, [a.postalCode, a.locality].filter(Boolean).join(' '), a.region, a.country].filter(Boolean).join('\n');
  const props = parts.flatMap((value, i) => str(slot.ids[i]!, value));
  if ('named' in slot) props.push(...parts.flatMap((value, i) => str(addressNamed(slot.named[i]!), value)));
  props.push(...str(addressNamed(slot.full), full));
  return props;
}
