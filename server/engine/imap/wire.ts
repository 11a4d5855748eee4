/**
 * The few pieces of IMAP's wire format (RFC 9051, RFC 3501) the append pipe speaks itself: reading a
 * server's responses off a byte stream, and writing a mailbox name, flags and an internal date into an
 * APPEND command. Everything else the engine says goes through imapflow.
 */
import iconv from 'iconv-lite';

/** One response: a line, with any literals it carried dropped (the pipe never needs their bytes). */
export type Response =
  | { kind: 'tagged'; tag: string; status: 'OK' | 'NO' | 'BAD'; code: string | null; text: string }
  | { kind: 'untagged'; text: string }
  | { kind: 'continuation'; text: string };

const TAGGED = /^(\S+) (OK|NO|BAD)(?: \[([^\]]*)\])? ?(.*)$/i;
const LITERAL_AT_END = /\{(\d+)\+?\}$/;

export function parseResponse(line: string): Response {
  if (line.startsWith('+')) return { kind: 'continuation', text: line.slice(1).trim() };
  if (line.startsWith('* ')) return { kind: 'untagged', text: line.slice(2) };
  const match = TAGGED.exec(line);
  if (!match) return { kind: 'untagged', text: line };
  const [, tag = '', status = 'BAD', code, text = ''] = match;
  return { kind: 'tagged', tag, status: status.toUpperCase() as 'OK' | 'NO' | 'BAD', code: code ?? null, text };
}

/**
 * Splits a server's byte stream into response lines. A line that ends in a literal (`{N}`) continues
 * after the literal's N bytes, which are skipped: the answers to APPEND, LOGIN and CAPABILITY never
 * need them, and an untagged response with one (rare outside a selected mailbox) must not be read as
 * a new line.
 */
export function createLineReader(onLine: (line: string) => void) {
  let pending: Buffer[] = [];
  let skip = 0;
  let line = '';
  return (chunk: Buffer) => {
    let data = chunk;
    while (data.length > 0) {
      if (skip > 0) {
        const skipped = Math.min(skip, data.length);
        skip -= skipped;
        data = data.subarray(skipped);
        continue;
      }
      const end = data.indexOf(0x0a);
      if (end < 0) {
        pending.push(data);
        return;
      }
      pending.push(data.subarray(0, end + 1));
      data = data.subarray(end + 1);
      line += Buffer.concat(pending)
        .toString('utf8')
        .replace(/\r?\n$/, '');
      pending = [];
      const literal = LITERAL_AT_END.exec(line);
      if (literal) {
        skip = Number(literal[1]);
        line = line.slice(0, literal.index);
        continue;
      }
      const complete = line;
      line = '';
      onLine(complete);
    }
  };
}

/** A mailbox name as an IMAP quoted string, in modified UTF-7 (the pipe never enables UTF8=ACCEPT). */
export function mailboxArgument(name: string): string {
  // Any non-ASCII character or '&' must be encoded (RFC 3501 §5.1.3).
  const encoded = /[&\u0080-\uffff]/.test(name) ? iconv.encode(name, 'utf-7-imap').toString('latin1') : name;
  return quoted(encoded);
}

export function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** An internal date as APPEND takes it (`"05-Mar-2024 09:07:01 +0000"`), in UTC to the second. */
export function internalDateArgument(date: Date): string {
  const day = two(date.getUTCDate());
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `"${day}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()} ${time} +0000"`;
}

/** The capabilities a `CAPABILITY` response or an `OK [CAPABILITY …]` code lists, upper-cased. */
export function capabilitiesIn(text: string): Set<string> | null {
  const match = /^CAPABILITY (.*)$/i.exec(text.trim());
  return match ? new Set((match[1] ?? '').toUpperCase().split(/\s+/).filter(Boolean)) : null;
}
