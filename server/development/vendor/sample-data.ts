/**
 * The sample mailbox and address book the simulated vendor exports for every scenario account.
 * Fixed content (not random) so an export is reproducible and tests can compare what they read back.
 * Some entries deliberately carry the awkward cases the format builders must handle: a body line
 * starting with "From ", non-ASCII subjects and names, commas, quotes, semicolons and line breaks.
 */

export type SampleMessage = {
  from: { name: string; address: string };
  subject: string;
  /** ISO 8601, UTC. */
  date: string;
  body: string;
};

export type SampleContact = {
  givenName: string;
  familyName: string;
  email: string;
  phone: string | null;
  organization: string | null;
  note: string | null;
};

export const sampleMessages: readonly SampleMessage[] = [
  {
    from: { name: 'Northwave Mail', address: 'no-reply@example.com' },
    subject: 'Welcome to your new mailbox',
    date: '2019-03-04T09:12:00Z',
    body: 'Hello,\n\nYour Northwave mailbox is ready. You can sign in with your Northwave ID at any time.\n\nThe Northwave team',
  },
  {
    from: { name: 'Maria Gonzalez', address: 'maria.gonzalez@example.org' },
    subject: 'Dinner on Saturday?',
    date: '2025-06-13T17:45:00Z',
    body: 'Hi!\n\nAre you free on Saturday evening? We were thinking of the new place on Harbour Street, around 7.\n\nMaria',
  },
  {
    from: { name: 'City Library', address: 'notices@library.example.net' },
    subject: 'Your reserved book is ready for pick-up',
    date: '2025-08-02T08:00:00Z',
    body: 'Dear reader,\n\n"The Long Way Home" is waiting for you at the front desk until August 9.\n\nCity Library',
  },
  {
    from: { name: 'Tom Becker', address: 'tom.becker@example.org' },
    subject: 'Re: Photos from the trip',
    date: '2025-09-21T20:31:00Z',
    // A body line starting with "From " must be escaped in MBOX and survive a round trip.
    body: 'Here they are, finally.\nFrom the lake on day one to the last evening at the hut.\n\n> Did you get the photos off your camera yet?\n\nTom',
  },
  {
    from: { name: 'Northwave Billing', address: 'billing@example.com' },
    subject: 'Your statement for October',
    date: '2025-10-05T06:30:00Z',
    body: 'Your statement for October is available in your account. Amount due: $54.99, payable by October 25.',
  },
  {
    from: { name: 'Jürgen Weiß', address: 'juergen.weiss@example.de' },
    subject: 'Grüße aus München',
    date: '2025-10-18T11:02:00Z',
    body: 'Hallo,\n\nviele Grüße aus München! Das Wetter ist herrlich, der Biergarten voll.\n\nJürgen',
  },
  {
    from: { name: 'Dr. Anita Rao', address: 'appointments@clinic.example.net' },
    subject: 'Appointment reminder: Nov 3, 10:15',
    date: '2025-10-27T15:00:00Z',
    body: 'This is a reminder of your appointment on November 3 at 10:15.\nPlease bring your insurance card.\nReply C to confirm, R to reschedule.',
  },
  {
    from: { name: 'Sam Carter', address: 'sam.carter@example.org' },
    subject: 'Quote, "unquote", and a semicolon; oh my',
    date: '2025-11-02T09:09:00Z',
    body: 'Testing odd characters: commas, "quotes", semicolons; back\\slashes and a line\nthat is followed by another.',
  },
  {
    from: { name: 'Neighbourhood Association', address: 'board@neighbours.example.com' },
    subject: 'Street party: volunteers needed',
    date: '2025-11-15T18:20:00Z',
    body: 'Dear neighbours,\n\nThe winter street party is on December 13. We still need people for the soup stand and for clean-up.\n\nThank you!',
  },
  {
    from: { name: 'Li Wei', address: 'li.wei@example.cn' },
    subject: '新年快乐 — Happy New Year',
    date: '2026-01-01T00:05:00Z',
    body: '新年快乐！\n\nWishing you a wonderful year ahead.\n\nLi',
  },
  {
    from: { name: 'Northwave Mail', address: 'no-reply@example.com' },
    subject: 'Important: your Northwave mailbox is closing',
    date: '2026-02-10T12:00:00Z',
    body: 'Northwave is closing its email service. You can take your email and contacts with you to another provider or download them as a file on the export portal.',
  },
  {
    from: { name: 'Olivia Brown', address: 'olivia.brown@example.org' },
    subject: 'New address',
    date: '2026-03-01T14:44:00Z',
    body: 'Hi all,\n\nFrom now on please write to my new address, olivia@example.net.\n\nOlivia',
  },
];

export const sampleContacts: readonly SampleContact[] = [
  { givenName: 'Maria', familyName: 'Gonzalez', email: 'maria.gonzalez@example.org', phone: '+1 555 0101', organization: null, note: null },
  {
    givenName: 'Tom',
    familyName: 'Becker',
    email: 'tom.becker@example.org',
    phone: '+1 555 0102',
    organization: 'Becker & Sons, Carpentry',
    note: 'Met at the lake trip',
  },
  { givenName: 'Jürgen', familyName: 'Weiß', email: 'juergen.weiss@example.de', phone: '+49 89 555 0103', organization: null, note: null },
  {
    givenName: 'Anita',
    familyName: 'Rao',
    email: 'appointments@clinic.example.net',
    phone: '+1 555 0104',
    organization: 'Riverside Clinic',
    note: 'Dentist; appointments on weekdays only',
  },
  {
    givenName: 'Sam',
    familyName: 'Carter',
    email: 'sam.carter@example.org',
    phone: null,
    organization: null,
    note: 'Says "hi", often.\nSecond line of the note.',
  },
  { givenName: 'Wei', familyName: 'Li', email: 'li.wei@example.cn', phone: '+86 10 5550 0106', organization: null, note: null },
  {
    givenName: 'Olivia',
    familyName: 'Brown',
    email: 'olivia@example.net',
    phone: '+1 555 0107',
    organization: 'Brown, Green; Partners',
    note: null,
  },
];
