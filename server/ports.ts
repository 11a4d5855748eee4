/**
 * The export service's ports: every boundary the spec calls "not shown" (the migration vendor — here
 * the service's own transfer engine —, the external single sign-on, destination OAuth, mailbox checks,
 * mail delivery) is an interface here, filled by a development adapter by default and by a real
 * adapter when configured. createApp() receives one implementation of each, so tests can swap any of them.
 */
import type {
  ContactsFormat,
  DestinationProvider,
  EmailFormat,
  ImapAddress,
  Language,
  LeftOut,
  Operation,
  ReceiptLine,
  TransferEndReason,
  TransferProgress,
  TransferEstimate,
  TransferPaused,
  TransferWait,
} from '../contract/index.ts';
import type { Db } from './db/open.ts';
import type { MailboxProvider } from './destinations/index.ts';
import type { ContactsDestination, ContactsSource } from './engine/contacts/ports.ts';
import type { FailedItem, FailureCount, MailDestination, MailSource } from './engine/ports.ts';

// ── Transfer engine ─────────────────────────────────────────────────────────────────────────────

/** What the service hands the engine for one export; stored in the database so it survives a restart. */
export type ExportJob = {
  exportId: string;
  sourceEmail: string;
  destinationProvider: DestinationProvider;
  destinationEmail: string | null;
  /** The Other destination's IMAP server as `load` read it (contract/imap-address.ts); null when none was given. */
  destinationImap: ImapAddress | null;
  operations: Operation[];
  emailFormat: EmailFormat | null;
  contactsFormat: ContactsFormat | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** What of the mail to move, as the load resolved it (absent: everything); the engine's plan keeps it. */
  mailChoice?: MailSelection;
};

/** Folders left out by their path at the source, and the first day of mail to move (YYYY-MM-DD) or null for all. */
export type MailSelection = { excludedFolders: string[]; since: string | null };

export type OperationProgress = {
  status: 'started' | 'completed' | 'error';
  /** Counts as the transfer goes; absent where the engine reports none. */
  progress?: TransferProgress;
  /** The destination asked to wait; the transfer goes on at `until`. */
  waiting?: TransferWait;
  /** Its owner paused the export; it goes on when they resume it. */
  paused?: TransferPaused;
  /** While it runs: when it should end, and the destination's cap when that sets the pace. */
  estimate?: TransferEstimate;
  /** Why the operation ended, or would end, in error. */
  reason?: TransferEndReason;
};

export type JobProgress = {
  emailmigration: OperationProgress | null;
  contactsmigration: OperationProgress | null;
  /** The owner may still cancel it. */
  cancellable: boolean;
  /** The owner may pause it now (decision 0031). */
  pausable: boolean;
  /** The owner paused it and may let it go on. */
  resumable: boolean;
  /** What the customer chose not to move; absent when they moved everything. */
  leftOut?: LeftOut;
};

/** One row of the item report: an item that was skipped, or kept in another form (the engine's FailedItem). */
export type ReportItem = FailedItem;
/** How many rows of the item report have one reason, per operation. */
export type ReportCount = FailureCount;

/** The archive of a file export, read as a stream (it may be gigabytes). */
/** A downloadable file; `stream(range)` sends only those bytes (inclusive), for a download that goes on where it broke off. */
export type ExportFile = {
  filename: string;
  contentType: string;
  size: number;
  stream(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
};

/**
 * What the job service drives for each export: the service's own engine (server/transfers/), or in
 * development, for the failing scenario account, the simulated vendor (server/development/vendor/).
 */
export interface TransferEngine {
  /**
   * Accepts a job; the engine performs the transfer on its own time. `secret` is the destination's
   * password (Other), which the engine keeps encrypted and deletes when the transfer ends; null when
   * the destination needs none. `within` is the transaction that records the export (the job service's):
   * what the engine stores for it is stored there, so the export and its transfer exist together or not
   * at all (a load that dies half-way leaves neither). Throws when it cannot take the job, which undoes both.
   */
  start(job: ExportJob, secret: string | null, within: Db): Promise<void>;
  /** The transaction that started a job has committed: a worker of this process may take it now rather than at its next pass. */
  wake?(): void;
  /**
   * Where the job stands now. Must be derivable after a restart from the job alone plus the engine's own state.
   * `reported`: the engine has just reported the run ended (ExportEvents.ended), so its operations' ends count
   * before the export's end is recorded.
   */
  progress(job: ExportJob, now: Date, options?: { reported?: boolean }): Promise<JobProgress>;
  /** The downloadable file of a completed file export (one archive holding the chosen formats), or null. */
  exportFile(job: ExportJob): Promise<ExportFile | null>;
  /*
   * The owner's cancel, pause and resume are recorded by the export service (server/jobs/lifecycle.ts,
   * only for an export the engine holds a plan for); the engine then carries them out. Absent where the
   * engine cannot (the simulated vendor).
   */
  /** The export is being cancelled: its run stops wherever it runs, and the transfer ends at once. */
  cancel?(job: ExportJob, at: Date): Promise<void>;
  /** The export is paused: a run stops at its next checkpoint and lets go of every connection and its worker. */
  pause?(job: ExportJob): void;
  /** The export was resumed: its transfer is queued again, to go on from its checkpoints. */
  resume?(job: ExportJob, at: Date): Promise<void>;
  /** The count receipt (each folder and address book at the source and at the destination), or null when this engine keeps none. */
  receipt(job: ExportJob): Promise<ReceiptLine[] | null>;
  /** The items skipped, in the order they failed (the item report); only the first `limit` when given. */
  failedItems(job: ExportJob, limit?: number): Promise<ReportItem[]>;
  /** How many items were skipped for each reason, per operation. */
  failureCounts(job: ExportJob): Promise<ReportCount[]>;
  /**
   * Copy new mail (decision 0032): queues a pass that copies what arrived at the source since the last
   * one. `closed` when the export cannot be followed (not a completed mailbox export, or past its time),
   * `running` when a pass runs already. Absent where the engine cannot (the simulated vendor).
   */
  copyNewMail?(job: ExportJob, trigger: 'customer' | 'schedule', at: Date): Promise<'started' | 'running' | 'closed'>;
  /** The export's follow-up: whether passes may start (open), each pass with its own counts, forwarding's schedule; null when it has none. */
  followUp?(
    job: ExportJob,
    at: Date,
  ): Promise<{ open: boolean; running: boolean; passes: CopyPass[]; forwarding: ForwardingSchedule | null } | null>;
  /** Forwarding chosen (§9's hidden option): passes due from `firstPassAt` until `until`; false when the export has no follow-up. */
  forward?(job: ExportJob, until: Date, firstPassAt: Date): Promise<boolean>;
  /** Forwarding's exports whose pass is due at `at`, each claimed for this caller alone and its next due time set. */
  dueForwarding?(at: Date, intervalMs: number): Promise<{ exportId: string; until: number }[]>;
  /** Ends the export's forwarding: true only the first time (its mail is queued once). */
  endForwarding?(job: ExportJob, at: Date): Promise<boolean>;
}

/**
 * What the engine tells the export service that owns the export, whose lifecycle records it
 * (server/jobs/lifecycle.ts): a worker took it, a destination made it wait until `resumeAt`, its run
 * has ended (the export service then records the outcome, once, and decides the mail it sends). Given
 * to the engine when it is built (createService builds its engine with it), never filled in afterwards.
 */
export interface ExportEvents {
  claimed(exportId: string): Promise<void>;
  slept(exportId: string, resumeAt: number): Promise<void>;
  ended(exportId: string): Promise<void>;
}

/** Forwarding's passes: until when, when the next is due (null once ended), when it ended. */
export type ForwardingSchedule = { until: number; nextPassAt: number | null; endedAt: number | null };

/** One pass of Copy new mail, with what it copied itself. */
export type CopyPass = {
  number: number;
  trigger: 'customer' | 'schedule';
  startedAt: number;
  status: 'started' | 'completed' | 'error';
  messages: number;
  contacts: number;
  failed: number;
};

// ── Transfer queue (the service's own engine) ────────────────────────────────────────────────────

/**
 * Where transfers wait for a worker. A worker claims due transfers with a lease, keeps extending it
 * while it runs one, and gives it back (due again later: a pause) or removes it (ended). A lease that
 * runs out (its process died) makes the transfer claimable again. The table-lease queue in the
 * database is the first implementation (server/db/transfer-queue.ts); a Postgres job queue can
 * replace it behind the same calls.
 */
export interface TransferQueue {
  /** Makes the transfer due at `runAfter`; one already queued moves to that time, its lease kept. */
  enqueue(exportId: string, runAfter: number): Promise<void>;
  /**
   * Takes up to `limit` due transfers for `owner` until `now + leaseMs`. `attempt` counts the claims
   * since the transfer was last given back cleanly: above 1, earlier runs died with their process.
   */
  claim(owner: string, now: number, leaseMs: number, limit: number): Promise<{ exportId: string; attempt: number }[]>;
  /** Extends the lease; false when the transfer is no longer this owner's. */
  extend(exportId: string, owner: string, now: number, leaseMs: number): Promise<boolean>;
  /** Gives the transfer back cleanly, due again at `runAfter`. */
  release(exportId: string, owner: string, runAfter: number): Promise<void>;
  /** Takes the transfer out of the queue for good. */
  remove(exportId: string): Promise<void>;
  /** Transfers waiting (due or not), none running: the queue-depth metric, and readiness (the queue answers). */
  depth(): Promise<number>;
}

// ── Development mail (what stands in for the provider's and the destinations' servers) ─────────

/**
 * What a transfer reads and writes in development instead of the real servers: the scenario
 * accounts' sample mailboxes and address books, and the development store destinations land in.
 * The development stand-in (server/development/mail) implements it; only the wiring builds one.
 */
export interface DevelopmentMailStore {
  mailSource(address: string): MailSource;
  contactsSource(address: string): ContactsSource;
  /** `maxMessageBytes`: the provider's limit, refused above it as the provider would. */
  destination(address: string, provider: MailboxProvider, maxMessageBytes?: number | null): MailDestination;
  contactsDestination(address: string): ContactsDestination;
}

// ── Identity: the provider's single sign-on (source) ───────────────────────────────────────────

/** What the provider knows of a customer's account: the source of §4's answers. */
export type SourceAccount = {
  email: string;
  /** What comcastinfo answers: null when everything is active. */
  inactive: 'user' | 'account' | 'mailbox' | 'carddav' | null;
  /** What comcast-get-migration-status answers (before any opt-out update). */
  migration: {
    mailbox: boolean;
    account: boolean;
    login: boolean;
    carddav: boolean;
    optOutState: 'NONE' | 'OPTED_OUT_INITIAL' | 'OPTED_OUT_DELETE' | 'OPTED_OUT_CANCEL' | 'OPTED_OUT_MBOX_PURGED';
    migrationStatus: 'YAHOO' | 'COMCAST' | 'PURGED' | null;
    purgeReason: string | null;
    /** Days from now; null when unknown. */
    deactivationInDays: number | null;
    optedOutToBePurgedInDays: number | null;
  };
};

export interface AccountDirectory {
  /** The account behind an address; any unknown address is an active account with contacts. */
  find(email: string): SourceAccount;
}

// ── Mailbox checks ──────────────────────────────────────────────────────────────────────────────

export type CredentialCheck = { ok: true } | { ok: false; error: 'INVALID_CREDENTIALS' | 'INVALID_IMAP' };

export interface CredentialChecker {
  /**
   * Logs into the mailbox (IMAP) with the given credentials, at the given address (host, port and
   * security as contract/imap-address.ts read them) or, without one, at the address's known host.
   * Never logs the password.
   */
  check(input: { email: string; password: string; imap: ImapAddress | null }): Promise<CredentialCheck>;
}

export interface ImapHostResolver {
  /** True when the host name resolves. */
  resolves(host: string): Promise<boolean>;
}

export interface DomainValidator {
  /** True when the domain can receive mail (MX records). */
  acceptsMail(domain: string): Promise<boolean>;
}

// ── Notifications ───────────────────────────────────────────────────────────────────────────────

export type ExportNotification = {
  to: string;
  exportId: string;
  /** The portal's address, for the user to type in; never a sign-in link. */
  portalUrl: string;
  /** `paused`: its owner paused it (decision 0031); sent once per pause. `forwarding-ended`: forwarding's passes ended, sent once. */
  outcome: 'started' | 'paused' | 'completed' | 'error' | 'forwarding-ended';
  /** Where the export goes, as the job holds it: the provider, and the address (none for a file). */
  destination: { provider: DestinationProvider; email: string | null };
  /** What it moves. */
  operations: Operation[];
  /** The language the export was started in: the mail's words are in it (decision 0033). */
  language: Language;
  /**
   * The mail's Date (milliseconds since the epoch): when it is sent, and never before the export's
   * earlier mail (server/outbox/export-mail-delivery.ts).
   */
  date: number;
  /** The ended mail of an engine transfer: count receipt, failed items, why it stopped. */
  summary?: { receipt: ReceiptLine[]; failed: number; reason: TransferEndReason | null };
  /** The started mail: how long the export should take, as the status page says it. */
  estimate?: TransferEstimate;
};

export interface Notifier {
  send(notification: ExportNotification): Promise<void>;
}

// ── Destination grants (Gmail, Outlook.com OAuth) ───────────────────────────────────────────────

/**
 * What a destination access token is used for. Microsoft issues an access token for one resource at
 * a time (IMAP on outlook.office.com, contacts on graph.microsoft.com), so each use has its own.
 */
export type GrantUse = 'mail' | 'contacts';

/**
 * A destination's answer for an export:
 *  - access: a token good for at least a minute more (refreshed first when it was not); `email` is
 *    the destination mailbox (the XOAUTH2 user).
 *  - none: the export has no OAuth grant (a password or file destination, or it ended and the grant
 *    was deleted).
 *  - revoked: the provider refused the refresh (the customer withdrew the consent, or the grant
 *    never covered this use): the export cannot go on without a new consent.
 *  - unavailable: the provider could not be reached or answered nonsense; ask again later.
 */
export type GrantAnswer =
  | { kind: 'access'; email: string; accessToken: string; expiresAt: number }
  | { kind: 'none' }
  | { kind: 'revoked' }
  | { kind: 'unavailable' };

/**
 * The destination tokens of a consent, kept server-side (sealed with the service secret) from the
 * consent until the export ends. The transfer engine reads them here; it never sees a refresh token.
 */
export interface DestinationGrants {
  /**
   * A live access token for this export's destination and use. `rejected`: the token the destination
   * just refused; when it is still the kept one, a fresh one is asked for whatever its expiry says (a
   * provider may end a token early). Never throws for a provider's answer.
   */
  forExport(exportId: string, use: GrantUse, rejected?: string): Promise<GrantAnswer>;
  /** Forgets the export's tokens (the export ended); doing it twice is harmless. */
  delete(exportId: string): Promise<void>;
}
