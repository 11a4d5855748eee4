/**
 * A generated mailbox written into a PST in a process of its own, so that the peak resident memory it
 * prints is the PST writer's alone (see pst/pst-memory.test.ts, and docs/performance.md "PST"; through
 * the engine and a ZIP, `bench:transfer` measures it): the messages go straight to the writer, as the
 * engine hands them over, one at a time. argv[2]: the JSON of
 * PstMemoryConfig. Prints one JSON line: the peak RSS in MB, the file's size, the seconds it took.
 */
import { statSync } from 'node:fs';
import { createPstWriter, type PstFolder } from '../../../server/engine/files/pst/index.ts';
import { ownPeakRssMb } from '../../../scripts/bench/peak-rss.ts';
import { generatedMessage, placeOf, type GeneratedMailbox } from './generated-mailbox.ts';

export type PstMemoryConfig = { file: string; mailbox: GeneratedMailbox };
export type PstMemoryResult = { peakRssMb: number; bytes: number; seconds: number; messages: number };

const config = JSON.parse(process.argv[2] ?? '{}') as PstMemoryConfig;
const started = Date.now();
const pst = await createPstWriter(config.file);
const folders = new Map<string, PstFolder>();
for (const folder of config.mailbox.folders) {
  let parent = pst.topFolder;
  for (let i = 0; i < folder.segments.length; i++) {
    const path = folder.segments.slice(0, i + 1).join('/');
    parent = folders.get(path) ?? pst.addFolder(parent, folder.segments[i]!);
    folders.set(path, parent);
  }
}
for (let n = 0; n < config.mailbox.count; n++) {
  const raw = generatedMessage(config.mailbox, n);
  const folder = folders.get(placeOf(config.mailbox, n).folder.path)!;
  await pst.addMessage(folder, { raw, internalDate: new Date(Date.UTC(2019, 0, 1) + n * 60_000), flags: n % 2 ? ['\\Seen'] : [] });
}
await pst.finish();
const output: PstMemoryResult = {
  peakRssMb: ownPeakRssMb(),
  bytes: statSync(config.file).size,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  messages: config.mailbox.count,
};
process.stdout.write(`${JSON.stringify(output)}\n`);
process.exit(0);
