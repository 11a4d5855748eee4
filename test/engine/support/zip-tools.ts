/**
 * Other programs' view of an archive: Python's zipfile and mailbox modules (CPython's own readers)
 * and Info-ZIP's unzip, the command-line tool most systems have. Each is run as a process, so what
 * they say does not depend on our code.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const python = (script: string, ...args: string[]): unknown =>
  JSON.parse(execFileSync('python3', ['-c', script, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));

/** Every entry's name, the first entry whose CRC is wrong (null when none), and every entry extracted into `dir`. */
export function extractWithPython(zip: string, dir: string): { names: string[]; badEntry: string | null } {
  return python(
    `import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    z.extractall(sys.argv[2])
    print(json.dumps({'names': z.namelist(), 'badEntry': bad}))`,
    zip,
    dir,
  ) as { names: string[]; badEntry: string | null };
}

/** Python's zipfile: how many entries, the first whose CRC is wrong (null when none), and these entries' bytes as SHA-256. */
export function entryDigests(zip: string, names: string[]): { count: number; badEntry: string | null; digests: string[] } {
  return python(
    `import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({'count': len(z.infolist()), 'badEntry': z.testzip(), 'digests': [hashlib.sha256(z.read(n)).hexdigest() for n in json.loads(sys.argv[2])]}))`,
    zip,
    JSON.stringify(names),
  ) as { count: number; badEntry: string | null; digests: string[] };
}

export type EntryInfo = { name: string; size: number; compressedSize: number; offset: number; crc: number };

/** Python's zipfile: what the central directory says of each entry (ZIP64 fields read where present). */
export function entryInfos(zip: string): EntryInfo[] {
  return python(
    `import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps([{'name': i.filename, 'size': i.file_size, 'compressedSize': i.compress_size, 'offset': i.header_offset, 'crc': i.CRC} for i in z.infolist()]))`,
    zip,
  ) as EntryInfo[];
}

/**
 * Mbox files as Python's mailbox.mbox reads them: per file, how many messages, and the SHA-256 of each
 * message's bytes as it gives them (without the From line, still mboxrd-quoted), of every message or
 * of those at the positions in `keys`.
 */
export function mboxDigests(files: string[], keys?: number[]): { count: number; digests: string[] }[] {
  return python(
    `import hashlib, json, mailbox, sys
def read(path, wanted):
    box = mailbox.mbox(path, create=False)
    keys = box.keys()
    return {'count': len(keys), 'digests': [hashlib.sha256(box.get_bytes(keys[i])).hexdigest() for i in (range(len(keys)) if wanted is None else wanted)]}
print(json.dumps([read(path, json.loads(sys.argv[2])) for path in json.loads(sys.argv[1])]))`,
    JSON.stringify(files),
    JSON.stringify(keys ?? null),
  ) as { count: number; digests: string[] }[];
}

/** Every message of a small mbox file as Python's mailbox.mbox gives it (without the From line, still mboxrd-quoted). */
export function mboxMessages(file: string): Buffer[] {
  const messages = python(
    `import base64, json, mailbox, sys
box = mailbox.mbox(sys.argv[1], create=False)
print(json.dumps([base64.b64encode(box.get_bytes(key)).decode() for key in box.keys()]))`,
    file,
  ) as string[];
  return messages.map((message) => Buffer.from(message, 'base64'));
}

/** Extracts with unzip into `dir`; throws when unzip reports any problem (a non-zero exit). */
export function extractWithUnzip(zip: string, dir: string): void {
  // A UTF-8 locale, or unzip writes non-ASCII names in its own escapes.
  execFileSync('unzip', ['-qq', zip, '-d', dir], { env: { ...process.env, LC_ALL: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The files under `dir`, as `/`-separated paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** unzip's own test of every entry, CRC included; throws on any problem. */
export function testWithUnzip(zip: string): void {
  execFileSync('unzip', ['-tqq', zip], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** unzip's totals as it read them from the central directory: the number of entries and their size. */
export function unzipTotals(zip: string): { entries: number; bytes: number } {
  const line = execFileSync('unzip', ['-Zt', zip], { encoding: 'utf8' });
  const match = /^(\d+) files?, (\d+) bytes uncompressed/.exec(line);
  if (!match) throw new Error(`unzip -Zt said: ${line}`);
  return { entries: Number(match[1]), bytes: Number(match[2]) };
}
