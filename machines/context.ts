/** The machine's starting context, and the reset that `/` without an error performs (§2). */
import { DEFAULT_LANGUAGE } from '../contract/index.ts';
import { DEFAULT_FLAGS, type MailChoiceForm, type OtherForm, type PortalContext, type PortalInput } from './types.ts';
import type { SupportFields } from './validation.ts';

export const emptyOtherForm = (): OtherForm => ({
  active: false,
  email: '',
  password: '',
  imap: '',
  customImap: false,
  imapValidated: false,
  errors: { email: null, imap: null, form: null },
});

/** Everything, as a customer who does not open "Choose what to move" moves. */
export const everythingChosen = (): MailChoiceForm => ({
  range: 'everything',
  fromDate: '',
  excludedFolders: [],
  folders: null,
  foldersError: null,
});

export const emptySupportFields = (): SupportFields => ({
  email_address: '',
  destination_email: '',
  migration_id: '',
  issue: '',
});

export const initialContext = (input: PortalInput | undefined): PortalContext => ({
  flags: { ...DEFAULT_FLAGS, ...(input?.flags ?? {}) },
  inQa: input?.inQa ?? true,
  language: input?.language ?? DEFAULT_LANGUAGE,
  optOutState: 'NONE',
  optOutInfoState: null,
  accountActive: true,
  loginActive: true,
  deactivationDate: null,
  optedOutToBePurgedDate: null,
  validToken: false,
  srcAccount: null,
  dstAccount: null,
  googleTermsAccepted: false,
  operations: [],
  allowedContactsMigration: false,
  neverAllowContactsMigration: false,
  emailExportType: null,
  contactsExportType: null,
  notificationEmail: '',
  emailHash: null,
  mailChoice: everythingChosen(),
  forwarding: { offered: false, chosen: false },
  optOutResult: null,
  pendingOptOutRequest: null,
  optOutError: null,
  errorModal: null,
  other: emptyOtherForm(),
  destinationError: null,
  optionsError: null,
  notificationEmailError: null,
  startError: null,
  exportId: null,
  statusLookup: { open: false, value: '', error: null },
  statusExportId: '',
  jobStatus: null,
  actionError: null,
  copyNewMailError: null,
  jobs: [],
  support: emptySupportFields(),
  supportError: null,
});

/** Everything but the flags, the environment and the language goes back to its start. */
export const resetContext = (context: PortalContext): PortalContext =>
  initialContext({ flags: context.flags, inQa: context.inQa, language: context.language });
