/**
 * The transfer engine's own ports: where mail comes from, where it goes, where the engine keeps what it
 * has done, and what time it is. The copy loop (run-mail-transfer.ts) knows only these; IMAP, the ZIP
 * files and the in-memory store are adapters of them, and a database store is the next one.
 *
 * The progress, item-report and receipt shapes are shared by both operations: contacts report into the
 * same counters and rows (container = address book, item = contact UID), so one store serves both.
 */
import type { Operation } from '../../contract/index.ts';

export type TransferOperation = Extract<Operation, 'emailmigration' | 'contactsmigration'>;

// ── Mail as the engine sees it ──────────────────────────────────────────────────────────────────

/** The special-use roles the engine maps instead of creating a second folder of the same role. */
export const FOLDER_ROLES = ['\\Inbox', '\\Sent', '\\Drafts', '\\Trash', '\\Junk', '\\Archive'] as const;
export type FolderRole = (typeof FOLDER_ROLES)[number];

export type SourceFolder = {
  /** The folder's name at the source, decoded (UTF-8), parts joined with `delimiter`. */
  path: string;
  /** The name's parts: the destination joins them with its own delimiter. */
  segments: string[];
  delimiter: string;
  role: FolderRole | null;
};

export type FolderStatus = { count: number; bytes: number | null };

/** What identifies a message without its body: enough to plan, resume and find duplicates. */
export type MessageRef = {
  uid: number;
  size: number;
  internalDate: Date;
  /** The Message-ID header's value as written, or null when the message has none. */
  messageId: string | null;
  /** Subject, sender and date, read only for a message that will be in the item report unread (too big to copy). */
  about?: ItemAbout;
};

/** What names a message to a person (item-about.ts); each null when the message does not say or it was not read. */
export type ItemAbout = { subject: string | null; sender: string | null; date: string | null };

export type SourceMessage = MessageRef & { flags: string[]; raw: Buffer };

/** Picks messages of an index by what the index knows before reading headers. */
export type RefFilter = (ref: Pick<MessageRef, 'uid' | 'size'>) => boolean;

export type FolderIndex = { uidValidity: string; messages: MessageRef[] };

/**
 * The messages a transfer moves of a folder: all, or only those whose internal date falls on or after
 * `since` (a day, UTC midnight; IMAP's SEARCH SINCE compares the date without its time).
 */
export type MessageRange = { since: Date | null };

export interface MailSourceSession {
  listFolders(): Promise<SourceFolder[]>;
  /** The folder's count and bytes; with a range, of the messages in it only. */
  status(path: string, range?: MessageRange): Promise<FolderStatus>;
  /**
   * Every message of the folder, in UID order. Throws a `folder-missing` fault when the folder is gone.
   * `withMessageId` says which messages need their Message-ID read (all when absent); the others have
   * `messageId: null`. Reading it means reading each message's header at the source — a second pass
   * over the whole mailbox — so the copy loop asks only where it must (see copy-folder.ts). The same
   * for `about` (subject, sender, date) with `withAbout` (none when absent); those are also given a Message-ID.
   * With a range, only the messages in it: the source picks them (SEARCH SINCE) before anything is read.
   */
  index(path: string, withMessageId?: RefFilter, withAbout?: RefFilter, range?: MessageRange): Promise<FolderIndex>;
  /**
   * The raw messages of these UIDs in one batch, in UID order. A UID that no longer exists is absent
   * from the answer; a message the server cannot deliver throws (the loop then asks one by one).
   */
  fetch(path: string, uids: number[]): Promise<SourceMessage[]>;
  close(): Promise<void>;
}

export interface MailSource {
  connect(): Promise<MailSourceSession>;
}

// ── Destinations ────────────────────────────────────────────────────────────────────────────────

/** Why a destination did not take a message. Only `throttled` and `daily-limit` are worth waiting for. */
export type Refusal =
  | { kind: 'too-big' | 'quota' | 'refused'; detail: string }
  | { kind: 'throttled'; retryAfterMs: number | null; detail: string }
  | { kind: 'daily-limit'; resumeAfterMs: number | null; detail: string };

/**
 * A message the destination took in another form than it came, which its owner should hear of: the
 * item report lists it under its own reason, and it is not counted as failed (a PST keeps a message it
 * cannot parse as a note with the original attached: Outlook shows that note).
 */
export type KeptNote = { kind: 'kept-as-attachment'; detail: string };

export type AppendResult = { ok: true; kept?: KeptNote } | { ok: false; refusal: Refusal };

export type DestinationTraits = {
  /** How many folders may be copied at once into this destination (one connection each). */
  maxParallelFolders: number;
  /** Larger messages are reported as too big without being fetched. */
  maxMessageBytes: number | null;
  /**
   * false: what was written does not survive the process (a ZIP being written), so a transfer that
   * starts again starts from the beginning instead of from its checkpoints.
   */
  durable: boolean;
  /**
   * How many appends one session may have in flight at once (the IMAP destination pipelines them);
   * 1, one after the other, when absent. Their answers may come in any order.
   */
  appendsInFlight?: number;
};

export interface MailDestinationSession {
  /** The destination folder for a source folder: a special-use folder it already has, or a new one. */
  prepareFolder(folder: SourceFolder): Promise<string>;
  /** How many of each duplicate key (dedup.ts) the destination folder holds already. */
  heldKeys(target: string): Promise<Map<string, number>>;
  append(target: string, message: SourceMessage): Promise<AppendResult>;
  /** How many messages the destination folder holds now (the count receipt). */
  count(target: string): Promise<number>;
  close(): Promise<void>;
}

export interface MailDestination {
  traits: DestinationTraits;
  connect(): Promise<MailDestinationSession>;
  /** The keys this destination would store a message under; more than one when it may alter the bytes. */
  keysFor(ref: MessageRef): string[];
  /** After the last folder: a file destination completes its archive here. */
  finish(): Promise<void>;
  /** After a cancel or a fatal error: a file destination removes its partial archive. */
  discard(): Promise<void>;
}

// ── Faults the adapters throw ───────────────────────────────────────────────────────────────────

/** `folder-missing`, `folder-refused`: one folder's failure (gone; or the server refused to open or create it), never the transfer's. */
export type FaultKind = 'unreachable' | 'login-refused' | 'connection-lost' | 'folder-missing' | 'folder-refused';

export const isFolderFault = (error: unknown): error is TransferFault & { readonly kind: 'folder-missing' | 'folder-refused' } =>
  error instanceof TransferFault && (error.kind === 'folder-missing' || error.kind === 'folder-refused');

/** A failure of a whole connection or folder, as opposed to one refused message (a Refusal). */
export class TransferFault extends Error {
  constructor(
    readonly kind: FaultKind,
    readonly side: 'source' | 'destination',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'TransferFault';
  }
}

// ── What the engine records ─────────────────────────────────────────────────────────────────────

/** Per folder (or address book): everything up to `position` is done. For mail, position = last UID. */
export type Checkpoint = { operation: TransferOperation; container: string; validity: string; position: number };

export type Progress = {
  operation: TransferOperation;
  total: number;
  done: number;
  failed: number;
  /** Mail only; null when the source does not tell sizes up front. */
  bytesTotal: number | null;
  bytesDone: number;
};

export type ItemFailureReason =
  'too-big' | 'quota' | 'refused' | 'unreadable-at-source' | 'vanished-at-source' | 'folder-missing' | 'folder-refused' | KeptNote['kind'];

/** Whether a row of the item report is an item that failed, not one that arrived in another form (KeptNote). */
export const isFailedItem = (item: Pick<FailedItem, 'reason'>): boolean => item.reason !== 'kept-as-attachment';

/** One row of the item report: an item that failed, or one kept in another form (isFailedItem tells which). */
export type FailedItem = {
  operation: TransferOperation;
  /** Folder or address book. */
  container: string;
  /** Message-ID or contact UID; null when the item has none. */
  itemId: string | null;
  /** The message's UID at the source (mail); null for contacts or a whole folder. */
  uid: number | null;
  size: number | null;
  reason: ItemFailureReason;
  detail: string;
  /** A message's subject, sender and date (absent for contacts and whole folders, and in rows recorded before they were kept). */
  about?: ItemAbout;
};

/** How many items of an operation failed for one reason (a whole folder's row counts once). */
export type FailureCount = { operation: TransferOperation; reason: ItemFailureReason; count: number };

export type Receipt = {
  operation: TransferOperation;
  container: string;
  /** Where the container's items went: a folder name, or a path inside the archive. */
  destination: string;
  sourceCount: number;
  destinationCount: number;
  failed: number;
};

export type PauseReason = 'daily-limit' | 'throttled';
export type FailureReason =
  'source-unreachable' | 'source-login-refused' | 'destination-unreachable' | 'destination-login-refused' | 'all-items-failed' | 'internal';

/** Where one operation of a transfer stands; the caller shows it and decides when to run it again. */
export type TransferStatus =
  | { state: 'running' }
  | { state: 'sleeping'; reason: PauseReason; resumeAt: number; detail: string }
  | { state: 'completed' }
  | { state: 'failed'; reason: FailureReason; detail: string }
  | { state: 'cancelled' };

/** One atomic step of the copy loop: a checkpoint moves only together with the counts it covers. */
export type Commit = {
  checkpoint: Checkpoint;
  done: number;
  bytesDone: number;
  /** Items that failed; more than `failures.length` when one row stands for a whole folder. */
  failed: number;
  failures: FailedItem[];
};

export type OperationRecord = {
  status: TransferStatus | null;
  progress: Progress | null;
  checkpoints: Checkpoint[];
  failures: FailedItem[];
  receipts: Receipt[];
};

/**
 * Where the engine keeps a transfer's state. Each method is one transaction: a database store writes
 * a commit's checkpoint, counters and item rows together or not at all, which is what lets a killed
 * transfer resume with nothing lost and nothing counted twice.
 */
export interface TransferStateStore {
  load(transferId: string, operation: TransferOperation): Promise<OperationRecord>;
  /** Running again: status running, totals as planned now; counters and checkpoints kept. */
  begin(transferId: string, operation: TransferOperation, totals: { total: number; bytesTotal: number | null }): Promise<void>;
  /** Forgets checkpoints, counters, items and receipts (a destination that is not durable starts over). */
  reset(transferId: string, operation: TransferOperation): Promise<void>;
  commit(transferId: string, commit: Commit): Promise<void>;
  /** The count receipt of one container, replacing an earlier one of the same container. */
  saveReceipt(transferId: string, receipt: Receipt): Promise<void>;
  end(transferId: string, operation: TransferOperation, status: TransferStatus): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}
