/**
 * A sample mailbox, generated from a seed: a few hundred messages as real mailboxes hold them, built
 * with nodemailer's MailComposer — plain text and HTML alternatives, PDF and PNG attachments, inline
 * images, forwarded messages, replies in threads, newsletters with list headers, UTF-8 bodies in
 * quoted-printable, RFC 2047 encoded names and subjects, and older mailers' raw 8-bit headers and
 * bodies (UTF-8 and ISO-8859-1) — spread over the folders of folders.ts with flags and dates over years.
 * Everything that varies comes from the seed: the same seed gives the same bytes.
 */
import type Mail from 'nodemailer/lib/mailer/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { samplePdfs, samplePhotos, type Attachment } from './attachments.ts';
import { rfc5322Date, SAMPLE_PERIOD } from './dates.ts';
import { SAMPLE_FOLDERS, type SampleFolder } from './folders.ts';
import { addressOf, fullName, PEOPLE, SENDERS, type Person } from './people.ts';
import { seededRandom, type Random } from './random.ts';
import { AWKWARD_LINES, SENTENCES, SUBJECTS } from './text.ts';

export type SampleMessage = { folder: string[]; raw: Buffer; flags: string[]; internalDate: Date };

export const DEFAULT_MESSAGE_COUNT = 300;

/** Message kinds; received mail goes through all of them in turn, so every kind is in every mailbox. */
const KINDS = [
  'plain',
  'alternative',
  'pdf',
  'photos',
  'inline-image',
  'utf8-8bit',
  'latin1-8bit',
  'newsletter',
  'forward',
  'reply',
] as const;
type Kind = (typeof KINDS)[number];
const SENT_KINDS: readonly Kind[] = ['plain', 'alternative', 'pdf', 'photos', 'reply', 'utf8-8bit'];

const OWNER_NAMES = ['Alex Morgan', 'Robin Schäfer', 'Jamie Lee', 'Camille Durand', 'Noor Haddad', 'Kim Ødegaard'];

type Context = {
  rand: Random;
  owner: Mail.Address;
  pdfs: Attachment[];
  photos: Attachment[];
  seed: number;
  /** Received messages so far, for replies and forwards. */
  received: Array<{ index: number; messageId: string; subject: string; raw: Buffer; internalDate: Date }>;
};

type Draft = { from: Mail.Address; to: Mail.Address[]; zone: string; internalDate: Date; sent: boolean };

const mailbox = (person: Person, kind: 'home' | 'work' = 'home'): Mail.Address => ({
  name: fullName(person),
  address: addressOf(person, kind),
});

function paragraphs(rand: Random, count: number): string[] {
  return Array.from({ length: count }, () => Array.from({ length: rand.int(1, 4) }, () => rand.pick(SENTENCES)).join(' '));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlOf = (parts: string[], extra = '') =>
  `<!doctype html><html><body style="font-family:sans-serif">${parts.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${extra}</body></html>`;

/** A text part as an older mailer wrote it: raw 8-bit bytes, given to MailComposer as a finished part. */
function eightBitPart(text: string, charset: 'utf-8' | 'iso-8859-1'): Mail.Attachment {
  const body = Buffer.from(text.replace(/\r?\n/g, '\r\n'), charset === 'utf-8' ? 'utf8' : 'latin1');
  const head = Buffer.from(`Content-Type: text/plain; charset=${charset}; format=flowed\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`);
  return { raw: Buffer.concat([head, body]) };
}

/** ISO-8859-1 has no room for most of the world's scripts: the Latin-1 mailer only writes these. */
const LATIN1_SUBJECTS = ['Grüße aus Köln', 'Réunion de l’après-midi', 'Año nuevo en España', 'Smörgåsbord på fredag'];
const LATIN1_TEXT = 'Hallo!\n\nDie Äpfel sind reif, komm vorbei und hol dir ein paar.\nÀ bientôt, ¡hasta luego!\n';

function rfc2047Latin1(text: string): string {
  const bytes = Buffer.from(text.replace(/’/g, "'"), 'latin1');
  const encoded = [...bytes]
    .map((b) =>
      b >= 0x21 && b <= 0x7e && b !== 0x3d && b !== 0x3f && b !== 0x5f
        ? String.fromCharCode(b)
        : b === 0x20
          ? '_'
          : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
  return `=?ISO-8859-1?Q?${encoded}?=`;
}

function compose(kind: Kind, draft: Draft, ctx: Context, index: number): Mail.Options & { baseBoundary: string } {
  const { rand } = ctx;
  const messageId = `<${ctx.seed.toString(36)}.${index}.${draft.internalDate.getTime().toString(36)}@${draft.from.address.split('@')[1]}>`;
  const dateHeader = rfc5322Date(new Date(draft.internalDate.getTime() - (draft.sent ? 0 : rand.int(5, 900) * 1000)), draft.zone);
  const text = paragraphs(rand, rand.int(1, rand.chance(0.1) ? 30 : 5));
  // newline 'windows': every line ends in CRLF, as mail does on the wire (IMAP servers would add the CR).
  const base = {
    from: draft.from,
    to: draft.to,
    date: dateHeader,
    messageId,
    baseBoundary: `${ctx.seed.toString(16)}-${index}`,
    newline: 'windows',
    subject: rand.pick(SUBJECTS),
  };
  const withHtml = { text: text.join('\n\n'), html: htmlOf(text) };
  switch (kind) {
    case 'plain':
      return { ...base, text: [...text, rand.pick(AWKWARD_LINES)].join('\n\n') };
    case 'alternative':
      return { ...base, cc: rand.chance(0.3) ? [mailbox(rand.pick(PEOPLE), 'work')] : undefined, ...withHtml };
    case 'pdf':
      return { ...base, subject: 'Invoice attached', ...withHtml, attachments: [rand.pick(ctx.pdfs)] };
    case 'photos':
      return {
        ...base,
        subject: 'Photos from the weekend',
        text: text.join('\n\n'),
        attachments: [rand.pick(ctx.photos), ...(rand.chance(0.5) ? [rand.pick(ctx.photos)] : [])],
      };
    case 'inline-image': {
      const photo = rand.pick(ctx.photos);
      const cid = `photo.${index}@sample.example`;
      return {
        ...base,
        text: text.join('\n\n'),
        html: htmlOf(text, `<p><img src="cid:${cid}" alt="A photo" width="320" height="200"></p>`),
        attachments: [{ ...photo, cid }],
      };
    }
    case 'utf8-8bit': {
      // No `subject`: MailComposer would encode it; this mailer sent the raw UTF-8 bytes (RFC 6532 style).
      const subject = rand.pick(SUBJECTS);
      return {
        ...base,
        subject: undefined,
        headers: { Subject: { prepared: true, value: subject }, 'X-Mailer': 'OldMail 2.1' },
        alternatives: [eightBitPart(text.join('\n\n'), 'utf-8'), { contentType: 'text/html; charset=utf-8', content: htmlOf(text) }],
      };
    }
    case 'latin1-8bit':
      return {
        ...base,
        subject: undefined,
        headers: { Subject: { prepared: true, value: rfc2047Latin1(rand.pick(LATIN1_SUBJECTS)) }, 'X-Mailer': 'Eudora 7.1' },
        alternatives: [
          eightBitPart(LATIN1_TEXT, 'iso-8859-1'),
          { contentType: 'text/html; charset=utf-8', content: htmlOf([LATIN1_TEXT]) },
        ],
      };
    case 'newsletter': {
      const sender = rand.pick(SENDERS);
      const items = paragraphs(rand, rand.int(3, 8));
      return {
        ...base,
        from: { name: sender.name, address: sender.address },
        subject: `${sender.name}: ${rand.pick(['this week’s picks', 'offres de la semaine', 'Neuigkeiten im ' + ['Januar', 'März', 'Mai'][rand.int(0, 2)]])}`,
        headers: { 'List-Id': `<${sender.list}>`, 'List-Unsubscribe': `<mailto:unsubscribe@${sender.list}>`, Precedence: 'bulk' },
        html: htmlOf(items, '<p><a href="https://www.example.com/unsubscribe">Unsubscribe</a></p>'),
      };
    }
    case 'forward': {
      const earlier = ctx.received.length > 0 ? rand.pick(ctx.received) : null;
      if (!earlier) return compose('plain', draft, ctx, index);
      return {
        ...base,
        subject: `Fwd: ${earlier.subject}`,
        text: `${text[0] ?? ''}\n\nForwarded message attached.`,
        attachments: [{ filename: 'forwarded.eml', contentType: 'message/rfc822', content: earlier.raw }],
      };
    }
    case 'reply': {
      const earlier = ctx.received.length > 0 ? rand.pick(ctx.received) : null;
      if (!earlier) return compose('alternative', draft, ctx, index);
      const quoted = ['From the sound of it, yes.', ...paragraphs(rand, 2).map((line) => `> ${line}`)].join('\n');
      return {
        ...base,
        subject: `Re: ${earlier.subject.replace(/^Re: /, '')}`,
        inReplyTo: earlier.messageId,
        references: [earlier.messageId],
        text: `${text[0] ?? ''}\n\n${quoted}`,
      };
    }
  }
}

function flagsFor(folder: SampleFolder, position: number, kind: Kind, rand: Random): string[] {
  switch (folder.role) {
    case '\\Sent':
      return ['\\Seen'];
    case '\\Drafts':
      return position % 2 === 0 ? ['\\Draft'] : ['\\Draft', '\\Seen'];
    case '\\Junk':
      return [];
    case '\\Trash':
      return ['\\Seen'];
    default: {
      const flags = position % 9 === 4 || rand.chance(0.15) ? [] : ['\\Seen'];
      if (position % 7 === 3) flags.push('\\Flagged');
      if (kind === 'alternative' && position % 3 === 0 && flags.includes('\\Seen')) flags.push('\\Answered');
      return flags;
    }
  }
}

/** Which folder each message goes to: every non-empty folder at least twice, the rest by weight. */
function folderPlan(rand: Random, count: number): SampleFolder[] {
  const filled = SAMPLE_FOLDERS.filter((f) => f.weight > 0);
  const total = filled.reduce((sum, f) => sum + f.weight, 0);
  return Array.from({ length: count }, (_, i) => {
    if (i < filled.length * 2) return filled[i % filled.length] as SampleFolder;
    let roll = rand.next() * total;
    return filled.find((f) => (roll -= f.weight) < 0) ?? (filled[0] as SampleFolder);
  });
}

/** Messages composed one after another (the seed's order) and then built together: building waits on I/O turns. */
const BUILD_BATCH = 25;

export async function generateMailbox(seed: number, ownerAddress: string, count = DEFAULT_MESSAGE_COUNT): Promise<SampleMessage[]> {
  const rand = seededRandom(seed);
  const owner = { name: OWNER_NAMES[seed % OWNER_NAMES.length] as string, address: ownerAddress };
  const ctx: Context = { rand, owner, pdfs: await samplePdfs(), photos: samplePhotos(), seed, received: [] };
  const positions = new Map<SampleFolder, number>();
  const out: SampleMessage[] = [];
  const span = SAMPLE_PERIOD.to - SAMPLE_PERIOD.from;
  const plan = folderPlan(rand, count);
  for (let start = 0; start < plan.length; start += BUILD_BATCH) {
    const batch = plan.slice(start, start + BUILD_BATCH).map((folder, offset) => {
      const index = start + offset;
      const position = positions.get(folder) ?? 0;
      positions.set(folder, position + 1);
      const sent = folder.role === '\\Sent' || folder.role === '\\Drafts';
      const kind: Kind = sent
        ? (SENT_KINDS[position % SENT_KINDS.length] as Kind)
        : folder.role === '\\Junk'
          ? 'newsletter'
          : (KINDS[position % KINDS.length] as Kind);
      const person = rand.pick(PEOPLE);
      // Whole seconds: IMAP internal dates have no finer grain.
      const internalDate = new Date(Math.floor((SAMPLE_PERIOD.from + rand.next() * span) / 1000) * 1000);
      const draft: Draft = sent
        ? { from: owner, to: [mailbox(person)], zone: '-0500', internalDate, sent }
        : { from: mailbox(person, rand.chance(0.3) ? 'work' : 'home'), to: [owner], zone: person.zone, internalDate, sent };
      // Replies and forwards pick from the messages of earlier batches.
      const options = compose(kind, draft, ctx, index);
      return { index, folder, sent, options, flags: flagsFor(folder, position, kind, rand), internalDate };
    });
    const raws = await Promise.all(batch.map((entry) => new MailComposer(entry.options).compile().build()));
    batch.forEach((entry, i) => {
      const raw = raws[i] as Buffer;
      const subject = typeof entry.options.subject === 'string' ? entry.options.subject : 'your message';
      if (!entry.sent)
        ctx.received.push({
          index: entry.index,
          messageId: entry.options.messageId as string,
          subject,
          raw,
          internalDate: entry.internalDate,
        });
      out.push({ folder: entry.folder.segments, raw, flags: entry.flags, internalDate: entry.internalDate });
    });
  }
  return out;
}
