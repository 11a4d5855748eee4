/**
 * A sample address book, generated from a seed with ical.js: a few dozen vCard 3.0 cards (the version
 * CardDAV servers and Google's and Outlook's importers all read) with photos, several addresses, email
 * addresses and phone numbers, birthdays, notes with commas, semicolons and line breaks, categories, and
 * names in many scripts. Split into two address books, as a provider's CardDAV server may hold several.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { avatarPng } from './attachments.ts';
import { addressOf, PEOPLE, type Person } from './people.ts';
import { seededRandom, type Random } from './random.ts';

export type SampleCard = { uid: string; vcard: string };
export type SampleAddressBook = { id: string; displayName: string; description: string; cards: SampleCard[] };

const BOOKS = [
  { id: 'contacts', displayName: 'Contacts', description: 'Everyone', size: 34, category: 'Friends' },
  { id: 'family', displayName: 'Family & close friends', description: 'Familie, famille, семья', size: 6, category: 'Family' },
] as const;

/** Fixed, so the same seed gives the same bytes. */
const REVISION = '2024-01-15T10:00:00Z';

const NOTES = [
  'Met at the 2019 garden fair; likes tulips, roses and dahlias.\nCall after 6 pm.',
  'Neighbour, 2nd floor — has a spare key.',
  'Rendez-vous annuel : janvier; apporte le vin.',
];

function uuidOf(seed: number, index: number): string {
  const hex = createHash('sha256').update(`${seed}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function add(card: ICAL.Component, name: string, value: string | string[], type?: string[]): void {
  const property = new ICAL.Property(name, card);
  if (Array.isArray(value)) property.setValue(value);
  else property.setValue(value);
  if (type) property.setParameter('type', type);
  card.addProperty(property);
}

function card(person: Person, index: number, seed: number, rand: Random, category: string): SampleCard {
  const uid = uuidOf(seed, index);
  const vcard = new ICAL.Component(['vcard', [], []]);
  // VERSION first: ical.js writes vCard 3.0 when the first property says so.
  vcard.addPropertyWithValue('version', '3.0');
  vcard.addPropertyWithValue('uid', uid);
  add(vcard, 'n', [person.family, person.given, '', '', '']);
  vcard.addPropertyWithValue('fn', `${person.given} ${person.family}`);
  if (person.org) add(vcard, 'org', [person.org]);
  if (person.title) vcard.addPropertyWithValue('title', person.title);
  add(vcard, 'email', addressOf(person), ['INTERNET', 'HOME', 'PREF']);
  if (person.org || rand.chance(0.5)) add(vcard, 'email', addressOf(person, 'work'), ['INTERNET', 'WORK']);
  if (rand.chance(0.3)) add(vcard, 'email', `${person.local}.old@mail.example`, ['INTERNET']);
  add(vcard, 'tel', person.phone, ['CELL', 'VOICE', 'PREF']);
  add(
    vcard,
    'tel',
    person.phone.replace(/\d(?=\d{2}$)/, (d) => String((Number(d) + 3) % 10)),
    ['HOME', 'VOICE'],
  );
  if (person.org)
    add(
      vcard,
      'tel',
      person.phone.replace(/\d$/, (d) => String((Number(d) + 5) % 10)),
      ['WORK', 'VOICE'],
    );
  add(vcard, 'adr', ['', '', person.street, person.city, person.region, person.postcode, person.country], ['HOME']);
  if (person.org)
    add(
      vcard,
      'adr',
      [
        '',
        rand.pick(['Floor 3', 'Gebäude B', 'Bureau 12']),
        `${rand.int(1, 200)} Business Park`,
        person.city,
        person.region,
        person.postcode,
        person.country,
      ],
      ['WORK'],
    );
  if (index % 2 === 0) {
    const bday = new ICAL.Property('bday', vcard);
    bday.resetType('date');
    bday.setValue(
      ICAL.VCardTime.fromDateAndOrTimeString(
        `${rand.int(1940, 2010)}-${String(rand.int(1, 12)).padStart(2, '0')}-${String(rand.int(1, 28)).padStart(2, '0')}`,
        'date',
      ),
    );
    vcard.addProperty(bday);
  }
  if (index % 3 === 0) vcard.addPropertyWithValue('note', NOTES[index % NOTES.length] as string);
  const categories = new ICAL.Property('categories', vcard);
  categories.setValues(person.org ? [category, 'Work'] : [category]);
  vcard.addProperty(categories);
  if (index % 4 === 1) vcard.addPropertyWithValue('url', `https://www.example.com/~${person.local}`);
  // Most people have a photo; a few do not, as in any real address book.
  if (index % 6 !== 5) {
    const photo = new ICAL.Property('photo', vcard);
    photo.setParameter('encoding', 'b');
    photo.setParameter('type', 'PNG');
    photo.setValue(avatarPng(index).toString('base64'));
    vcard.addProperty(photo);
  }
  vcard.addPropertyWithValue('rev', ICAL.VCardTime.fromDateAndOrTimeString(REVISION, 'date-time'));
  return { uid, vcard: `${vcard.toString()}\r\n` };
}

export function generateAddressBooks(seed: number): SampleAddressBook[] {
  const rand = seededRandom(seed ^ 0x5eed);
  // The same people in a seed-chosen order: each account knows a different mix.
  const people = PEOPLE.map((person) => ({ person, key: rand.next() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.person);
  let next = 0;
  return BOOKS.map((book) => ({
    id: book.id,
    displayName: book.displayName,
    description: book.description,
    cards: people
      .slice(next, (next += book.size))
      .map((person, i) => card(person, BOOKS.indexOf(book) * 100 + i, seed, rand, book.category)),
  }));
}
