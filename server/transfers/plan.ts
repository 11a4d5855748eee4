/**
 * A job's transfer plan, as data stored with the transfer (JSON): for each operation where it comes
 * from and goes to — mail: the engine's own job (MailTransferJobSchema: the customer's source mailbox
 * and an IMAP server with its address, port and security, Gmail's import API, or files in the
 * export's ZIP); contacts:
 * the customer's account at the source's address-book server and a file in the ZIP or the destination
 * account's address book — the destination provider, and how it is delivered: `direct` to that server
 * or file, or, in development, into the development mailbox and address-book store (server/dev-mail)
 * instead of the real provider. Secrets are never in it.
 */
import * as v from 'valibot';
import { DestinationProviderSchema, isPasswordDestination, type ImapAddress, type LeftOut } from '../../contract/index.ts';
import {
  ContactsArchiveDestinationSchema,
  MailTransferJobSchema,
  type ImapDestinationConfig,
  type MailTransferJob,
} from '../engine/index.ts';
import { domainOf } from '../checks/known-mail-hosts.ts';
import type { DestinationsConfig } from '../config.ts';
import { isImapProvider, serviceDestination } from '../destinations/index.ts';
import type { ExportJob } from '../ports.ts';

const ContactsPlanSchema = v.object({
  /** The customer's login name at the source's address-book server. */
  sourceAccount: v.pipe(v.string(), v.minLength(1)),
  destination: v.variant('kind', [
    ContactsArchiveDestinationSchema,
    /** The destination account's address book at its provider (development: the development store's). */
    v.object({ kind: v.literal('account'), user: v.pipe(v.string(), v.minLength(1)) }),
  ]),
});
export type ContactsPlan = v.InferOutput<typeof ContactsPlanSchema>;

export const TransferPlanSchema = v.object({
  provider: DestinationProviderSchema,
  /** development-store: mail and contacts land in the development store of the destination address. */
  delivery: v.picklist(['direct', 'development-store']),
  mail: v.nullable(MailTransferJobSchema),
  contacts: v.nullable(ContactsPlanSchema),
});
export type TransferPlan = v.InferOutput<typeof TransferPlanSchema>;

const implicit = (host: string) => ({ host, port: 993, tls: 'implicit' as const });

/** Where an IMAP address says to connect, as the engine's endpoint. */
const endpointOf = (imap: ImapAddress): ImapDestinationConfig['endpoint'] => ({
  host: imap.host,
  port: imap.port,
  tls: imap.security === 'tls' ? 'implicit' : 'starttls',
});

export type PlanOptions = {
  /** Deliver into the development store instead of this destination's server (development, where the provider is not really reached). */
  developmentStore: (provider: ExportJob['destinationProvider']) => boolean;
  /** Gmail's mail by its import API with labels (the default), or over IMAP (GMAIL_MAIL_PATH). */
  gmailMailPath: 'api' | 'imap';
  /** The configured IMAP servers of the OAuth destinations (`<PREFIX>_IMAP`). */
  imap: Partial<Record<ExportJob['destinationProvider'], ImapAddress>>;
  /** The successor products' servers the provider reaches with its master login. */
  providerImap: DestinationsConfig['providerImap'];
  /** The providers' message size and connection limits, stored with each plan. */
  limits: Pick<DestinationsConfig, 'imapLimits' | 'gmailApiMaxMessageBytes'>;
};

/** Where the mail of a job goes, as the engine's destination. */
function mailDestination(job: ExportJob, options: PlanOptions): MailTransferJob['destination'] {
  if (job.destinationProvider === 'file') return { kind: 'archive', format: job.emailFormat ?? 'MBOX' };
  const user = job.destinationEmail ?? '';
  const service = serviceDestination(job.destinationProvider);
  if (service?.mailApi === 'gmail-api' && options.gmailMailPath === 'api')
    return { kind: 'gmail-api', user, maxMessageBytes: options.limits.gmailApiMaxMessageBytes };
  const provider = job.destinationProvider;
  const own = options.providerImap[provider as keyof PlanOptions['providerImap']];
  // The master password is the configuration's, read when the transfer runs: never in the plan.
  if (own) return { kind: 'imap', endpoint: endpointOf(own.address), user, auth: 'master', ...own.limits };
  const configured = options.imap[provider];
  // What its IMAP server wants besides its address and limits (Yahoo and AOL a final CRLF).
  const quirks = service?.imap?.finalCrlf ? { finalCrlf: true } : {};
  const known = isImapProvider(provider) ? { ...quirks, ...options.limits.imapLimits[provider] } : {};
  // A password goes where it was checked: the server the customer named (Other), else the destination's own, else imap.<domain> on 993.
  const password = isPasswordDestination(provider);
  const named = password ? job.destinationImap : null;
  const server = named ?? configured;
  return {
    kind: 'imap',
    ...known,
    endpoint: server ? endpointOf(server) : implicit(`imap.${domainOf(user)}`),
    user,
    auth: password ? 'password' : 'xoauth2',
  };
}

/** Where the contacts of a job go: a file in the ZIP, or the destination account's address book. */
function contactsDestination(job: ExportJob): ContactsPlan['destination'] {
  if (job.destinationProvider === 'file') return { kind: 'archive', format: job.contactsFormat ?? 'VCF' };
  return { kind: 'account', user: job.destinationEmail ?? '' };
}

/** The customer's choice as the engine's plan options: folders skipped, messages since a day; nothing for everything. */
function mailPlanOf(job: ExportJob): Pick<MailTransferJob, 'plan'> {
  const choice = job.mailChoice;
  if (!choice) return {};
  return { plan: { skipFolders: choice.excludedFolders, ...(choice.since ? { since: choice.since } : {}) } };
}

/** What the customer chose not to move, as the owner's status answer says it; undefined for everything. */
export function leftOutOf(plan: TransferPlan): LeftOut | undefined {
  const options = plan.mail?.plan;
  const folders = options?.skipFolders?.length ?? 0;
  const before = options?.since ?? null;
  return folders > 0 || before !== null ? { folders, before } : undefined;
}

/** The plan of a job. */
export function planFor(job: ExportJob, options: PlanOptions): TransferPlan {
  const movesMail = job.operations.includes('emailmigration');
  const movesContacts = job.operations.includes('contactsmigration');
  const provider = job.destinationProvider;
  return {
    provider,
    delivery: provider !== 'file' && options.developmentStore(provider) ? 'development-store' : 'direct',
    mail: movesMail
      ? { transferId: job.exportId, sourceMailbox: job.sourceEmail, destination: mailDestination(job, options), ...mailPlanOf(job) }
      : null,
    contacts: movesContacts ? { sourceAccount: job.sourceEmail, destination: contactsDestination(job) } : null,
  };
}

/** The stored plan, read back; a plan this code did not write is an error. */
export function readPlan(text: string): TransferPlan {
  return v.parse(TransferPlanSchema, JSON.parse(text));
}
