/**
 * The tables as the stores see them, declared once for Kysely; the migrations in ./migrations/ create
 * them. Both dialects store the same values: times are milliseconds since the epoch (BIGINT; the pg
 * pool reads int8 as a number), flags are 0/1 integers, lists are comma-separated text.
 */
import type { Generated, Selectable } from 'kysely';

export interface JobsTable {
  export_id: string;
  source_email: string;
  email_hash: string;
  destination_provider: string;
  destination_email: string | null;
  /** Comma-separated operations. */
  operations: string;
  email_format: string | null;
  contacts_format: string | null;
  notification_email: string;
  created_at: number;
  email_status: string | null;
  contacts_status: string | null;
  finished_at: number | null;
  /** Retired (download links are grants now, docs/security.md); SQLite cannot drop a UNIQUE column. */
  download_token_hash: string | null;
  download_expires_at: number | null;
  /** The destination's IMAP address as `load` read it (contract ImapAddress, JSON); null when none was given. */
  destination_imap: string | null;
  /** Where the export stands (server/jobs/export-status.ts); 'queued' until something else is written. */
  status: Generated<string>;
  /** The engine's plan as data (server/transfers/plan.ts, JSON); null for an export the engine never took. */
  plan: string | null;
  /** The destination's password or token, sealed by the vault; null once the export ended or was cancelled. */
  sealed_secret: string | null;
  cancel_requested_at: number | null;
  /** When its owner paused it; null while it may run (decision 0031). */
  paused_at: number | null;
  /** When a destination's wait ends, while it sleeps. */
  resume_at: number | null;
  /** The language the export was started in, of its mails (contract/words/languages.ts). */
  language: Generated<string>;
}

/** Who holds an idempotency key right now: the first load of a body within the window. */
export interface LoadClaimsTable {
  idempotency_key: string;
  export_id: string;
  claimed_at: number;
}

export interface OptOutStatesTable {
  email: string;
  state: string;
  updated_at: number;
}

export interface SupportRequestsTable {
  id: Generated<number>;
  email_address: string;
  destination_email: string;
  migration_id: string;
  issue: string;
  received_at: number;
}

/** A message owed to someone, delivered by the outbox loop (server/outbox/). */
export interface OutboxTable {
  id: Generated<number>;
  /** What to deliver and how: 'export-mail', 'support-request'. */
  kind: string;
  /** What it is about: an export ID, a support request's id. */
  ref: string;
  /** JSON, small: the rest of what the delivery needs (never an address or a secret). */
  payload: string;
  /** 'pending', 'sent', 'failed' (gave up), 'cancelled' (its subject is gone). */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A runner holds the message until then; after it (a crashed runner) another may take it. */
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface IdentityTokensTable {
  /** SHA-256 of the token, hex: the token itself is never stored. */
  token_digest: string;
  email: string;
  purpose: string;
  provider: string;
  expires_at: number;
}

/** rate-limiter-flexible's counters (server/limits/); written by the library, purged by the service. */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  /** Milliseconds since the epoch; null never expires. */
  expire: number | null;
}

/** A sign-in or consent flow's state, answered once (server/db/used-states-store.ts). */
export interface UsedFlowStatesTable {
  /** SHA-256 of the state, hex. */
  state_digest: string;
  expires_at: number;
}

/** A consent's destination tokens (server/db/destination-grants-store.ts); never in plain text. */
export interface DestinationGrantsTable {
  /** SHA-256 of the destination token the consent gave the browser, hex. */
  grant_key: string;
  /** The export the grant was used for; null until the load that uses it. */
  export_id: string | null;
  provider: string;
  email: string;
  /** The tokens, sealed with the service secret (server/crypto/vault.ts) for this row only. */
  sealed: string;
  /** Bumped by every write of `sealed`: a refresh saves only over the version it read. */
  version: Generated<number>;
  /** A node is refreshing the tokens until then; others wait for its result. */
  refreshing_until: number | null;
  expires_at: number;
}

/** One operation of a transfer (server/engine): where it stands and its counters; `total` null = no progress yet. */
export interface TransferOperationsTable {
  transfer_id: string;
  /** 'emailmigration' | 'contactsmigration'. */
  operation: string;
  /** null (never started), 'running', 'sleeping', 'completed', 'failed', 'cancelled'. */
  state: string | null;
  /** Why it sleeps or failed. */
  reason: string | null;
  resume_at: number | null;
  detail: string | null;
  total: number | null;
  done: number;
  failed: number;
  bytes_total: number | null;
  bytes_done: number;
}

/** Everything up to `position` of one folder or address book is done. */
export interface TransferCheckpointsTable {
  transfer_id: string;
  operation: string;
  container: string;
  validity: string;
  position: number;
}

/** One row of the item report: an item that was skipped, and why. */
export interface TransferItemsTable {
  id: Generated<number>;
  transfer_id: string;
  operation: string;
  container: string;
  item_id: string | null;
  uid: number | null;
  size: number | null;
  reason: string;
  detail: string;
  /** A message's subject, sender and date (ISO 8601) as the item report names it; null when unknown. */
  subject: string | null;
  sender: string | null;
  sent_at: string | null;
}

/** The count receipt of one folder or address book. */
export interface TransferReceiptsTable {
  transfer_id: string;
  operation: string;
  container: string;
  destination: string;
  source_count: number;
  destination_count: number;
  failed: number;
}

/** The table-lease queue of transfers (server/db/transfer-queue.ts): due times and who runs what. */
export interface TransferQueueTable {
  export_id: string;
  run_after: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** How often a worker took it; a transfer that keeps failing to run is ended after a few. */
  claims: Generated<number>;
}

/** The wrong-password brake of one destination address (server/db/credential-brakes-store.ts). */
export interface CredentialBrakesTable {
  /** SHA-256 of the address, trimmed and lower-cased: the address itself is not kept. */
  destination_digest: string;
  /** Wrong passwords since the row was last forgiven or forgotten. */
  failures: number;
  /** Checks reserved and not yet answered; they count only until `in_flight_until`. */
  in_flight: number;
  /** When the reservations lapse: a node that died mid-check does not hold the address for ever. */
  in_flight_until: number;
  /** No check starts before this. */
  blocked_until: number;
  /** The wrong passwords are forgotten after this, and the row may be deleted. */
  expires_at: number;
}

/** The row a load locks while it counts its account's running exports (server/db/jobs-store.ts). */
export interface AccountStartsTable {
  /** The keyed hash of the source account (jobs.email_hash). */
  email_hash: string;
  started_at: number;
}

/** A completed mailbox export that may copy new mail (decision 0032; server/db/follow-ups-store.ts). */
export interface MailFollowupsTable {
  export_id: string;
  /** The destination's password, sealed as the transfer kept it; null when the destination needs none. */
  sealed_secret: string | null;
  /** New mail may be copied until then; the purge deletes the row (and the secret) after. */
  open_until: number;
  /** Passes started so far; the next is number passes + 1. */
  passes: Generated<number>;
  /** The transfer ID of the pass running now, or null. */
  running_pass: string | null;
  running_since: number | null;
  /** Forwarding (emailforwarding): daily passes until then; null when not chosen. */
  forwarding_until: number | null;
  next_pass_at: number | null;
  /** Forwarding ended (stopped by the customer, its time up, the source closed); its mail is queued once. */
  forwarding_ended_at: number | null;
}

/** One pass of Copy new mail: a transfer of its own, with its plan and secret, whose state rows hold its counts. */
export interface CopyPassesTable {
  transfer_id: string;
  export_id: string;
  number: number;
  /** 'customer' (Copy new mail) or 'schedule' (forwarding). */
  trigger: string;
  started_at: number;
  ended_at: number | null;
  /** The pass's plan (its export's, with the pass's transfer ID), JSON. */
  plan: string | null;
  /** The destination's password sealed for this pass; null once it ended. */
  sealed_secret: string | null;
}

export interface Database {
  jobs: JobsTable;
  load_claims: LoadClaimsTable;
  opt_out_states: OptOutStatesTable;
  support_requests: SupportRequestsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  used_flow_states: UsedFlowStatesTable;
  identity_tokens: IdentityTokensTable;
  destination_grants: DestinationGrantsTable;
  transfer_operations: TransferOperationsTable;
  transfer_checkpoints: TransferCheckpointsTable;
  transfer_items: TransferItemsTable;
  transfer_receipts: TransferReceiptsTable;
  transfer_queue: TransferQueueTable;
  credential_brakes: CredentialBrakesTable;
  account_starts: AccountStartsTable;
  mail_followups: MailFollowupsTable;
  copy_passes: CopyPassesTable;
}

export type JobRow = Selectable<JobsTable>;
