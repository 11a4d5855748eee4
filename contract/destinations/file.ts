import type { DestinationDescriptor } from './descriptor.ts';

/** A file to download: the export's ZIP, in the formats the customer picks. */
export const file = {
  id: 'file',
  name: 'Download',
  description: 'Save a file to your computer',
  authorization: 'file',
} as const satisfies DestinationDescriptor;
