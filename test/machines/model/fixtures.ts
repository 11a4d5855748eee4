/**
 * Representative payloads for every event and every actor result. The `satisfies` clauses make a
 * missing fixture a compile error when an event or actor is added to the machine.
 */
import type { MigrationStatusResponse } from '../../../contract/index.ts';
import type { ActorFailure } from './types.ts';
import type { PortalActorName, PortalEvent, PortalEventType } from '../../../machines/index.ts';

type EventOf<K extends PortalEventType> = Extract<PortalEvent, { type: K }>;

export const SOURCE_EMAIL = 'pat@northwave.net';
export const EXPORT_ID = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
export const EMAIL_HASH = '0123456789abcdef0123456789abcdef01234567';

const visit = (path: string, query: Record<string, string> = {}, hash = ''): EventOf<'ROUTE.VISITED'> => ({
  type: 'ROUTE.VISITED',
  path,
  query,
  hash,
});

export const EVENT_FIXTURES = {
  'ROUTE.VISITED': [
    visit('/'),
    visit('/', { error: 'ACCOUNT_DOES_NOT_EXIST', type: 'AUTH_ERROR' }),
    visit('/', {}, '#error'),
    visit('/oauth-callback', { token_id: 'tok-123', email: SOURCE_EMAIL }),
    visit('/oauth-callback', { error: 'MISSING_SCOPE' }),
    visit('/oauth-callback', { error: 'EXTERNAL_OAUTH_ERROR', message: 'pat' }),
    visit('/oauth-callback-for-status', { token_id: 'tok-9', email: SOURCE_EMAIL, hash: EMAIL_HASH }),
    visit('/oauth-callback-for-status', { error: 'EXTERNAL_OAUTH_ERROR' }),
    visit('/loading'),
    visit('/destination-account'),
    visit('/accept-google-terms'),
    visit('/migration-options'),
    visit('/check-email-scopes'),
    visit('/start-migration'),
    visit('/complete'),
    visit('/opt-out-info'),
    visit('/status', { migration_id: EXPORT_ID }),
    visit('/status', { migration_id: 'short' }),
    visit('/status-from-email'),
    visit('/privacy-policy'),
    visit('/terms-of-service'),
    visit('/support-form'),
    visit('/no-such-page'),
  ],
  'SIGN_IN.REQUESTED': [{ type: 'SIGN_IN.REQUESTED' }],
  'LANGUAGE.CHOSEN': [{ type: 'LANGUAGE.CHOSEN', language: 'es' }],
  'STATUS_LOOKUP.OPENED': [{ type: 'STATUS_LOOKUP.OPENED' }],
  'STATUS_LOOKUP.CLOSED': [{ type: 'STATUS_LOOKUP.CLOSED' }],
  'STATUS_LOOKUP.ID_CHANGED': [
    { type: 'STATUS_LOOKUP.ID_CHANGED', value: EXPORT_ID },
    { type: 'STATUS_LOOKUP.ID_CHANGED', value: 'not-an-id' },
  ],
  'STATUS_LOOKUP.SUBMITTED': [{ type: 'STATUS_LOOKUP.SUBMITTED' }],
  'STATUS_LOOKUP.SIGN_IN_REQUESTED': [{ type: 'STATUS_LOOKUP.SIGN_IN_REQUESTED' }],
  'ERROR_MODAL.DISMISSED': [{ type: 'ERROR_MODAL.DISMISSED' }],
  'ERROR_MODAL.RETRY_REQUESTED': [{ type: 'ERROR_MODAL.RETRY_REQUESTED' }],
  'ERROR_MODAL.SUPPORT_REQUESTED': [{ type: 'ERROR_MODAL.SUPPORT_REQUESTED', issue: 'I could not sign in.' }],
  'DESTINATION.SELECTED': [
    { type: 'DESTINATION.SELECTED', provider: 'gmail' },
    { type: 'DESTINATION.SELECTED', provider: 'outlook' },
    { type: 'DESTINATION.SELECTED', provider: 'successor_next' },
    { type: 'DESTINATION.SELECTED', provider: 'file' },
  ],
  'OTHER.OPENED': [{ type: 'OTHER.OPENED' }],
  'OTHER.FIELD_CHANGED': [
    { type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'me@example.org' },
    { type: 'OTHER.FIELD_CHANGED', field: 'email', value: 'me@' },
    { type: 'OTHER.FIELD_CHANGED', field: 'password', value: 'hunter22' },
    { type: 'OTHER.FIELD_CHANGED', field: 'imap', value: 'icloud' },
    { type: 'OTHER.FIELD_CHANGED', field: 'imap', value: 'not a host' },
  ],
  'OTHER.CUSTOM_IMAP_TOGGLED': [
    { type: 'OTHER.CUSTOM_IMAP_TOGGLED', enabled: true },
    { type: 'OTHER.CUSTOM_IMAP_TOGGLED', enabled: false },
  ],
  'OTHER.IMAP_BLURRED': [{ type: 'OTHER.IMAP_BLURRED' }],
  'WIZARD.NEXT_REQUESTED': [{ type: 'WIZARD.NEXT_REQUESTED' }],
  'WIZARD.BACK_REQUESTED': [{ type: 'WIZARD.BACK_REQUESTED' }],
  'OPERATIONS.SELECTED': [
    { type: 'OPERATIONS.SELECTED', choice: 'email' },
    { type: 'OPERATIONS.SELECTED', choice: 'contacts' },
    { type: 'OPERATIONS.SELECTED', choice: 'both' },
  ],
  'EXPORT_FORMAT.SELECTED': [
    { type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'MBOX' },
    { type: 'EXPORT_FORMAT.SELECTED', kind: 'contacts', format: 'VCF' },
    // Not produced: refused.
    { type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'PST' },
  ],
  'MAIL_CHOICE.TOGGLED': [{ type: 'MAIL_CHOICE.TOGGLED' }],
  'MAIL_RANGE.SELECTED': [
    { type: 'MAIL_RANGE.SELECTED', range: 'last-month' },
    { type: 'MAIL_RANGE.SELECTED', range: 'from-date' },
    { type: 'MAIL_RANGE.SELECTED', range: 'everything' },
  ],
  'MAIL_FROM_DATE.CHANGED': [
    { type: 'MAIL_FROM_DATE.CHANGED', value: '2026-03-01' },
    { type: 'MAIL_FROM_DATE.CHANGED', value: '' },
  ],
  'MAIL_FOLDER.TOGGLED': [
    { type: 'MAIL_FOLDER.TOGGLED', path: 'Spam' },
    { type: 'MAIL_FOLDER.TOGGLED', path: 'INBOX' },
    // Not listed: refused.
    { type: 'MAIL_FOLDER.TOGGLED', path: 'Nowhere' },
  ],
  'SOURCE_FOLDERS.RETRY_REQUESTED': [{ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' }],
  'NOTIFICATION_EMAIL.CHANGED': [
    { type: 'NOTIFICATION_EMAIL.CHANGED', value: 'notify@example.org' },
    { type: 'NOTIFICATION_EMAIL.CHANGED', value: 'notify@' },
    { type: 'NOTIFICATION_EMAIL.CHANGED', value: '' },
  ],
  'EXPORT.START_REQUESTED': [{ type: 'EXPORT.START_REQUESTED' }],
  'EXPORT_ID.COPY_REQUESTED': [{ type: 'EXPORT_ID.COPY_REQUESTED' }],
  'OPT_OUT.REQUESTED': [{ type: 'OPT_OUT.REQUESTED' }],
  'OPT_OUT.CONFIRMED': [{ type: 'OPT_OUT.CONFIRMED' }],
  'OPT_OUT.DISMISSED': [{ type: 'OPT_OUT.DISMISSED' }],
  'OPT_OUT.CANCEL_REQUESTED': [{ type: 'OPT_OUT.CANCEL_REQUESTED' }],
  'OPT_OUT.CANCEL_CONFIRMED': [{ type: 'OPT_OUT.CANCEL_CONFIRMED' }],
  'OPT_OUT.CANCEL_DISMISSED': [{ type: 'OPT_OUT.CANCEL_DISMISSED' }],
  'SUPPORT.FIELD_CHANGED': [
    { type: 'SUPPORT.FIELD_CHANGED', field: 'email_address', value: SOURCE_EMAIL },
    { type: 'SUPPORT.FIELD_CHANGED', field: 'issue', value: 'My export never finished.' },
    { type: 'SUPPORT.FIELD_CHANGED', field: 'issue', value: 'help' },
  ],
  'SUPPORT.SUBMITTED': [{ type: 'SUPPORT.SUBMITTED' }],
  'START_OVER.REQUESTED': [{ type: 'START_OVER.REQUESTED' }],
  'STATUS.RETRY_REQUESTED': [{ type: 'STATUS.RETRY_REQUESTED' }],
  'HOME.REQUESTED': [{ type: 'HOME.REQUESTED' }],
  'SUPPORT.OPENED': [{ type: 'SUPPORT.OPENED' }],
  'POLICY.OPENED': [
    { type: 'POLICY.OPENED', page: 'privacyPolicy' },
    { type: 'POLICY.OPENED', page: 'termsOfService' },
  ],
  'STATUS.OPENED': [
    { type: 'STATUS.OPENED', exportId: EXPORT_ID },
    { type: 'STATUS.OPENED', exportId: 'short' },
  ],
  'OPT_OUT.REVIEW_REQUESTED': [{ type: 'OPT_OUT.REVIEW_REQUESTED' }],
  'EXPORT.CANCEL_REQUESTED': [{ type: 'EXPORT.CANCEL_REQUESTED' }],
  'EXPORT.CANCEL_CONFIRMED': [{ type: 'EXPORT.CANCEL_CONFIRMED' }],
  'EXPORT.CANCEL_DISMISSED': [{ type: 'EXPORT.CANCEL_DISMISSED' }],
  'EXPORT.COPY_NEW_MAIL_REQUESTED': [{ type: 'EXPORT.COPY_NEW_MAIL_REQUESTED' }],
  'EXPORT.PAUSE_REQUESTED': [{ type: 'EXPORT.PAUSE_REQUESTED' }],
  'EXPORT.RESUME_REQUESTED': [{ type: 'EXPORT.RESUME_REQUESTED' }],
  'STATUS.DOWNLOAD_SIGN_IN_REQUESTED': [{ type: 'STATUS.DOWNLOAD_SIGN_IN_REQUESTED' }],
  'FORWARDING.TOGGLED': [
    { type: 'FORWARDING.TOGGLED', chosen: true },
    { type: 'FORWARDING.TOGGLED', chosen: false },
  ],
  'FORWARDING.STOP_REQUESTED': [{ type: 'FORWARDING.STOP_REQUESTED' }],
  'FORWARDING.STOP_CONFIRMED': [{ type: 'FORWARDING.STOP_CONFIRMED' }],
  'FORWARDING.STOP_DISMISSED': [{ type: 'FORWARDING.STOP_DISMISSED' }],
} satisfies { [K in PortalEventType]: Array<EventOf<K>> };

/** A limit's answer, as the service words it (429). */
export const LIMIT_TEXT = 'Too many requests from this account. Please, try again in 10 minutes.';

const failure = (code?: string): ActorFailure => ({ kind: 'status', status: 400, code });
/** The status check's answer, read at a fixed moment. */
/** A pass of Copy new mail as the owner's answer lists it. */
const PASS = { number: 1, trigger: 'customer', started_at: '2026-03-02T14:00:00Z', contacts: 0, failed: 0 };

const checked = (status: MigrationStatusResponse) => ({ status, checkedAt: Date.parse('2026-03-01T00:00:00Z') });

/** For each actor: what it may resolve with and what it may reject with. */
export const ACTOR_RESULTS = {
  fetchCapabilities: {
    outputs: [
      { allowed_operations: ['emailmigration', 'contactsmigration'], auth: 'oauth', provider: 'gmail' },
      { allowed_operations: ['emailmigration'], auth: 'other', provider: 'other' },
      // The service's forwarding flag on (§9, decision 0032).
      { allowed_operations: ['emailmigration', 'contactsmigration', 'emailforwarding'], auth: 'oauth', provider: 'gmail' },
    ],
    errors: [{ kind: 'network' }],
  },
  validateCredentials: {
    outputs: [{ ok: true }, { ok: false, error: 'INVALID_CREDENTIALS' }, { ok: false, error: 'INVALID_IMAP' }, { refused: LIMIT_TEXT }],
    errors: [{ kind: 'network' }],
  },
  validateImap: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
  validateDomain: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
  startExport: { outputs: [{ jobid: EXPORT_ID }, { refused: LIMIT_TEXT }], errors: [failure()] },
  fetchSourceFolders: {
    outputs: [
      {
        folders: [
          { path: 'INBOX', name: 'INBOX', special_use: 'inbox', messages: 1240, bytes: 35_000_000 },
          { path: 'Spam', name: 'Spam', special_use: 'junk', messages: 42, bytes: null },
        ],
        complete: true,
      },
    ],
    errors: [{ kind: 'status', status: 429, code: 'RATE_LIMITED' }],
  },
  fetchMigrationStatus: {
    outputs: [
      checked({ account: true, login: true, mailbox: true, carddav: true, optOutState: 'NONE', deactivationDate: '2030-01-01T00:00:00Z' }),
      checked({ account: true, login: true, mailbox: true, carddav: true, optOutState: 'OPTED_OUT_INITIAL' }),
      checked({ account: true, login: false, mailbox: true, carddav: false, optOutState: 'NONE' }),
      checked({ account: true, login: true, mailbox: true, optOutState: 'OPTED_OUT_DELETE' }),
      checked({ account: true, login: true, mailbox: true, migrationStatus: 'YAHOO' }),
      checked({ account: true, login: true, mailbox: false, optOutState: 'NONE' }),
      checked({ account: true, login: true, mailbox: true, error: 'GENERAL_ERROR' }),
      checked({ error: 'ACCOUNT_DOES_NOT_EXIST' }),
    ],
    errors: [{ kind: 'network' }],
  },
  fetchComcastInfo: {
    outputs: [{ inactive: null }, { inactive: 'carddav' }, { inactive: 'mailbox' }],
    errors: [{ kind: 'network' }],
  },
  updateOptOutState: {
    outputs: [{ status: 'success' }, { status: 'failure', error: 'NOPE' }],
    errors: [{ kind: 'network' }],
  },
  fetchJobStatus: {
    outputs: [
      // Running, seen by its owner: progress, a wait, and Cancel on offer.
      {
        emailmigration: {
          status: 'started',
          progress: { total: 5000, done: 1240, failed: 2, bytes_total: 2e9, bytes_done: 35e6 },
          estimate: { finish: '2026-03-06T14:00:00Z', seconds: 4 * 86_400, cap: { provider: 'gmail', per: 'day', bytes: 500e6 } },
        },
        contactsmigration: {
          status: 'started',
          waiting: { reason: 'daily-limit', until: '2026-03-02T14:00:00Z', provider: 'gmail' },
          estimate: { finish: '2026-03-02T14:05:00Z', seconds: 1200 },
        },
        can_cancel: true,
        can_pause: true,
        can_resume: false,
      },
      // Paused by its owner, seen by its owner: no time to finish, Resume (and Cancel) on offer.
      {
        emailmigration: { status: 'started', progress: { total: 300, done: 150, failed: 0 }, paused: { since: '2026-03-02T09:00:00Z' } },
        can_cancel: true,
        can_pause: false,
        can_resume: true,
      },
      // Running, but only waiting for the destination: the page asks again less often.
      {
        emailmigration: {
          status: 'started',
          progress: { total: 300, done: 120, failed: 0 },
          waiting: { reason: 'throttled', until: '2026-03-02T14:00:00Z', provider: 'gmail' },
        },
      },
      // Ended: completed with a failed item, the owner's receipt and report; the other operation cancelled.
      {
        emailmigration: { status: 'completed', progress: { total: 3, done: 2, failed: 1 } },
        contactsmigration: { status: 'error', reason: 'cancelled', progress: { total: 10, done: 4, failed: 0 } },
        receipt: [{ operation: 'emailmigration', container: 'INBOX', source: 3, destination: 2 }],
        report_url: '/api/reports/x',
      },
      // Completed to a mailbox, seen by its owner: Copy new mail offered, its last pass copied 5 (decision 0032).
      {
        emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
        copy_new_mail: { offered: true, passes: [{ ...PASS, status: 'completed', messages: 5 }] },
      },
      // Completed, forwarding chosen: its daily copies go on, the owner may stop them.
      {
        emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
        copy_new_mail: {
          offered: true,
          forwarding: { until: '2026-04-01T00:00:00Z', next_pass_at: '2026-03-03T09:00:00Z' },
          passes: [{ ...PASS, trigger: 'schedule', status: 'completed', messages: 3 }],
        },
      },
      // The same once forwarding ended.
      {
        emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
        copy_new_mail: { offered: true, forwarding: null, passes: [] },
      },
      // The same while a pass runs.
      {
        emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
        copy_new_mail: { offered: false, passes: [{ ...PASS, status: 'started', messages: 2 }] },
      },
      { emailmigration: { status: 'weird' }, contactsmigration: null },
      // A completed file export, seen by anyone but its owner: the file is ready, the link is not theirs.
      { emailmigration: { status: 'completed' }, file_ready: true },
      // The same, seen by its owner.
      { emailmigration: { status: 'completed', download_url: '/api/downloads/x' }, file_ready: true, can_cancel: false },
      null,
    ],
    errors: [{ kind: 'network' }],
  },
  fetchJobsByEmail: {
    outputs: [
      {
        a1: '2026-01-01T00:00:00Z',
        [EXPORT_ID]: '2026-01-06T00:00:00Z',
        a3: '2026-01-03T00:00:00Z',
        a4: '2026-01-02T00:00:00Z',
        a5: '2026-01-05T00:00:00Z',
        a6: '2026-01-04T00:00:00Z',
      },
      {},
    ],
    errors: [{ kind: 'network' }],
  },
  submitSupportRequest: { outputs: [{ ok: true, status: 'received' }, { refused: LIMIT_TEXT }], errors: [{ kind: 'network' }] },
  cancelExport: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
  copyNewMail: {
    outputs: [{ ok: true }, { refused: 'New mail is being copied now. Please wait until it is done.' }],
    errors: [{ kind: 'network' }],
  },
  pauseExport: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
  resumeExport: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
  stopForwarding: { outputs: [{ ok: true }, { ok: false }], errors: [{ kind: 'network' }] },
} satisfies Record<PortalActorName, { outputs: readonly unknown[]; errors: readonly ActorFailure[] }>;
