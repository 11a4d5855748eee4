/** The transfer worker (server/transfers/): how many it runs, how it finds and holds them, where it trusts private servers, PST parts, Copy new mail and forwarding. */
import path from 'node:path';
import { DEFAULT_PST_PART_BYTES } from '../engine/files/pst-file.ts';
import { flag, integer, optionalText, readSection, shown, type Env } from './setting.ts';

export const TRANSFER_SETTINGS = {
  TRANSFER_CONCURRENCY: integer(2, 1, 100),
  TRANSFER_POLL_MS: integer(1000, 10),
  TRANSFER_LEASE_MS: integer(60_000, 1000),
  DESTINATION_IMAP_CA_FILE: shown('–', optionalText()),
  PST_PART_BYTES: integer(DEFAULT_PST_PART_BYTES, 1024 * 1024),
  COPY_NEW_MAIL_DAYS: integer(30, 0, 365),
  FEATURE_EMAIL_FORWARDING: flag(false),
  FORWARDING_INTERVAL_MS: integer(86_400_000, 1000),
};

export function readTransfers(env: Env, cwd: string) {
  const settings = readSection(TRANSFER_SETTINGS, env);
  return {
    /** Transfers one process runs at once. */
    concurrency: settings.TRANSFER_CONCURRENCY,
    /** How often the worker looks for due transfers, renews its leases and sees cancels. */
    pollMs: settings.TRANSFER_POLL_MS,
    /** How long a claimed transfer stays this process's without a renewal; a killed process's transfers wait this long. */
    leaseMs: settings.TRANSFER_LEASE_MS,
    /** A PEM file of a private CA for destination IMAP servers reached through OUTBOUND_ALLOW_LIST; null = the system's CAs. */
    destinationCaFile: settings.DESTINATION_IMAP_CA_FILE === undefined ? null : path.resolve(cwd, settings.DESTINATION_IMAP_CA_FILE),
    /** A file export's PST is ended and another part begun past this size (decision 0029). */
    pstPartBytes: settings.PST_PART_BYTES,
    /** How long after an export to a mailbox completed its owner may copy new mail (decision 0032); 0 = never. */
    copyNewMailDays: settings.COPY_NEW_MAIL_DAYS,
    /** Forwarding (§9's hidden flag, off by default): the customer may choose daily passes of new mail until the account closes. */
    forwarding: settings.FEATURE_EMAIL_FORWARDING,
    /** How long between two of forwarding's passes. */
    forwardingIntervalMs: settings.FORWARDING_INTERVAL_MS,
  };
}
