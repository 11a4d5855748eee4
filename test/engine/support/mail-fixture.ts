/**
 * Generated mailboxes for the engine's tests: a seeded random mix of what real mailboxes hold — plain
 * and HTML text, base64 attachments, 8-bit and RFC 2047 headers, a message without Message-ID, two
 * identical messages, a body line starting with "From ", flags and internal dates spread over years —
 * in a folder tree with special-use folders, a nested folder and non-ASCII names.
 */
import { createHash } from 'node:crypto';

export type FixtureMessage = { folder: string[]; raw: Buffer; flags: string[]; internalDate: Date };

export const FIXTURE_FOLDERS: string[][] = [
  ['INBOX'],
  ['Sent'],
  ['Drafts'],
  ['Archive'],
  ['Projects', '2019'],
  ['Réunions', 'Été 2019'],
  ['Junk'],
];

/** A small deterministic generator (mulberry32), so a seed names one mailbox. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FLAG_SETS = [[], ['\\Seen'], ['\\Seen', '\\Answered'], ['\\Flagged'], ['\\Seen', '\\Flagged'], ['\\Draft']];

function message(rand: () => number, n: number, extraBytes: number): Buffer {
  const date = new Date(
    Date.UTC(
      2012 + Math.floor(rand() * 12),
      Math.floor(rand() * 12),
      1 + Math.floor(rand() * 27),
      Math.floor(rand() * 24),
      Math.floor(rand() * 60),
      Math.floor(rand() * 60),
    ),
  );
  const kind = n % 4;
  const headers = [
    `From: ${n % 3 === 0 ? '=?UTF-8?B?' + Buffer.from('Zoë Müller').toString('base64') + '?=' : 'Sam Sender'} <sender${n}@example.net>`,
    'To: customer@example.com',
    kind === 2 ? Buffer.from(`Subject: Grüße aus Köln #${n}`, 'latin1').toString('latin1') : `Subject: Message number ${n}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    ...(n === 5 ? [] : [`Message-ID: <fixture-${n}-${Math.floor(rand() * 1e9)}@example.net>`]),
    'MIME-Version: 1.0',
  ];
  const filler = createHash('sha256')
    .update(String(n))
    .digest('hex')
    .repeat(Math.ceil(extraBytes / 64))
    .slice(0, extraBytes);
  let body: string;
  if (kind === 1) {
    headers.push('Content-Type: multipart/mixed; boundary="b1"');
    const attachment = Buffer.from(filler + String(rand()))
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    body = `--b1\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nSee the attachment.\r\n--b1\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="data-${n}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--b1--\r\n`;
  } else if (kind === 3) {
    headers.push('Content-Type: text/html; charset=UTF-8');
    body = `<html><body><p>Hello number ${n}</p><p>${filler}</p></body></html>\r\n`;
  } else {
    headers.push('Content-Type: text/plain; charset=ISO-8859-1', 'Content-Transfer-Encoding: 8bit');
    body = `Hello,\r\nFrom the start of a line: this must survive mbox quoting.\r\n>From quoted already.\r\nCaf\xe9 cr\xe8me ${n}\r\n${filler.replace(/.{70}/g, '$&\r\n')}\r\n`;
  }
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}

/** `count` messages spread over the fixture folders; message 5 has no Message-ID, message 7 is twice in INBOX. */
export function fixtureMailbox(seed: number, count: number, options: { maxExtraBytes?: number } = {}): FixtureMessage[] {
  const rand = random(seed);
  const out: FixtureMessage[] = [];
  for (let n = 0; n < count; n++) {
    const folder =
      n < FIXTURE_FOLDERS.length
        ? (FIXTURE_FOLDERS[n] as string[])
        : (FIXTURE_FOLDERS[Math.floor(rand() * FIXTURE_FOLDERS.length)] as string[]);
    const internalDate = new Date(
      Date.UTC(
        2010 + Math.floor(rand() * 14),
        Math.floor(rand() * 12),
        1 + Math.floor(rand() * 27),
        Math.floor(rand() * 24),
        Math.floor(rand() * 60),
        Math.floor(rand() * 60),
      ),
    );
    const entry = {
      folder,
      raw: message(rand, n, Math.floor(rand() * (options.maxExtraBytes ?? 6000))),
      flags: FLAG_SETS[n % FLAG_SETS.length] as string[],
      internalDate,
    };
    out.push(entry);
    if (n === 7) out.push({ ...entry, folder: ['INBOX'] }, { ...entry, folder: ['INBOX'] });
  }
  return out;
}

/**
 * What a person finds a fixture message by, as the item report and the status page name it: its
 * subject (the header as latin1 text), its sender's address and its date (ISO 8601).
 */
export function aboutMessage(message: FixtureMessage): { subject: string; address: string; date: string } {
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(message.raw.toString('latin1'))?.[1] ?? '';
  return {
    subject: header('Subject'),
    address: /<(.*)>$/.exec(header('From'))?.[1] ?? '',
    date: new Date(header('Date')).toISOString(),
  };
}
