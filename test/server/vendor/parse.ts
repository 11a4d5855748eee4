/**
 * Minimal readers used by the tests to parse back what the format builders write. Deliberately written
 * from the RFCs independently of the builders, so a builder bug is not mirrored by its own inverse.
 */

/** RFC 5322 header block → lower-cased name → unfolded raw value; plus the body. */
export function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error('no header/body separator');
  const headers = new Map<string, string>();
  const unfolded = raw.slice(0, split).replace(/\r\n[ \t]/g, ' ');
  for (const line of unfolded.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`bad header line: ${line}`);
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** RFC 2047 encoded words (B and Q), adjacent words joined without the whitespace between them. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Quoted-printable (RFC 2045 §6.7) → UTF-8 text. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 4180 CSV → rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('last record does not end in CRLF');
  return rows;
}

export type VcardProperty = { name: string; params: string[]; value: string };

/** vCard 3.0 text → cards of properties, lines unfolded and values unescaped. */
export function parseVcards(text: string): VcardProperty[][] {
  if (!text.endsWith('\r\n')) throw new Error('vCard text does not end in CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const cards: VcardProperty[][] = [];
  let current: VcardProperty[] | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [name = '', ...params] = line.slice(0, colon).split(';');
    const rawValue = line.slice(colon + 1);
    if (name === 'BEGIN') current = [];
    else if (name === 'END') {
      if (!current) throw new Error('END without BEGIN');
      cards.push(current);
      current = null;
    } else {
      if (!current) throw new Error('property outside a card');
      current.push({ name, params, value: rawValue });
    }
  }
  return cards;
}

/** Splits a structured vCard value on unescaped ';' and unescapes each part. */
export function vcardParts(value: string): string[] {
  return value.split(/(?<!\\);/).map(unescapeVcard);
}

export function unescapeVcard(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_m, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}
