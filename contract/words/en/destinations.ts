/**
 * The destinations' words, as their descriptors write them (contract/destinations/, the one place a
 * destination's customer-facing facts live): the section is built from the descriptors, so a new
 * destination's words are keys every other language must translate. `{provider}` is the closing
 * provider's name. Built at run time, these messages are not compiled by the build: `say` returns an
 * English one as it is (they have no placeholder but `{provider}`, which `branded` fills).
 */
import { DESTINATIONS, type DestinationDescriptor, type DestinationLiteral } from '../../destinations/index.ts';
import { section } from '../section.ts';

type WordsOf<D> = D extends { id: infer I extends string }
  ? | `${I}.name`
    | `${I}.description`
    | (D extends { mailOnlyReason: string } ? `${I}.mailOnlyReason` : never)
    | (D extends { appPasswordHelp: string } ? `${I}.appPasswordHelp` : never)
    | (D extends { passwordForm: object } ? `${I}.formTitle` | `${I}.formIntro` : never)
  : never;
export type DestinationWordKey = WordsOf<DestinationLiteral>;

const wordsOf = (d: DestinationDescriptor): [string, string | undefined][] => [
  [`${d.id}.name`, d.name],
  [`${d.id}.description`, d.description],
  [`${d.id}.mailOnlyReason`, d.mailOnlyReason],
  [`${d.id}.appPasswordHelp`, d.appPasswordHelp],
  [`${d.id}.formTitle`, d.passwordForm?.title],
  [`${d.id}.formIntro`, d.passwordForm?.intro],
];

export const destinationWords = section(
  'destinations',
  Object.fromEntries(DESTINATIONS.flatMap(wordsOf).filter(([, text]) => text !== undefined)) as Record<DestinationWordKey, string>,
);
