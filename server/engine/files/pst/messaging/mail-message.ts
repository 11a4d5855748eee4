/**
 * A MIME message as the properties of an Outlook message ([MS-OXCMSG], [MS-OXOMSG]): parsed with
 * postal-mime (as the engine does elsewhere). What each part becomes:
 *
 * - the header block as it was (UTF-8 when it is valid UTF-8, else Latin-1, so every byte survives)
 *   → PR_TRANSPORT_MESSAGE_HEADERS;
 * - Subject, From (and Sender), To/Cc/Bcc → subject, sender and sent-representing names and SMTP
 *   addresses, the display lists, and one recipient row each;
 * - Date → PR_CLIENT_SUBMIT_TIME; the source's internal date → PR_MESSAGE_DELIVERY_TIME;
 * - Message-ID, In-Reply-To, References → PR_INTERNET_MESSAGE_ID and its neighbours;
 * - text/plain → PR_BODY; text/html → PR_HTML (UTF-8, PR_INTERNET_CPID 65001);
 * - every other part → an attachment by value (name, MIME type, Content-ID, hidden when inline);
 * - the flags: \Seen → MSGFLAG_READ; \Flagged → PR_FLAG_STATUS followupFlagged; \Answered and
 *   $Forwarded → PR_LAST_VERB_EXECUTED and the icon Outlook shows for them; \Draft → MSGFLAG_UNSENT.
 *
 * A message of a single text part has its body decoded here (see parseOneTextPart).
 * A message postal-mime cannot read becomes a message saying so, with the raw message attached as
 * `message.eml` (message/rfc822): nothing is lost, and the caller counts it.
 */
import { StringDecoder } from 'node:string_decoder';
import iconv from 'iconv-lite';
import PostalMime, { type Address, type Email } from 'postal-mime';
import { LongText, PT, type Prop } from '../ltp/values.ts';

export type Recipient = { type: 1 | 2 | 3; name: string; address: string };
export type AttachmentModel = {
  filename: string;
  mimeType: string;
  contentId: string | null;
  inline: boolean;
  data: Uint8Array;
  /** Extra properties (a contact's photo flag). */
  extra?: Prop[];
};
export type MessageModel = { props: Prop[]; recipients: Recipient[]; attachments: AttachmentModel[]; parsed: boolean };
export type MailInput = { raw: Buffer; internalDate: Date; flags: readonly string[] };

const MSGFLAG = { READ: 0x01, UNMODIFIED: 0x02, UNSENT: 0x08, HASATTACH: 0x10 } as const;

/** The header block: everything before the first empty line. */
function headerBlock(raw: Buffer): string {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf + 2 : lf !== -1 ? lf + 1 : raw.length;
  const block = raw.subarray(0, end);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(block);
  } catch {
    return block.toString('latin1');
  }
}

const mailboxes = (list: Address[] | undefined) =>
  (list ?? []).flatMap((a) => (a.group ? a.group : [a])).filter((m) => m.address || m.name);

const str = (id: number, value: string | null | undefined): Prop[] => (value ? [{ id, type: PT.UNICODE, value }] : []);

/** Properties every message gets from its flags and dates. */
function stateProps(input: MailInput, hasAttachments: boolean, size: number): Prop[] {
  const flags = new Set(input.flags.map((f) => f.toLowerCase()));
  let messageFlags = MSGFLAG.UNMODIFIED;
  if (flags.has('\\seen')) messageFlags |= MSGFLAG.READ;
  if (flags.has('\\draft')) messageFlags |= MSGFLAG.UNSENT;
  if (hasAttachments) messageFlags |= MSGFLAG.HASATTACH;
  const props: Prop[] = [
    { id: 0x0e07, type: PT.LONG, value: messageFlags }, // PR_MESSAGE_FLAGS
    { id: 0x0e08, type: PT.LONG, value: Math.min(size, 0x7fffffff) }, // PR_MESSAGE_SIZE
    { id: 0x0e17, type: PT.LONG, value: 0 }, // PR_MESSAGE_STATUS
    { id: 0x0e06, type: PT.SYSTIME, value: input.internalDate }, // PR_MESSAGE_DELIVERY_TIME
    { id: 0x3007, type: PT.SYSTIME, value: input.internalDate }, // PR_CREATION_TIME
    { id: 0x3008, type: PT.SYSTIME, value: input.internalDate }, // PR_LAST_MODIFICATION_TIME
    { id: 0x0017, type: PT.LONG, value: 1 }, // PR_IMPORTANCE: normal
    { id: 0x0036, type: PT.LONG, value: 0 }, // PR_SENSITIVITY: none
    { id: 0x0e1b, type: PT.BOOLEAN, value: hasAttachments }, // PR_HASATTACH
  ];
  if (flags.has('\\flagged')) {
    props.push({ id: 0x1090, type: PT.LONG, value: 2 }); // PR_FLAG_STATUS: followupFlagged
    props.push({ id: 0x1095, type: PT.LONG, value: 6 }); // PR_FLAG_ICON: red
  }
  // PR_LAST_VERB_EXECUTED (102 reply to sender, 104 forward) and PR_ICON_INDEX (261 replied, 262 forwarded).
  const verb = flags.has('\\answered') ? { verb: 102, icon: 0x105 } : flags.has('$forwarded') ? { verb: 104, icon: 0x106 } : null;
  if (verb) {
    props.push({ id: 0x1081, type: PT.LONG, value: verb.verb });
    props.push({ id: 0x1082, type: PT.SYSTIME, value: input.internalDate }); // PR_LAST_VERB_EXECUTION_TIME
    props.push({ id: 0x1080, type: PT.LONG, value: verb.icon });
  } else {
    props.push({ id: 0x1080, type: PT.LONG, value: flags.has('\\seen') ? 0x100 : 0xffffffff }); // read / unread mail icon
  }
  return props;
}

function parsedProps(email: Email, input: MailInput, longBody: LongText | null): MessageModel {
  const from = mailboxes(email.from ? [email.from] : [])[0];
  const sender = mailboxes(email.sender ? [email.sender] : [])[0] ?? from;
  const recipients: Recipient[] = [
    ...mailboxes(email.to).map((m) => ({ type: 1 as const, name: m.name || m.address, address: m.address })),
    ...mailboxes(email.cc).map((m) => ({ type: 2 as const, name: m.name || m.address, address: m.address })),
    ...mailboxes(email.bcc).map((m) => ({ type: 3 as const, name: m.name || m.address, address: m.address })),
  ];
  const display = (type: number) =>
    recipients
      .filter((r) => r.type === type)
      .map((r) => r.name)
      .join('; ');
  const attachments: AttachmentModel[] = email.attachments.map((a, i) => {
    const data = typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content);
    const contentId = a.contentId ? a.contentId.replace(/^<|>$/g, '') : null;
    return {
      filename: a.filename || `attachment-${i + 1}${a.mimeType === 'message/rfc822' ? '.eml' : ''}`,
      mimeType: a.mimeType,
      contentId,
      inline: a.disposition === 'inline' && contentId !== null,
      data,
    };
  });
  const date = email.date ? new Date(email.date) : null;
  const sent = date && !Number.isNaN(date.getTime()) ? date : input.internalDate;
  const subject = email.subject ?? '';
  const props: Prop[] = [
    { id: 0x001a, type: PT.UNICODE, value: 'IPM.Note' }, // PR_MESSAGE_CLASS
    ...str(0x0037, subject), // PR_SUBJECT
    ...str(0x0e1d, subject), // PR_NORMALIZED_SUBJECT
    ...str(0x0070, subject), // PR_CONVERSATION_TOPIC
    { id: 0x0039, type: PT.SYSTIME, value: sent }, // PR_CLIENT_SUBMIT_TIME
    ...str(0x0c1a, sender?.name || sender?.address), // PR_SENDER_NAME
    ...str(0x0c1e, sender?.address ? 'SMTP' : null), // PR_SENDER_ADDRTYPE
    ...str(0x0c1f, sender?.address), // PR_SENDER_EMAIL_ADDRESS
    ...str(0x5d01, sender?.address), // PR_SENDER_SMTP_ADDRESS
    ...str(0x0042, from?.name || from?.address), // PR_SENT_REPRESENTING_NAME
    ...str(0x0064, from?.address ? 'SMTP' : null), // PR_SENT_REPRESENTING_ADDRTYPE
    ...str(0x0065, from?.address), // PR_SENT_REPRESENTING_EMAIL_ADDRESS
    ...str(0x5d02, from?.address), // PR_SENT_REPRESENTING_SMTP_ADDRESS
    ...str(0x0e04, display(1)), // PR_DISPLAY_TO
    ...str(0x0e03, display(2)), // PR_DISPLAY_CC
    ...str(0x0e02, display(3)), // PR_DISPLAY_BCC
    ...str(0x1035, email.messageId), // PR_INTERNET_MESSAGE_ID
    ...str(0x1042, email.inReplyTo), // PR_IN_REPLY_TO_ID
    ...str(0x1039, email.references), // PR_INTERNET_REFERENCES
    ...str(0x007d, headerBlock(input.raw)), // PR_TRANSPORT_MESSAGE_HEADERS
    ...(longBody ? [{ id: 0x1000, type: PT.UNICODE, value: longBody }] : str(0x1000, email.text)), // PR_BODY
    ...(email.html
      ? [
          { id: 0x1013, type: PT.BINARY, value: Buffer.from(email.html, 'utf8') }, // PR_HTML
          { id: 0x3fde, type: PT.LONG, value: 65001 }, // PR_INTERNET_CPID: UTF-8
        ]
      : []),
    ...stateProps(input, attachments.length > 0, input.raw.length),
  ];
  return { props, recipients, attachments, parsed: true };
}

/** Where the body starts: after the first empty line. */
function bodyStart(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return crlf + 4;
  return lf !== -1 ? lf + 2 : raw.length;
}

type PieceDecoder = { write(bytes: Buffer): string; end(): string };

/** A decoder of a charset's bytes given in pieces (a character cut between two pieces is kept whole). */
function pieceDecoder(charset: string): PieceDecoder {
  // Node's UTF-8 decoding makes a one-byte string of ASCII text: half the memory of a two-byte one.
  if (/^(utf-?8|us-ascii|ascii)$/i.test(charset)) return new StringDecoder('utf8');
  try {
    const decoder = new TextDecoder(charset || 'utf-8');
    return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
  } catch {
    if (!iconv.encodingExists(charset)) return { write: (bytes) => bytes.toString('latin1'), end: () => '' };
    const decoder = iconv.getDecoder(charset);
    return { write: (bytes) => decoder.write(bytes), end: () => decoder.end() ?? '' };
  }
}

function decodeText(bytes: Buffer, charset: string): string {
  const decoder = pieceDecoder(charset);
  return decoder.write(bytes) + decoder.end();
}

/** Past this, a plain-text body is decoded 64 kB at a time as it is written (LongText), never whole. */
const LONG_BODY_BYTES = 1024 * 1024;
/** Small enough that each piece's string dies young (V8 puts a larger one straight into the old space). */
const PIECE_BYTES = 64 * 1024;

function* decodedPieces(bytes: Buffer, charset: string): Generator<string> {
  const decoder = pieceDecoder(charset);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield decoder.write(bytes.subarray(at, at + PIECE_BYTES));
  yield decoder.end();
}

function transferDecode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.toString('latin1'), 'base64');
  if (encoding !== 'quoted-printable') return body;
  const soft = body.toString('latin1').replace(/=\r?\n/g, '');
  return Buffer.from(
    soft.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

/**
 * A message of one text part, its header read by postal-mime and its body decoded here: postal-mime
 * gathers a body line by line through Blobs (14 ms for 50 kB of text, 20 times the rest of the
 * writing). A long plain-text body comes back as a LongText, decoded only as it is written (a 50 MB
 * body would otherwise be a 50 MB string beside the raw message). Anything else (multipart, an
 * attached message, a non-text part) is postal-mime's: null.
 */
async function parseOneTextPart(raw: Buffer): Promise<{ email: Email; longBody: LongText | null } | null> {
  const start = bodyStart(raw);
  const email = await PostalMime.parse(raw.subarray(0, start), { attachmentEncoding: 'arraybuffer' });
  const header = (key: string) => email.headers.find((h) => h.key === key)?.value ?? '';
  const type = header('content-type') || 'text/plain';
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if ((mime !== 'text/plain' && mime !== 'text/html') || /^\s*attachment/i.test(header('content-disposition'))) return null;
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1] ?? 'utf-8';
  const body = transferDecode(raw.subarray(start), header('content-transfer-encoding').trim().toLowerCase());
  if (mime === 'text/plain' && body.length > LONG_BODY_BYTES)
    return { email: { ...email, attachments: [] }, longBody: new LongText(() => decodedPieces(body, charset)) };
  const text = decodeText(body, charset);
  const parts = { text: mime === 'text/plain' ? text : undefined, html: mime === 'text/html' ? text : undefined };
  return { email: { ...email, ...parts, attachments: [] }, longBody: null };
}

/** The message a raw message becomes; an unreadable one is kept as an attachment. */
export async function mailMessage(input: MailInput): Promise<MessageModel> {
  try {
    const one = await parseOneTextPart(input.raw);
    const email = one?.email ?? (await PostalMime.parse(input.raw, { attachmentEncoding: 'arraybuffer' }));
    return parsedProps(email, input, one?.longBody ?? null);
  } catch {
    const props: Prop[] = [
      { id: 0x001a, type: PT.UNICODE, value: 'IPM.Note' },
      { id: 0x0037, type: PT.UNICODE, value: '(a message that could not be read)' },
      { id: 0x0039, type: PT.SYSTIME, value: input.internalDate },
      { id: 0x1000, type: PT.UNICODE, value: 'This message could not be read. It is attached as it was received (message.eml).' },
      ...str(0x007d, headerBlock(input.raw)),
      ...stateProps(input, true, input.raw.length),
    ];
    const attachment = { filename: 'message.eml', mimeType: 'message/rfc822', contentId: null, inline: false, data: input.raw };
    return { props, recipients: [], attachments: [attachment], parsed: false };
  }
}
