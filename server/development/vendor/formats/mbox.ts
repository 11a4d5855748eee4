/** The sample mailbox as an mboxrd file (the engine's writer, server/engine/files/mboxrd.ts). */
import { mboxrdEntry } from '../../../engine/files/mboxrd.ts';
import type { SampleMessage } from '../sample-data.ts';
import { buildEml } from './eml.ts';

/** The sample mailbox as an mbox with Unix line ends. */
export function buildMbox(messages: readonly SampleMessage[], to: string): string {
  return Buffer.concat(
    messages.map((message) =>
      mboxrdEntry(Buffer.from(buildEml(message, to).replace(/\r\n/g, '\n'), 'utf8'), message.from.address, new Date(message.date)),
    ),
  ).toString('utf8');
}
