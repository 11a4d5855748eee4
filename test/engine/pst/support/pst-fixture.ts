/**
 * A generated set of mail and contacts for the PST writer's tests: a non-ASCII folder tree, some
 * hundreds of plain messages (so the node B-tree and a contents table span many pages and blocks), an
 * HTML-only and a plain-only message, one with an attachment, one with an inline image (Content-ID),
 * one without a Message-ID, one with a 9 MB attachment (an XXBLOCK data tree: more than 1,021 blocks),
 * one of 2.7 MB of plain UTF-8 text, and contacts with every kind of field. `expected` is what each reader must find.
 */
import type { ContactFields } from '../../../../server/engine/contacts/fields.ts';

export type ExpectedAttachment = { filename: string; mimeType: string; contentId: string | null; bytes: Buffer };
export type ExpectedMessage = {
  folder: string;
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  date: Date;
  internalDate: Date;
  flags: string[];
  text: string | null;
  html: string | null;
  messageId: string | null;
  attachments: ExpectedAttachment[];
  raw: Buffer;
};
export type Fixture = { folders: string[]; messages: ExpectedMessage[]; contacts: ContactFields[]; contactsFolder: string };

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082',
  'hex',
);

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

/** Deterministic bytes that do not compress to nothing. */
export function bytesOf(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

type Part = { headers: string; body: string };
const multipart = (type: string, boundary: string, parts: Part[]) =>
  `Content-Type: multipart/${type}; boundary="${boundary}"\r\n\r\n` +
  parts.map((p) => `--${boundary}\r\n${p.headers}\r\n\r\n${p.body}\r\n`).join('') +
  `--${boundary}--\r\n`;

function message(spec: Omit<ExpectedMessage, 'raw' | 'date'> & { date: Date; bodyMime: string }): ExpectedMessage {
  const head = [
    `From: ${spec.from === 'anna@example.org' ? 'Anna Example <anna@example.org>' : spec.from}`,
    `To: ${spec.to.join(', ')}`,
    ...(spec.cc.length ? [`Cc: ${spec.cc.join(', ')}`] : []),
    `Subject: =?UTF-8?B?${Buffer.from(spec.subject).toString('base64')}?=`,
    `Date: ${spec.date.toUTCString().replace('GMT', '+0000')}`,
    ...(spec.messageId ? [`Message-ID: <${spec.messageId}>`] : []),
    'MIME-Version: 1.0',
  ].join('\r\n');
  const { bodyMime, ...rest } = spec;
  return { ...rest, raw: Buffer.from(`${head}\r\n${bodyMime}`) };
}

export function pstFixture(plainCount = 300): Fixture {
  const inbox = 'Inbox';
  const nested = 'Inbox/Überordner – ñ 日本';
  const deep = 'Inbox/Überordner – ñ 日本/Tiefer Ordner ✓';
  const special = 'Archiv 2019';
  const folders = [inbox, nested, deep, special];
  const base = Date.UTC(2023, 4, 1, 8, 0, 0);
  const messages: ExpectedMessage[] = [];
  const plain = (text: string) => `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}`;

  for (let i = 0; i < plainCount; i++) {
    const text = `Hallo ${i}, grüße aus Köln.\r\nZeile zwei.\r\n`;
    messages.push(
      message({
        folder: i % 10 === 0 ? nested : i % 25 === 0 ? deep : inbox,
        subject: `Nachricht ${i} – Grüße`,
        from: 'anna@example.org',
        to: [`bob${i % 7}@example.org`],
        cc: i % 3 === 0 ? ['carol@example.org', 'dave@example.net'] : [],
        date: new Date(base + i * 3_600_000),
        internalDate: new Date(base + i * 3_600_000 + 60_000),
        flags: i % 2 === 0 ? ['\\Seen'] : i % 5 === 0 ? ['\\Flagged', '\\Answered'] : [],
        text,
        html: null,
        messageId: `n${i}@example.org`,
        attachments: [],
        bodyMime: plain(text),
      }),
    );
  }
  const at = (n: number) => ({ date: new Date(base - n * 86_400_000), internalDate: new Date(base - n * 86_400_000 + 5_000) });
  messages.push(
    message({
      folder: special,
      subject: 'Nur HTML',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: [],
      ...at(1),
      flags: ['\\Seen'],
      text: null,
      html: '<html><body><p>Nur <b>HTML</b> – äöü</p></body></html>',
      messageId: 'html-only@example.org',
      attachments: [],
      bodyMime:
        'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<html><body><p>Nur <b>HTML</b> – äöü</p></body></html>',
    }),
    message({
      folder: special,
      subject: 'Nur Text ohne Message-ID',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: ['carol@example.org'],
      ...at(2),
      flags: [],
      text: 'Kein Message-ID-Feld.\r\n',
      html: null,
      messageId: null,
      attachments: [],
      bodyMime: plain('Kein Message-ID-Feld.\r\n'),
    }),
  );
  const pdf = bytesOf(20_000, 7);
  messages.push(
    message({
      folder: special,
      subject: 'Mit Anhang',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: [],
      ...at(3),
      flags: ['\\Seen'],
      text: 'Siehe Anhang.\r\n',
      html: null,
      messageId: 'attachment@example.org',
      attachments: [{ filename: 'Bericht März.pdf', mimeType: 'application/pdf', contentId: null, bytes: pdf }],
      bodyMime: multipart('mixed', 'mix1', [
        { headers: 'Content-Type: text/plain; charset=utf-8', body: 'Siehe Anhang.' },
        {
          headers: `Content-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename*=utf-8''Bericht%20M%C3%A4rz.pdf`,
          body: b64(pdf),
        },
      ]),
    }),
  );
  messages.push(
    message({
      folder: special,
      subject: 'Mit Bild im Text',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: [],
      ...at(4),
      flags: ['\\Seen'],
      text: null,
      html: '<p>Ein Bild: <img src="cid:dot@example.org"></p>',
      messageId: 'inline@example.org',
      attachments: [{ filename: 'dot.png', mimeType: 'image/png', contentId: 'dot@example.org', bytes: PNG }],
      bodyMime: multipart('related', 'rel1', [
        { headers: 'Content-Type: text/html; charset=utf-8', body: '<p>Ein Bild: <img src="cid:dot@example.org"></p>' },
        {
          headers:
            'Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-ID: <dot@example.org>\r\nContent-Disposition: inline; filename="dot.png"',
          body: b64(PNG),
        },
      ]),
    }),
  );
  const big = bytesOf(9_000_000, 99);
  messages.push(
    message({
      folder: special,
      subject: 'Großer Anhang',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: [],
      ...at(5),
      flags: ['\\Seen'],
      text: 'Neun Megabyte.\r\n',
      html: null,
      messageId: 'big@example.org',
      attachments: [{ filename: 'gross.bin', mimeType: 'application/octet-stream', contentId: null, bytes: big }],
      bodyMime: multipart('mixed', 'mix2', [
        { headers: 'Content-Type: text/plain; charset=utf-8', body: 'Neun Megabyte.' },
        {
          headers:
            'Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="gross.bin"',
          body: b64(big),
        },
      ]),
    }),
  );
  // A plain body over a megabyte is decoded 64 kB at a time as it is written: some cuts fall inside a
  // character (the third, at byte 196,608, between the first and second of ✓'s three bytes).
  const long = 'Grüße aus 日本 ✓ und mehr.\r\n'.repeat(80_000);
  messages.push(
    message({
      folder: special,
      subject: 'Langer Text',
      from: 'anna@example.org',
      to: ['bob@example.org'],
      cc: [],
      ...at(6),
      flags: [],
      text: long,
      html: null,
      messageId: 'long@example.org',
      attachments: [],
      bodyMime: plain(long),
    }),
  );

  const contacts: ContactFields[] = [
    {
      formattedName: 'Jörg Müller',
      name: { family: 'Müller', given: 'Jörg', additional: 'Peter', prefix: 'Dr.', suffix: '' },
      nicknames: ['Jo'],
      emails: [
        { value: 'joerg@example.org', types: ['work'] },
        { value: 'jm@home.example', types: ['home'] },
        { value: 'j.m@third.example', types: [] },
        { value: 'fourth@example.org', types: [] },
      ],
      phones: [
        { value: '+49 30 1234567', types: ['work'] },
        { value: '+49 170 5550000', types: ['cell'] },
        { value: '+49 30 7654321', types: ['home'] },
      ],
      addresses: [
        {
          types: ['home'],
          poBox: '',
          extended: '',
          street: 'Hauptstraße 1',
          locality: 'Berlin',
          region: 'BE',
          postalCode: '10115',
          country: 'Deutschland',
        },
        {
          types: ['work'],
          poBox: '',
          extended: '',
          street: 'Am Markt 5',
          locality: 'Köln',
          region: 'NW',
          postalCode: '50667',
          country: 'Deutschland',
        },
      ],
      organization: { name: 'ACME GmbH', units: ['Forschung'] },
      title: 'Leiter',
      birthday: { year: 1980, month: 4, day: 12 },
      anniversary: null,
      notes: ['Eine Notiz.'],
      urls: [{ value: 'https://example.org/joerg', types: [] }],
      categories: [],
      photo: { bytes: PNG, mediaType: 'image/png' },
    },
    {
      formattedName: 'Zoë Ng',
      name: { family: 'Ng', given: 'Zoë', additional: '', prefix: '', suffix: '' },
      nicknames: [],
      emails: [{ value: 'zoe@example.net', types: [] }],
      phones: [],
      addresses: [],
      organization: null,
      title: '',
      birthday: null,
      anniversary: null,
      notes: [],
      urls: [],
      categories: [],
      photo: null,
    },
  ];
  return { folders, messages, contacts, contactsFolder: 'Kontakte' };
}
