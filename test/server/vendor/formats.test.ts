/** The pure format builders, read back with independent parsers. */
import { describe, expect, it } from 'vitest';
import { CONTACT_CSV_COLUMNS } from '../../../server/engine/contacts/files/csv-columns.ts';
import { buildCsv } from '../../../server/engine/files/csv.ts';
import { mboxrdEntry } from '../../../server/engine/files/mboxrd.ts';
import { buildContactsCsv } from '../../../server/development/vendor/formats/csv.ts';
import { buildEml } from '../../../server/development/vendor/formats/eml.ts';
import { buildMbox } from '../../../server/development/vendor/formats/mbox.ts';
import { asctimeDate } from '../../../server/engine/files/mail-dates.ts';
import { encodeHeaderText, formatMailbox } from '../../../server/development/vendor/formats/rfc5322.ts';
import { buildVcard, buildVcf } from '../../../server/development/vendor/formats/vcard.ts';
import { sampleContacts, sampleMessages, type SampleContact, type SampleMessage } from '../../../server/development/vendor/sample-data.ts';
import { decodeEncodedWords, parseCsv, parseMessage, parseVcards, unescapeVcard, vcardParts } from './parse.ts';

const TO = 'active@example.com';

describe('EML', () => {
  it('writes headers and body that parse back to every sample message', () => {
    for (const message of sampleMessages) {
      const raw = buildEml(message, TO);
      expect(raw).not.toMatch(/[^\r]\n/); // CRLF only
      const { headers, body } = parseMessage(raw);
      expect(decodeEncodedWords(headers.get('subject') ?? '')).toBe(message.subject);
      expect(decodeEncodedWords(headers.get('from') ?? '')).toContain(`<${message.from.address}>`);
      expect(decodeEncodedWords(headers.get('from') ?? '')).toContain(message.from.name);
      expect(headers.get('to')).toBe(`<${TO}>`);
      expect(new Date(headers.get('date') ?? '').toISOString()).toBe(new Date(message.date).toISOString());
      expect(headers.get('message-id')).toMatch(/^<[0-9a-f]+@export\.example\.com>$/);
      expect(headers.get('mime-version')).toBe('1.0');
      expect(headers.get('content-type')).toBe('text/plain; charset=UTF-8');
      expect(body).toBe(message.body.replace(/\n/g, '\r\n') + '\r\n');
    }
  });

  it('marks ASCII bodies 7bit and UTF-8 bodies 8bit', () => {
    const ascii = parseMessage(buildEml(sampleMessages[0] as SampleMessage, TO));
    const utf8 = parseMessage(buildEml({ ...(sampleMessages[0] as SampleMessage), body: 'Grüße' }, TO));
    expect(ascii.headers.get('content-transfer-encoding')).toBe('7bit');
    expect(utf8.headers.get('content-transfer-encoding')).toBe('8bit');
  });

  it('base64-encodes a body with a line over 998 octets', () => {
    const long = 'x'.repeat(1200);
    const { headers, body } = parseMessage(buildEml({ ...(sampleMessages[0] as SampleMessage), body: long }, TO));
    expect(headers.get('content-transfer-encoding')).toBe('base64');
    expect(body.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(long);
  });

  it('encodes a long non-ASCII subject as encoded words of at most 75 characters, split between code points', () => {
    const subject = 'Überraschung für dich — 新年快乐 '.repeat(4).trim();
    const encoded = encodeHeaderText(subject);
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeEncodedWords(encoded)).toBe(subject);
    expect(encodeHeaderText('Plain subject')).toBe('Plain subject');
  });

  it('quotes display names with specials', () => {
    expect(formatMailbox({ name: 'Dr. Anita Rao', address: 'a@example.net' })).toBe('"Dr. Anita Rao" <a@example.net>');
    expect(formatMailbox({ name: 'Say "hi"', address: 'a@example.net' })).toBe('"Say \\"hi\\"" <a@example.net>');
    expect(formatMailbox({ name: 'Tom Becker', address: 't@example.org' })).toBe('Tom Becker <t@example.org>');
  });
});

describe('MBOX (mboxrd)', () => {
  it('escapes From lines (and already quoted ones) with one more >, and nothing else', () => {
    const date = new Date(Date.UTC(2019, 2, 4, 9, 12));
    const entry = (text: string) => mboxrdEntry(Buffer.from(text, 'latin1'), 'a@example.net', date).toString('latin1');
    const separator = `From a@example.net ${asctimeDate(date)}\n`;
    expect(entry('From the lake\r\n>From here\r\n>>From there\r\nFrom:header\r\n From x\r\nx From y\r\n')).toBe(
      `${separator}>From the lake\r\n>>From here\r\n>>>From there\r\nFrom:header\r\n From x\r\nx From y\r\n\n`,
    );
    // A line end is added when the message has none; the bytes (8-bit included) are kept.
    expect(entry('Subject: caf\xe9\n\n>>From x')).toBe(`${separator}Subject: caf\xe9\n\n>>>From x\n\n`);
    expect(entry('')).toBe(`${separator}\n\n`);
  });

  it('splits back into the same messages, with unescaped bodies', () => {
    const mbox = buildMbox(sampleMessages, TO);
    expect(mbox).not.toContain('\r');
    const separators = mbox.split('\n').filter((line) => line.startsWith('From '));
    expect(separators).toHaveLength(sampleMessages.length);
    expect(separators[0]).toBe(`From no-reply@example.com ${asctimeDate(new Date(sampleMessages[0]?.date ?? ''))}`);
    expect(separators[0]).toMatch(/^From \S+ Mon Mar {2}4 09:12:00 2019$/);

    const chunks = mbox.split(/^From .*\n/m).slice(1);
    expect(chunks).toHaveLength(sampleMessages.length);
    chunks.forEach((chunk, index) => {
      const unescaped = chunk
        .replace(/\n\n$/, '')
        .split('\n')
        .map((line) => line.replace(/^>(>*From )/, '$1'))
        .join('\r\n');
      const message = sampleMessages[index] as SampleMessage;
      const { headers, body } = parseMessage(unescaped + '\r\n');
      expect(decodeEncodedWords(headers.get('subject') ?? '')).toBe(message.subject);
      expect(body).toBe(message.body.replace(/\n/g, '\r\n') + '\r\n');
    });
    // The sample body line "From the lake ..." is escaped in the file.
    expect(mbox).toContain('\n>From the lake on day one');
  });
});

describe('vCard 3.0', () => {
  it('writes every contact so that its fields parse back', () => {
    const cards = parseVcards(buildVcf(sampleContacts));
    expect(cards).toHaveLength(sampleContacts.length);
    cards.forEach((card, index) => {
      const contact = sampleContacts[index] as SampleContact;
      const prop = (name: string) => card.find((p) => p.name === name);
      expect(prop('VERSION')?.value).toBe('3.0');
      expect(vcardParts(prop('N')?.value ?? '').slice(0, 2)).toEqual([contact.familyName, contact.givenName]);
      expect(unescapeVcard(prop('FN')?.value ?? '')).toBe(`${contact.givenName} ${contact.familyName}`);
      expect(prop('EMAIL')?.params).toEqual(['TYPE=INTERNET']);
      expect(unescapeVcard(prop('EMAIL')?.value ?? '')).toBe(contact.email);
      expect(prop('TEL') ? unescapeVcard(prop('TEL')?.value ?? '') : null).toBe(contact.phone);
      expect(prop('ORG') ? unescapeVcard(prop('ORG')?.value ?? '') : null).toBe(contact.organization);
      expect(prop('NOTE') ? unescapeVcard(prop('NOTE')?.value ?? '') : null).toBe(contact.note);
    });
  });

  it('escapes backslashes, commas, semicolons and newlines', () => {
    const card = buildVcard({
      givenName: 'A;B',
      familyName: 'C,D',
      email: 'x@example.org',
      phone: null,
      organization: 'Back\\slash',
      note: 'one\ntwo',
    });
    expect(card).toContain('N:C\\,D;A\\;B;;;');
    expect(card).toContain('ORG:Back\\\\slash');
    expect(card).toContain('NOTE:one\\ntwo');
  });

  it('folds lines over 75 octets without splitting a UTF-8 character, and unfolds to the same value', () => {
    const note = 'Ünïcödé notes that go on and on — 新年快乐 — '.repeat(5);
    const card = buildVcard({ givenName: 'Long', familyName: 'Note', email: 'l@example.org', phone: null, organization: null, note });
    for (const line of card.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(card).not.toContain('\uFFFD');
    const noteProp = parseVcards(card)[0]?.find((p) => p.name === 'NOTE');
    expect(unescapeVcard(noteProp?.value ?? '')).toBe(note);
  });
});

describe('CSV (RFC 4180)', () => {
  it('writes the contact columns and contacts that parse back into them', () => {
    const rows = parseCsv(buildContactsCsv(sampleContacts));
    expect(rows[0]).toEqual([...CONTACT_CSV_COLUMNS]);
    const column = (row: string[] | undefined, name: string) => row?.[CONTACT_CSV_COLUMNS.indexOf(name)];
    expect(rows).toHaveLength(sampleContacts.length + 1);
    sampleContacts.forEach((c, i) => {
      const row = rows[i + 1];
      expect(row).toHaveLength(CONTACT_CSV_COLUMNS.length);
      expect([column(row, 'First Name'), column(row, 'Last Name'), column(row, 'E-mail Address')]).toEqual([
        c.givenName,
        c.familyName,
        c.email,
      ]);
      expect([column(row, 'Other Phone'), column(row, 'Company'), column(row, 'Notes')]).toEqual([
        c.phone ?? '',
        c.organization ?? '',
        c.note ?? '',
      ]);
    });
  });

  it('quotes fields with commas, quotes, line breaks and edge spaces, and only those', () => {
    const rows = [['plain', 'a,b', 'say "hi"', 'two\r\nlines', ' padded ', 'lf\nonly', '']];
    const text = buildCsv(rows);
    expect(text).toBe('plain,"a,b","say ""hi""","two\r\nlines"," padded ","lf\nonly",\r\n');
    expect(parseCsv(text)).toEqual(rows);
  });

  // Issue 35: names and subjects in the contacts and the item report are written by others.
  it('starts a cell a spreadsheet would run as a formula with an apostrophe, and leaves phone numbers and dates be', () => {
    const formulas = ['=HYPERLINK("http://evil.example","Click")', "+cmd|' /C calc'!A0", '-2+3+cmd|x', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'];
    const numbers = ['+1 555 0100', '+44 (20) 7946-0958', '-12', '-3.5', '--02-21'];
    const rows = parseCsv(buildCsv([[...formulas, ...numbers, 'plain = fine', 'a@b.example']]));
    expect(rows[0]).toEqual([...formulas.map((cell) => `'${cell}`), ...numbers, 'plain = fine', 'a@b.example']);
  });
});
