/**
 * Facts about the context that guards and selectors share, so "may this step continue" is written
 * once. Each is the spec's wording turned into a predicate.
 */
import type { DestinationAccount } from '../contract/index.ts';
import { isMigrationAllowed, isOAuthDestination, isPasswordDestination, isProviderReached, mailboxRemains } from '../contract/index.ts';
import { mailChoiceProblem } from './mail-choice.ts';
import { isTermsGated } from './providers.ts';
import type { PortalContext } from './types.ts';
import { validateEmail } from './validation.ts';

/** §2 /migration-options: a source with email and password, or a tokenId. */
export const hasSourceCredentials = (c: PortalContext): boolean =>
  Boolean(c.srcAccount && ((c.srcAccount.email && c.srcAccount.password) || c.srcAccount.tokenId));

/** §2 /loading and /destination-account: source email and tokenId. */
export const hasSourceToken = (c: PortalContext): boolean => Boolean(c.srcAccount?.email && c.srcAccount.tokenId);

/** §2 /migration-options: a destination with provider, or email and password. */
export const hasDestination = (c: PortalContext): boolean =>
  Boolean(c.dstAccount && (c.dstAccount.provider || (c.dstAccount.email && c.dstAccount.password)));

/** What a destination must hold before an export can start. */
export const destinationHasCredentials = (d: DestinationAccount | null): boolean => {
  if (!d) return false;
  // A file needs nothing; the provider reaches its own successor product at the account it keeps for this customer.
  if (d.provider === 'file' || isProviderReached(d.provider)) return true;
  if (isPasswordDestination(d.provider)) return Boolean(d.email && d.password);
  return Boolean(d.email && d.tokenId);
};

export const migrationAllowed = (c: PortalContext): boolean => isMigrationAllowed(c.optOutState);

export const canEnterMigrationOptions = (c: PortalContext): boolean => hasSourceCredentials(c) && hasDestination(c) && migrationAllowed(c);

export const needsGoogleTerms = (c: PortalContext): boolean => isTermsGated(c.dstAccount?.provider) && !c.googleTermsAccepted;

export const canStartMigration = (c: PortalContext): boolean =>
  hasSourceCredentials(c) && destinationHasCredentials(c.dstAccount) && c.operations.length > 0 && migrationAllowed(c);

/** A consent round trip is under way: its callback brings the destination's token. */
export const awaitsDestinationToken = (c: PortalContext): boolean =>
  Boolean(c.dstAccount && isOAuthDestination(c.dstAccount.provider) && c.operations.length > 0);

/** Options' Next leaves for the destination's consent page. */
export const destinationUsesOAuth = (c: PortalContext): boolean => c.dstAccount !== null && isOAuthDestination(c.dstAccount.provider);

/** §2 destination page: the opt-out panel shows when the feature is on, login active, state known. */
export const optOutPanelShown = (c: PortalContext): boolean =>
  c.flags.optOut && c.loginActive && c.optOutInfoState !== null && c.optOutInfoState !== 'neverOptedOut';

/** The mailbox is still with the provider (contract's mailboxRemains); unknown before the status check. */
export const mailboxStillHere = (c: PortalContext): boolean => c.optOutInfoState === null || mailboxRemains(c.optOutInfoState);

/** §2: once the closure is cancelled, /opt-out-info leads back to the destination page for good. */
export const optOutCanceled = (c: PortalContext): boolean => c.optOutResult === 'CANCELED_OPT_OUT' || c.optOutState === 'OPTED_OUT_CANCEL';

/** A customer who never opted out may still choose to close the account instead of moving it. */
export const closureOffered = (c: PortalContext): boolean => c.flags.optOut && c.loginActive && c.optOutInfoState === 'neverOptedOut';

/** §5: contacts are offered only when capabilities allow and never-allow does not block. */
export const contactsOffered = (c: PortalContext): boolean => c.allowedContactsMigration && !c.neverAllowContactsMigration;

/** §5: just-contacts is disabled for the terms-gated destination or when contacts are not offered. */
export const justContactsOffered = (c: PortalContext): boolean => contactsOffered(c) && !isTermsGated(c.dstAccount?.provider);

/**
 * §9's forwarding option is on the options page: the service offers it (capabilities), mail moves,
 * and to a mailbox (a file cannot receive later mail).
 */
export const forwardingAvailable = (c: PortalContext): boolean =>
  c.forwarding.offered && c.operations.includes('emailmigration') && c.dstAccount !== null && c.dstAccount.provider !== 'file';

/** The load carries `emailforwarding`: the option is on the page and ticked. */
export const forwardingChosen = (c: PortalContext): boolean => forwardingAvailable(c) && c.forwarding.chosen;

/** The owner may stop forwarding: the answer says its passes go on (decision 0032). */
export const forwardingGoesOn = (c: PortalContext): boolean => Boolean(c.jobStatus?.copy_new_mail?.forwarding);

/** §5: file export needs a format for each selected type; at least one operation. */
export const optionsComplete = (c: PortalContext): boolean => {
  if (c.operations.length === 0) return false;
  if (c.operations.includes('emailmigration') && mailChoiceProblem(c.mailChoice) !== null) return false;
  if (c.dstAccount?.provider !== 'file') return true;
  const needsEmail = c.operations.includes('emailmigration');
  const needsContacts = c.operations.includes('contactsmigration');
  return (!needsEmail || c.emailExportType !== null) && (!needsContacts || c.contactsExportType !== null);
};

/** §5 Next on the destination page, for the Other form. */
export const otherFormReady = (c: PortalContext): boolean => {
  const o = c.other;
  const noErrors = o.errors.email === null && o.errors.imap === null && o.errors.form === null;
  const imapReady = !o.customImap || (o.imap.trim() !== '' && o.imapValidated);
  return o.active && o.email.trim() !== '' && o.password !== '' && imapReady && noErrors;
};

/** §5 Next on the destination page, for a provider button. */
export const providerChosen = (c: PortalContext): boolean => !c.other.active && c.dstAccount !== null && c.dstAccount.provider !== 'other';

/** The notification email may start the export: known, well formed, and not rejected. */
export const notificationEmailAccepted = (c: PortalContext): boolean =>
  c.notificationEmailError === null && validateEmail(c.notificationEmail) === null;

/** The export on the status page is still moving something. */
/**
 * The export's file is ready but this answer has no link to it: no sign-in, or not its owner's. Only
 * its owner, signed in, is given the link (docs/decisions/0021-owner-bound-downloads.md).
 */
export const fileAwaitsSignIn = (c: PortalContext): boolean =>
  c.jobStatus?.file_ready === true && !c.jobStatus.emailmigration?.download_url && !c.jobStatus.contactsmigration?.download_url;

export const jobRunning = (c: PortalContext): boolean =>
  Boolean(c.jobStatus) &&
  !c.jobStatus?.error &&
  [c.jobStatus?.emailmigration, c.jobStatus?.contactsmigration].some((operation) => operation?.status === 'started');

/** Something of the export is being copied now, not waiting for the destination: its counts change by the second. */
export const jobMoving = (c: PortalContext): boolean =>
  jobRunning(c) &&
  [c.jobStatus?.emailmigration, c.jobStatus?.contactsmigration].some(
    (operation) => operation?.status === 'started' && !operation.waiting && !operation.paused,
  );

/** A pass of Copy new mail runs (decision 0032): its last pass has not ended. */
export const copyPassRunning = (c: PortalContext): boolean => c.jobStatus?.copy_new_mail?.passes.at(-1)?.status === 'started';

/** Everything of the export still running waits: for the destination (a daily limit, throttling), or for its owner to resume it. */
export const jobWaiting = (c: PortalContext): boolean => jobRunning(c) && !jobMoving(c);
