/** A job as a load would store it, for the store tests. */
import type { NewJob } from '../../../server/db/jobs-store.ts';

export const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);

export const newJob = (exportId: string, idempotencyKey: string, createdAt = NOW): NewJob => ({
  exportId,
  sourceEmail: 'active@example.com',
  emailHash: 'hash-of-active',
  language: 'en',
  destinationProvider: 'file',
  destinationEmail: null,
  destinationImap: null,
  operations: ['emailmigration'],
  emailFormat: 'MBOX',
  contactsFormat: null,
  notificationEmail: 'notify@example.com',
  createdAt,
  idempotencyKey,
});
