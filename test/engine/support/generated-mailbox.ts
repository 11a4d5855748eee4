/**
 * A mailbox made up on the fly, with no server: for measuring memory (no fixture on disk, each
 * message's bytes generated when the engine fetches it and dropped once written) and for folder names
 * a real server would not store. Every message is different (its own header and its own slice of a
 * block of text), and the same numbers give the same bytes, so a test can check what was written.
 */
import type { MailSource, MailSourceSession, MessageRef, SourceFolder, SourceMessage } from '../../../server/engine/index.ts';
import { random } from './mail-fixture.ts';

export type GeneratedMailbox = {
  folders: SourceFolder[];
  /** How many messages, dealt out to the folders in turn. */
  count: number;
  /** The size of each message's body, about. */
  bodyBytes: number;
  /** One message (this number) has a body this large instead. */
  large: { at: number; bodyBytes: number } | null;
};

/** A folder of that path, its parts split at `/`. */
export const folderAt = (path: string): SourceFolder => ({ path, segments: path.split('/'), delimiter: '/', role: null });

const WORDS =
  'the of and to in is you that it he was for on are as with his they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part'.split(
    ' ',
  );

/**
 * 1 MB of CRLF lines, each one of 8 lines of random words: message bodies are slices of it, at an
 * offset of their own. Whole lines repeat, so deflate finds long matches and a gigabyte of mail
 * compresses in seconds rather than minutes; what is measured is memory, not compression.
 */
const TEXT = (() => {
  const rand = random(2024);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const vocabulary = Array.from({ length: 8 }, () => Array.from({ length: 12 }, () => pick(WORDS)).join(' '));
  const lines: string[] = [];
  for (let size = 0; size < 1 << 20; size += (lines.at(-1)?.length ?? 0) + 2) lines.push(pick(vocabulary));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
})();

const header = (n: number) =>
  Buffer.from(
    `From: Sender ${n} <sender${n}@example.net>\r\nTo: customer@example.com\r\nSubject: Generated message ${n}\r\nMessage-ID: <generated-${n}@example.net>\r\n\r\n`,
  );

const bodyBytesOf = (box: GeneratedMailbox, n: number) => (box.large?.at === n ? box.large.bodyBytes : box.bodyBytes);

const CRLF = Buffer.from('\r\n');

/** Message `n`'s bytes, ending in CRLF as mail does. */
export function generatedMessage(box: GeneratedMailbox, n: number): Buffer {
  const parts = [header(n)];
  for (let left = bodyBytesOf(box, n), k = 0; left > 0; k++) {
    const take = Math.min(left, TEXT.length >> 1);
    const at = ((n + 1) * 7919 + k * 104_729) % (TEXT.length - take);
    parts.push(TEXT.subarray(at, at + take));
    left -= take;
  }
  return Buffer.concat([...parts, CRLF]);
}

/** Which folder message `n` is in, and its UID there (UIDs count from 1 in each folder). */
export function placeOf(box: GeneratedMailbox, n: number): { folder: SourceFolder; uid: number } {
  return { folder: box.folders[n % box.folders.length] as SourceFolder, uid: Math.floor(n / box.folders.length) + 1 };
}

const internalDate = (n: number) => new Date(Date.UTC(2019, 0, 1) + n * 60_000);

export function generatedSource(box: GeneratedMailbox): MailSource {
  const slots = box.folders.length;
  const numbers = (path: string) => {
    const slot = box.folders.findIndex((folder) => folder.path === path);
    return Array.from({ length: Math.max(0, Math.ceil((box.count - slot) / slots)) }, (_, i) => slot + i * slots);
  };
  const ref = (n: number): MessageRef => ({
    uid: placeOf(box, n).uid,
    size: header(n).length + bodyBytesOf(box, n) + CRLF.length,
    internalDate: internalDate(n),
    messageId: `<generated-${n}@example.net>`,
  });
  const session: MailSourceSession = {
    listFolders: async () => box.folders,
    async status(path) {
      const refs = numbers(path).map(ref);
      return { count: refs.length, bytes: refs.reduce((sum, r) => sum + r.size, 0) };
    },
    index: async (path) => ({ uidValidity: '1', messages: numbers(path).map(ref) }),
    async fetch(path, uids) {
      const slot = box.folders.findIndex((folder) => folder.path === path);
      return uids.map((uid): SourceMessage => {
        const n = slot + (uid - 1) * slots;
        return { ...ref(n), flags: [], raw: generatedMessage(box, n) };
      });
    },
    close: async () => {},
  };
  return { connect: async () => session };
}
