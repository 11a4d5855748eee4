/**
 * The schema, as an append-only list: entry N brings a database from user_version N to N+1.
 * Never edit a shipped entry; add a new one (ALTER TABLE, new index) so existing data files upgrade.
 * S2's token store creates its own table with CREATE TABLE IF NOT EXISTS and is not listed here.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE jobs (
    export_id TEXT PRIMARY KEY,
    source_email TEXT NOT NULL,
    email_hash TEXT NOT NULL,
    destination_provider TEXT NOT NULL,
    destination_email TEXT,
    operations TEXT NOT NULL,
    email_format TEXT,
    contacts_format TEXT,
    notification_email TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    idempotency_key TEXT NOT NULL,
    email_status TEXT,
    contacts_status TEXT,
    finished_at INTEGER,
    end_notified INTEGER NOT NULL DEFAULT 0,
    download_token_hash TEXT UNIQUE,
    download_expires_at INTEGER
  );
  CREATE INDEX jobs_by_email_hash ON jobs (email_hash, created_at DESC);
  CREATE INDEX jobs_by_idempotency_key ON jobs (idempotency_key, created_at DESC);
  CREATE INDEX jobs_unfinished ON jobs (finished_at) WHERE finished_at IS NULL;

  CREATE TABLE opt_out_states (
    email TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE support_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email_address TEXT NOT NULL,
    destination_email TEXT NOT NULL,
    migration_id TEXT NOT NULL,
    issue TEXT NOT NULL,
    received_at INTEGER NOT NULL
  );

  CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    export_id TEXT NOT NULL REFERENCES jobs (export_id),
    outcome TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    delivered INTEGER NOT NULL
  );
  `,
];
