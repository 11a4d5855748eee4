/**
 * Reading an exported ZIP back with fflate (a different ZIP implementation than the one that wrote it)
 * and splitting MBOX files with an mboxrd reader written here from the format's rules.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';

export function readZip(path: string): Map<string, Buffer> {
  const entries = unzipSync(readFileSync(path));
  return new Map(Object.entries(entries).map(([name, data]) => [name, Buffer.from(data)]));
}

/** mboxrd: a line `From ` starts a message, each message ends with an empty line, `>From` lines lose one `>`. */
export function splitMboxrd(mbox: Buffer): Buffer[] {
  const text = mbox.toString('latin1');
  if (text === '') return [];
  if (!text.startsWith('From ')) throw new Error('an mbox starts with a From line');
  return text
    .split(/^From [^\n]*\n/m)
    .slice(1)
    .map((chunk) => {
      if (!chunk.endsWith('\n\n')) throw new Error('an mboxrd message ends with an empty line');
      const body = chunk.slice(0, -1);
      return Buffer.from(
        body
          .split('\n')
          .map((line) => (/^>+From /.test(line) ? line.slice(1) : line))
          .join('\n'),
        'latin1',
      );
    });
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
