/**
 * The machine's context, events and input. Response and account shapes come from the API contract,
 * so nothing here is written twice.
 */
import type {
  ContactsFormat,
  DateRange,
  DestinationAccount,
  DestinationProvider,
  EmailFormat,
  Operation,
  ServerOptOutState,
  SourceAccount,
  SourceFoldersResponse,
  StatusResponse,
  OptOutRequest,
  OptOutInfoState,
  Language,
} from '../contract/index.ts';
import type { SignInErrorCode } from './errors.ts';
import type { OperationsChoice } from './providers.ts';
import type { SidebarKind } from './sidebar.ts';
import type { SupportFields } from './validation.ts';

/** What every screen state carries: its route, its step number, its sidebar (docs/decisions/0002). */
export interface ScreenMeta {
  route: string;
  step: number;
  sidebar: SidebarKind;
}

/** The two external policy pages the footer links to. */
export type PolicyPage = 'privacyPolicy' | 'termsOfService';

export interface FeatureFlags {
  optOut: boolean;
  fileExport: boolean;
  storageUnits: boolean;
}
export interface PortalInput {
  flags?: Partial<FeatureFlags>;
  inQa?: boolean;
  /** The language of the first visit (the page's, which the service chose from Accept-Language). */
  language?: Language;
}
export const DEFAULT_FLAGS: FeatureFlags = { optOut: true, fileExport: true, storageUnits: false };

/** What the sign-in modal shows; `hash` is the `#error` form. */
export interface ErrorModalState {
  code: SignInErrorCode | string;
  type: string | null;
  name: string | null;
  hash: boolean;
}

/** The Other destination's form (§5): field values, the custom IMAP switch and its check. */
export interface OtherForm {
  active: boolean;
  email: string;
  password: string;
  imap: string;
  customImap: boolean;
  imapValidated: boolean;
  errors: { email: string | null; imap: string | null; form: string | null };
}

/** What of the mail to move (the options page's "Choose what to move"); everything by default. */
export interface MailChoiceForm {
  range: DateRange;
  /** The first day to move with `from-date` (YYYY-MM-DD, as a date field gives it); '' until typed. */
  fromDate: string;
  /** Folders left unticked, by their path at the source. */
  excludedFolders: string[];
  /** The source's folders once listed; null before, or when they could not be listed (then all move). */
  folders: SourceFoldersResponse | null;
  /** That the folders could not be listed (a key of the mail choice's words); null otherwise. */
  foldersError: 'foldersUnavailable' | null;
}

export interface JobSummary {
  id: string;
  startedAt: string;
}

export interface PortalContext {
  flags: FeatureFlags;
  inQa: boolean;
  /** The language the customer reads (decision 0033): kept through the sign-in round trip and sent with the export. */
  language: Language;
  // Store state (docs/spec-rules.md §3); the current step and the sidebar steps are read off the
  // state's meta by selectors, not stored.
  optOutState: ServerOptOutState;
  optOutInfoState: OptOutInfoState | null;
  accountActive: boolean;
  loginActive: boolean;
  deactivationDate: number | null;
  optedOutToBePurgedDate: number | null;
  validToken: boolean;
  srcAccount: SourceAccount | null;
  dstAccount: DestinationAccount | null;
  googleTermsAccepted: boolean;
  // Session-stored values of §3.
  operations: Operation[];
  allowedContactsMigration: boolean;
  neverAllowContactsMigration: boolean;
  emailExportType: EmailFormat | null;
  contactsExportType: ContactsFormat | null;
  notificationEmail: string;
  emailHash: string | null;
  mailChoice: MailChoiceForm;
  /**
   * §9's hidden forwarding option ("Keep copying new mail until my account closes"): offered when the
   * service's capabilities list `emailforwarding` for a mailbox (its feature flag is the service's,
   * decision 0032), and whether the customer ticked it. The load adds the operation; nothing else does.
   */
  forwarding: { offered: boolean; chosen: boolean };
  // Screen-local facts.
  /** The local result of the last opt-out update (§4); CANCELED_OPT_OUT closes the way back. */
  optOutResult: 'OPTED_OUT' | 'CANCELED_OPT_OUT' | null;
  pendingOptOutRequest: OptOutRequest | null;
  optOutError: string | null;
  errorModal: ErrorModalState | null;
  other: OtherForm;
  destinationError: string | null;
  optionsError: string | null;
  notificationEmailError: string | null;
  startError: string | null;
  exportId: string | null;
  statusLookup: { open: boolean; value: string; error: string | null };
  /** The export whose status /status shows (the `migration_id` of its address). */
  statusExportId: string;
  /** The last status answer for `statusExportId`, as it came. */
  jobStatus: StatusResponse | null;
  /** Why the owner's last cancel, pause or resume of that export did not go through; null when it did. */
  actionError: string | null;
  /** Why Copy new mail did not start (decision 0032); null otherwise. */
  copyNewMailError: string | null;
  jobs: JobSummary[];
  support: SupportFields;
  supportError: string | null;
}

/**
 * `shownFor`: how long the page had already been on screen when its address reached the machine (a
 * prerendered page paints before the portal runs), so the spec's delays count from what the customer saw.
 */
export type RouteVisited = { type: 'ROUTE.VISITED'; path: string; query: Record<string, string>; hash: string; shownFor?: number };

/** Everything views and the router send (docs/machine-api.md). */
export type PortalEvent =
  | RouteVisited
  | { type: 'SIGN_IN.REQUESTED' }
  | { type: 'LANGUAGE.CHOSEN'; language: Language }
  | { type: 'STATUS_LOOKUP.OPENED' }
  | { type: 'STATUS_LOOKUP.CLOSED' }
  | { type: 'STATUS_LOOKUP.ID_CHANGED'; value: string }
  | { type: 'STATUS_LOOKUP.SUBMITTED' }
  | { type: 'STATUS_LOOKUP.SIGN_IN_REQUESTED' }
  | { type: 'ERROR_MODAL.DISMISSED' }
  | { type: 'ERROR_MODAL.RETRY_REQUESTED' }
  /** `issue`: the modal's reason in the customer's words and language, which the view has on screen. */
  | { type: 'ERROR_MODAL.SUPPORT_REQUESTED'; issue: string }
  | { type: 'DESTINATION.SELECTED'; provider: DestinationProvider }
  | { type: 'OTHER.OPENED' }
  | { type: 'OTHER.FIELD_CHANGED'; field: 'email' | 'password' | 'imap'; value: string }
  | { type: 'OTHER.CUSTOM_IMAP_TOGGLED'; enabled: boolean }
  | { type: 'OTHER.IMAP_BLURRED' }
  | { type: 'WIZARD.NEXT_REQUESTED' }
  | { type: 'WIZARD.BACK_REQUESTED' }
  | { type: 'OPERATIONS.SELECTED'; choice: OperationsChoice }
  | { type: 'EXPORT_FORMAT.SELECTED'; kind: 'email'; format: EmailFormat }
  | { type: 'EXPORT_FORMAT.SELECTED'; kind: 'contacts'; format: ContactsFormat }
  | { type: 'MAIL_CHOICE.TOGGLED' }
  | { type: 'MAIL_RANGE.SELECTED'; range: DateRange }
  | { type: 'MAIL_FROM_DATE.CHANGED'; value: string }
  | { type: 'MAIL_FOLDER.TOGGLED'; path: string }
  | { type: 'SOURCE_FOLDERS.RETRY_REQUESTED' }
  | { type: 'FORWARDING.TOGGLED'; chosen: boolean }
  | { type: 'NOTIFICATION_EMAIL.CHANGED'; value: string }
  | { type: 'EXPORT.START_REQUESTED' }
  | { type: 'EXPORT_ID.COPY_REQUESTED' }
  | { type: 'OPT_OUT.REQUESTED' }
  | { type: 'OPT_OUT.CONFIRMED' }
  | { type: 'OPT_OUT.DISMISSED' }
  | { type: 'OPT_OUT.CANCEL_REQUESTED' }
  | { type: 'OPT_OUT.CANCEL_CONFIRMED' }
  | { type: 'OPT_OUT.CANCEL_DISMISSED' }
  | { type: 'SUPPORT.FIELD_CHANGED'; field: keyof SupportFields; value: string }
  | { type: 'SUPPORT.SUBMITTED' }
  | { type: 'START_OVER.REQUESTED' }
  | { type: 'STATUS.RETRY_REQUESTED' }
  | { type: 'EXPORT.CANCEL_REQUESTED' }
  | { type: 'EXPORT.CANCEL_CONFIRMED' }
  | { type: 'EXPORT.CANCEL_DISMISSED' }
  | { type: 'EXPORT.COPY_NEW_MAIL_REQUESTED' }
  | { type: 'EXPORT.PAUSE_REQUESTED' }
  | { type: 'EXPORT.RESUME_REQUESTED' }
  | { type: 'FORWARDING.STOP_REQUESTED' }
  | { type: 'FORWARDING.STOP_CONFIRMED' }
  | { type: 'FORWARDING.STOP_DISMISSED' }
  | { type: 'STATUS.DOWNLOAD_SIGN_IN_REQUESTED' }
  // Navigation a view asks for; the machine decides where it leads.
  | { type: 'HOME.REQUESTED' }
  | { type: 'SUPPORT.OPENED' }
  | { type: 'POLICY.OPENED'; page: PolicyPage }
  | { type: 'STATUS.OPENED'; exportId: string }
  | { type: 'OPT_OUT.REVIEW_REQUESTED' };

export type PortalEventType = PortalEvent['type'];
