/**
 * A PST past 4 GB, checked by both readers: not part of `npm test` (it writes about 4.8 GB and reads
 * it back twice, minutes of disk), run by hand when the writer's offsets change:
 *
 *   node --max-semi-space-size=4 --import tsx test/engine/support/pst-large-file.ts [dir] [messages]
 *
 * (the service's Node flags, as `npm start` has them). Writes `messages` (310) generated messages of
 * 15–16 MB each (a short text and one attachment of random bytes) into two folders, in this process,
 * one at a time as the engine hands them over; then runs pffinfo, readpst and pffexport on the file
 * and checks every folder's count and, byte for byte, the attachments of the first messages written
 * past 2 GiB and past 4 GiB. Prints the file's size, the time, this process's peak RSS while writing,
 * and each check; exits 1 when one fails. It works in a new folder under `dir` (the system's temporary
 * directory when not given), removed at the end.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PostalMime from 'postal-mime';
import { ownPeakRssMb } from '../../../scripts/bench/peak-rss.ts';
import { createPstWriter } from '../../../server/engine/files/pst/index.ts';
import { bytesOf } from '../pst/support/pst-fixture.ts';
import { READPST_SERIAL } from '../pst/support/readers.ts';

const run = promisify(execFile);
const GiB = 1024 ** 3;
const dir = mkdtempSync(path.join(process.argv[2] ? path.resolve(process.argv[2]) : os.tmpdir(), 'pst-large-'));
const COUNT = Number(process.argv[3] ?? 310);
const FOLDERS = ['Inbox', 'Large files'] as const;

const folderOf = (n: number) => FOLDERS[n % FOLDERS.length] as string;
const subjectOf = (n: number) => `Large message ${n}`;
/** 15 MiB and a few kB more for each message, so no two attachments line up with the blocks alike. */
const attachmentOf = (n: number) => bytesOf(15 * 1024 * 1024 + n * 4099, n + 1);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Base64 in lines of 76 characters, as mailers write it (a regular expression over 20 MB is seconds a message). */
function base64Lines(bytes: Buffer): Buffer {
  const text = Buffer.from(bytes.toString('base64'), 'latin1');
  const out = Buffer.alloc(text.length + 2 * Math.ceil(text.length / 76));
  let at = 0;
  for (let from = 0; from < text.length; from += 76) {
    at += text.copy(out, at, from, from + 76);
    at += out.write('\r\n', at, 'latin1');
  }
  return out;
}

function messageOf(n: number): Buffer {
  const head = Buffer.from(
    [
      'From: Sender <sender@example.net>',
      'To: customer@example.com',
      `Subject: ${subjectOf(n)}`,
      `Message-ID: <large-${n}@example.net>`,
      'Date: Mon, 01 Jan 2024 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Message ${n}, its attachment after it.`,
      '--b',
      `Content-Type: application/octet-stream; name="part-${n}.bin"`,
      `Content-Disposition: attachment; filename="part-${n}.bin"`,
      'Content-Transfer-Encoding: base64',
      '',
      '',
    ].join('\r\n'),
  );
  return Buffer.concat([head, base64Lines(attachmentOf(n)), Buffer.from('--b--\r\n')]);
}

/** Writes the PST; returns where each message's blocks begin in the file. */
async function write(file: string): Promise<number[]> {
  const pst = await createPstWriter(file, { displayName: 'Large' });
  const folders = new Map(FOLDERS.map((name) => [name as string, pst.addFolder(pst.topFolder, name)]));
  const starts: number[] = [];
  for (let n = 0; n < COUNT; n++) {
    starts.push(pst.size);
    await pst.addMessage(folders.get(folderOf(n))!, { raw: messageOf(n), internalDate: new Date(Date.UTC(2024, 0, 1, 10)), flags: [] });
  }
  await pst.finish();
  return starts;
}

function walk(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name));
}

const expected = () => new Map(FOLDERS.map((name) => [name as string, Math.ceil((COUNT - FOLDERS.indexOf(name)) / FOLDERS.length)]));

/** readpst -e: a directory a folder, an .eml a message; the attachments of `wanted` as SHA-256. */
async function readpst(file: string, wanted: number[]): Promise<{ counts: Map<string, number>; digests: Map<number, string> }> {
  const out = path.join(dir, 'readpst');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  await run('readpst', [...READPST_SERIAL, '-e', '-b', '-q', '-o', out, file]);
  const counts = new Map<string, number>();
  const digests = new Map<number, string>();
  for (const full of walk(out).filter((f) => f.endsWith('.eml'))) {
    const folder = path.basename(path.dirname(full));
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
    const head = readFileSync(full).subarray(0, 4096).toString('latin1');
    const n = Number(/^Subject: Large message (\d+)\r?$/m.exec(head)?.[1] ?? -1);
    if (!wanted.includes(n)) continue;
    const email = await PostalMime.parse(readFileSync(full), { attachmentEncoding: 'arraybuffer' });
    const attachment = email.attachments.find((a) => a.filename === `part-${n}.bin`);
    digests.set(n, attachment ? sha256(new Uint8Array(attachment.content as ArrayBuffer)) : 'missing');
  }
  rmSync(out, { recursive: true, force: true });
  return { counts, digests };
}

/** pffexport -m all: a MessageNNNNN directory a message, its subject in OutlookHeaders.txt, its attachments as files. */
async function pffexport(file: string, wanted: number[]): Promise<{ counts: Map<string, number>; digests: Map<number, string> }> {
  const target = path.join(dir, 'pffexport');
  await run('pffexport', ['-m', 'all', '-q', '-t', target, file]);
  const counts = new Map<string, number>();
  const digests = new Map<number, string>();
  const root = `${target}.export`;
  for (const full of walk(root).filter((f) => /^Message\d{5}$/.test(path.basename(f)) && statSync(f).isDirectory())) {
    const folder = path.basename(path.dirname(full));
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
    const headers = path.join(full, 'OutlookHeaders.txt');
    const n = Number(/^Subject:\t+Large message (\d+)$/m.exec(existsSync(headers) ? readFileSync(headers, 'utf8') : '')?.[1] ?? -1);
    if (!wanted.includes(n)) continue;
    const attachment = path.join(full, 'Attachments', `1_part-${n}.bin`);
    digests.set(n, existsSync(attachment) ? sha256(readFileSync(attachment)) : 'missing');
  }
  rmSync(root, { recursive: true, force: true });
  return { counts, digests };
}

let failures = 0;
const check = (what: string, ok: boolean, detail: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what} (${detail})`);
};

try {
  const file = path.join(dir, 'large.pst');
  const started = performance.now();
  const starts = await write(file);
  const seconds = (performance.now() - started) / 1000;
  const size = statSync(file).size;
  console.log(
    `wrote ${COUNT} messages, ${size} bytes (${(size / GiB).toFixed(2)} GiB) in ${seconds.toFixed(0)} s; peak rss ${ownPeakRssMb()} MB`,
  );
  // The first message whose blocks all lie past each 32-bit boundary: a signed one, and an unsigned one.
  const wanted = [2 * GiB, 4 * GiB].map((boundary) => starts.findIndex((start) => start >= boundary));
  check('the file reaches past 4 GiB with a message after it', size > 4.5 * 1e9 && !wanted.includes(-1), `messages ${wanted.join(', ')}`);

  const info = await run('pffinfo', [file]);
  check('pffinfo opens it as a 64-bit PST', /File type:\s+64-bit/.test(info.stdout), info.stdout.trim().split('\n').join('; '));

  for (const [name, read] of [
    ['readpst', readpst],
    ['pffexport', pffexport],
  ] as const) {
    const readStarted = performance.now();
    const { counts, digests } = await read(file, wanted);
    const want = expected();
    const countsRight = [...want].every(([folder, count]) => counts.get(folder) === count);
    check(`${name}: every folder's count`, countsRight, `${JSON.stringify([...counts])}, want ${JSON.stringify([...want])}`);
    for (const n of wanted) {
      const same = digests.get(n) === sha256(attachmentOf(n));
      check(`${name}: message ${n}, written at ${starts[n]}, its attachment byte for byte`, same, digests.get(n) ?? 'not found');
    }
    console.log(`${name} read it in ${((performance.now() - readStarted) / 1000).toFixed(0)} s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failures === 0 ? 0 : 1;
