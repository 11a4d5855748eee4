/**
 * A generated mailbox exported into a ZIP in a process of its own, so that the peak resident memory it
 * prints is this export's alone (see archive-memory.test.ts). argv[2]: the JSON of MemoryChildConfig.
 * Prints one JSON line: the outcome, the receipts and the peak RSS in MB.
 */
import {
  createArchiveDestination,
  createMemoryStateStore,
  openZipArchive,
  runMailTransfer,
  systemClock,
  type ArchiveFormat,
} from '../../../server/engine/index.ts';
import { ownPeakRssMb } from '../../../scripts/bench/peak-rss.ts';
import { generatedSource, type GeneratedMailbox } from './generated-mailbox.ts';

export type MemoryChildConfig = { file: string; format: ArchiveFormat; mailbox: GeneratedMailbox };
export type MemoryChildResult = {
  status: string;
  receipts: { container: string; destination: string; destinationCount: number }[];
  peakRssMb: number;
};

const config = JSON.parse(process.argv[2] ?? '{}') as MemoryChildConfig;
const archive = openZipArchive(config.file);
const result = await runMailTransfer({
  transferId: 'memory',
  source: generatedSource(config.mailbox),
  destination: createArchiveDestination({ archive, format: config.format }),
  store: createMemoryStateStore(),
  clock: systemClock,
});
await archive.close();
const output: MemoryChildResult = {
  status: result.status.state,
  receipts: result.receipts.map(({ container, destination, destinationCount }) => ({ container, destination, destinationCount })),
  // The high-water mark of this process's own memory (scripts/bench/peak-rss.ts: not ru_maxrss, which a
  // child inherits from the test worker that started it): every moment of the run counts.
  peakRssMb: ownPeakRssMb(),
};
process.stdout.write(`${JSON.stringify(output)}\n`);
process.exit(0);
