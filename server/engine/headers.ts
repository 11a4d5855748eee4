/**
 * Reading a header of a raw message without parsing the message: the header block is what comes
 * before the first empty line, folded lines are joined, and the block is read as latin1 so any byte
 * survives (a value is compared, never shown). Shared by the duplicate key (Message-ID), the IMAP
 * source and Gmail's look-up (Date, Subject).
 */

/** The header block of a raw message (the whole message when it has no body). */
export function headerText(raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n');
  return raw.subarray(0, end === -1 ? raw.length : end).toString('latin1');
}

/** A header's value in a header block (`Name: …`, possibly folded), or null when absent or empty. */
export function headerValue(headers: string, name: string): string | null {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}[ \\t]*:(.*)$`, 'im').exec(unfolded);
  const value = match?.[1]?.trim();
  return value ? value : null;
}
