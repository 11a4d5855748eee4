/**
 * The sample data is deterministic and realistic: the same address gives the same bytes, and every
 * mailbox has what real ones have (special-use, nested and non-ASCII folders, an empty folder,
 * attachments of several kinds, HTML and plain text, raw 8-bit and RFC 2047 headers, 8-bit bodies,
 * all four flags, dates over many years); every address book has cards with photos, several email
 * addresses, phone numbers and postal addresses, and non-ASCII names. Prints the generation time.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevMail } from '../../server/development/mail/index.ts';
import { SAMPLE_FOLDERS } from '../../server/development/mail/sample/folders.ts';
import { generateMailbox, type SampleMessage } from '../../server/development/mail/sample/messages.ts';
import { generateAddressBooks } from '../../server/development/mail/sample/contacts.ts';
import { seedOf } from '../../server/development/mail/sample/random.ts';
import { writeSampleAccount } from '../../server/development/mail/sample/write-account.ts';
import { expectedMailbox } from '../engine/support/imap-mailbox.ts';
import { readMaildir, treeOf } from './support/read-maildir.ts';

const ADDRESS = 'active@example.com';
const work = mkdtempSync(path.join(tmpdir(), 'dev-mail-generate-'));
let messages: SampleMessage[];

beforeAll(async () => {
  const started = performance.now();
  messages = await generateMailbox(seedOf(ADDRESS), ADDRESS);
  console.log(`sample mailbox: ${messages.length} messages generated in ${Math.round(performance.now() - started)} ms`);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
const fingerprint = (list: SampleMessage[]) =>
  list.map((m) => `${m.folder.join('/')} ${sha(m.raw)} ${m.flags.join(',')} ${m.internalDate.toISOString()}`);
const headerOf = (raw: Buffer) => raw.subarray(0, raw.indexOf('\r\n\r\n'));

describe('the sample mailbox', () => {
  it('is the same for the same seed and different for another', async () => {
    expect(fingerprint(await generateMailbox(seedOf(ADDRESS), ADDRESS))).toEqual(fingerprint(messages));
    const other = fingerprint(await generateMailbox(seedOf('no-contacts@example.com'), 'no-contacts@example.com'));
    expect(other).not.toEqual(fingerprint(messages));
  }, 60_000);

  it('has special-use, nested, non-ASCII and empty folders', () => {
    const roles = SAMPLE_FOLDERS.map((f) => f.role);
    for (const role of ['\\Inbox', '\\Sent', '\\Drafts', '\\Trash', '\\Junk', '\\Archive']) expect(roles).toContain(role);
    const used = new Set(messages.map((m) => m.folder.join('/')));
    expect(SAMPLE_FOLDERS.some((f) => f.segments.length > 1 && used.has(f.segments.join('/')))).toBe(true);
    // eslint-disable-next-line no-control-regex -- "not ASCII" is the point
    expect([...used].filter((name) => /[^\x00-\x7f]/.test(name)).length).toBeGreaterThanOrEqual(2);
    const empty = SAMPLE_FOLDERS.filter((f) => !used.has(f.segments.join('/')));
    expect(empty.map((f) => f.segments.join('/'))).toEqual(['Old projects']);
    expect(messages.length).toBeGreaterThanOrEqual(200);
  });

  it('ends every line with CRLF, as mail does on the wire (an IMAP server would otherwise add the CR)', () => {
    expect(messages.filter((m) => /(^|[^\r])\n/.test(m.raw.toString('latin1'))).length).toBe(0);
  });

  it('has attachments, HTML and plain text, forwarded messages and replies', async () => {
    const parsed = await Promise.all(messages.map((m) => PostalMime.parse(m.raw, { forceRfc822Attachments: true })));
    const attachments = parsed.flatMap((email) => email.attachments);
    const bytesOf = (content: ArrayBuffer | Uint8Array | string) =>
      Buffer.from(
        typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content instanceof ArrayBuffer ? content : content.buffer),
      );
    const pdfs = attachments.filter((a) => a.mimeType === 'application/pdf');
    expect(pdfs.length).toBeGreaterThan(5);
    for (const pdf of pdfs) expect(bytesOf(pdf.content).subarray(0, 5).toString()).toBe('%PDF-');
    const pngs = attachments.filter((a) => a.mimeType === 'image/png');
    expect(pngs.length).toBeGreaterThan(5);
    for (const png of pngs)
      expect(bytesOf(png.content).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngs.some((png) => png.disposition === 'inline' && png.contentId)).toBe(true);
    expect(attachments.some((a) => a.mimeType === 'message/rfc822')).toBe(true);
    expect(parsed.filter((e) => e.html && e.text).length).toBeGreaterThan(20);
    expect(parsed.filter((e) => e.html && !e.text).length).toBeGreaterThan(5);
    expect(parsed.filter((e) => !e.html && e.text).length).toBeGreaterThan(20);
    expect(parsed.some((e) => e.inReplyTo && e.subject?.startsWith('Re: '))).toBe(true);
    expect(parsed.some((e) => e.headers.some((h) => h.key === 'list-unsubscribe'))).toBe(true);
  }, 60_000);

  it('has RFC 2047 encoded headers, raw 8-bit headers and 8-bit bodies in UTF-8 and ISO-8859-1', async () => {
    const headers = messages.map((m) => headerOf(m.raw));
    expect(headers.filter((h) => /=\?UTF-8\?[QB]\?/i.test(h.toString('latin1'))).length).toBeGreaterThan(50);
    expect(headers.some((h) => /=\?ISO-8859-1\?Q\?/i.test(h.toString('latin1')))).toBe(true);
    const eightBitHeaders = messages.filter((m) => headerOf(m.raw).some((byte) => byte >= 0x80));
    expect(eightBitHeaders.length).toBeGreaterThan(3);
    // The raw UTF-8 subject reads back as the text it was.
    const subject = (await PostalMime.parse(eightBitHeaders[0]?.raw ?? Buffer.alloc(0))).subject ?? '';
    expect(headerOf(eightBitHeaders[0]?.raw ?? Buffer.alloc(0)).toString('utf8')).toContain(`Subject: ${subject}`);
    const bodies = messages.map((m) => m.raw.toString('latin1'));
    expect(bodies.some((b) => /charset=utf-8; format=flowed\r\nContent-Transfer-Encoding: 8bit/.test(b))).toBe(true);
    const latin1 = messages.find((m) =>
      m.raw.toString('latin1').includes('charset=iso-8859-1; format=flowed\r\nContent-Transfer-Encoding: 8bit'),
    );
    expect(latin1?.raw.includes(Buffer.from('Die \xc4pfel', 'latin1'))).toBe(true);
  });

  it('has every flag and dates over at least six years, each folder in date order', () => {
    const flags = new Set(messages.flatMap((m) => m.flags));
    for (const flag of ['\\Seen', '\\Answered', '\\Flagged', '\\Draft']) expect(flags).toContain(flag);
    expect(messages.some((m) => m.flags.length === 0)).toBe(true);
    const years = new Set(messages.map((m) => m.internalDate.getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(6);
    expect(messages.every((m) => m.internalDate.getTime() % 1000 === 0)).toBe(true);
  });

  it('is written as a Maildir holding exactly those messages, the same files every time', async () => {
    const started = performance.now();
    const written = await writeSampleAccount(path.join(work, 'one'), ADDRESS);
    console.log(
      `sample account written (${written.messages} messages, ${written.cards} cards) in ${Math.round(performance.now() - started)} ms`,
    );
    await writeSampleAccount(path.join(work, 'two'), ADDRESS);
    expect(treeOf(path.join(work, 'two'))).toEqual(treeOf(path.join(work, 'one')));
    const expected = expectedMailbox(messages, '/');
    expected.set('Old projects', []);
    expect(readMaildir(path.join(work, 'one', 'Maildir'))).toEqual(expected);
    const meta = JSON.parse(readFileSync(path.join(work, 'one', 'Maildir', 'mailbox.json'), 'utf8'));
    expect(meta).toEqual({
      delimiter: '/',
      specialUse: { Sent: '\\Sent', Drafts: '\\Drafts', Trash: '\\Trash', Junk: '\\Junk', Archive: '\\Archive' },
    });
    // UIDs rise with the internal date, as they do when mail arrives.
    const uidlist = readFileSync(path.join(work, 'one', 'Maildir', 'dovecot-uidlist'), 'utf8')
      .trim()
      .split('\n');
    const seconds = uidlist.slice(1).map((line) => Number(/ :(\d+)\./.exec(line)?.[1]));
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(uidlist.length - 1).toBe(messages.filter((m) => m.folder.join('/') === 'INBOX').length);
  }, 60_000);
});

describe('the sample address books', () => {
  const books = generateAddressBooks(seedOf(ADDRESS));
  const cards = books.flatMap((book) => book.cards.map((card) => ICAL.Component.fromString(card.vcard)));
  const count = (card: ICAL.Component, name: string) => card.getAllProperties(name).length;

  it('are the same for the same seed and different for another', () => {
    expect(generateAddressBooks(seedOf(ADDRESS))).toEqual(books);
    expect(generateAddressBooks(seedOf('opted-out@example.com'))).not.toEqual(books);
  });

  it('hold a few dozen cards with photos, several addresses and numbers, and non-ASCII names', () => {
    expect(books.map((b) => b.id)).toEqual(['contacts', 'family']);
    expect(cards.length).toBeGreaterThanOrEqual(30);
    for (const card of cards) {
      expect(card.getFirstPropertyValue('version')).toBe('3.0');
      expect(card.getFirstPropertyValue('uid')).toMatch(/^[0-9a-f-]{36}$/);
      expect(count(card, 'fn')).toBe(1);
      expect(count(card, 'email')).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(cards.map((c) => c.getFirstPropertyValue('uid'))).size).toBe(cards.length);
    const photos = cards.map((c) => c.getFirstProperty('photo')).filter((p) => p !== null);
    expect(photos.length).toBeGreaterThan(cards.length / 2);
    for (const photo of photos) expect(Buffer.from(String(photo.getFirstValue()), 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(cards.filter((c) => count(c, 'email') >= 2).length).toBeGreaterThan(5);
    expect(cards.filter((c) => count(c, 'tel') >= 2).length).toBe(cards.length);
    expect(cards.filter((c) => count(c, 'adr') >= 2).length).toBeGreaterThan(5);
    // eslint-disable-next-line no-control-regex -- "not ASCII" is the point
    expect(cards.filter((c) => /[^\x00-\x7f]/.test(String(c.getFirstPropertyValue('fn')))).length).toBeGreaterThan(10);
    const note = cards.map((c) => c.getFirstPropertyValue('note')).find((n) => typeof n === 'string' && n.includes('\n'));
    expect(note).toMatch(/;.*,/);
  });

  it('are written one card per file with CRLF line ends, in Radicale collections', async () => {
    const dir = path.join(work, 'one', 'contacts');
    expect(readdirSync(dir).sort()).toEqual(['contacts', 'family']);
    const props = JSON.parse(readFileSync(path.join(dir, 'contacts', '.Radicale.props'), 'utf8'));
    expect(props).toMatchObject({ tag: 'VADDRESSBOOK', 'D:displayname': 'Contacts' });
    const files = readdirSync(path.join(dir, 'contacts')).filter((f) => f.endsWith('.vcf'));
    expect(files).toHaveLength(books[0]?.cards.length ?? -1);
    for (const file of files) {
      const text = readFileSync(path.join(dir, 'contacts', file), 'utf8');
      expect(text.replace(/\r\n/g, '')).not.toContain('\n');
      expect(text.startsWith('BEGIN:VCARD\r\n') && text.endsWith('END:VCARD\r\n')).toBe(true);
    }
  });
});

describe('writing the sample accounts on start', () => {
  it('stops at a shutdown, and an account left out is written on first use', { timeout: 60_000 }, async () => {
    const devMail = createDevMail({ dir: path.join(work, 'prepare') });
    const shutdown = new AbortController();
    const preparing = devMail.prepare(['first@example.com', 'second@example.com'], shutdown.signal);
    shutdown.abort();
    expect((await preparing).generated).toEqual([]);
    expect(existsSync(devMail.layout.account('second@example.com'))).toBe(false);
    const session = await devMail.mailSource('second@example.com').connect();
    expect((await session.listFolders()).length).toBeGreaterThan(5);
    await session.close();
    expect((await devMail.prepare(['first@example.com', 'second@example.com'])).generated).toEqual(['first@example.com']);
  });
});
