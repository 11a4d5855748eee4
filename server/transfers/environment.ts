/**
 * Where a transfer's mail and contacts come from and go to, built from the configuration for each run:
 * - mail source: the provider's IMAP server through its master user (SOURCE_IMAP_*), or in development
 *   without one, the scenario accounts' sample Maildirs (server/development/mail);
 * - contacts source: the provider's CardDAV server through the migration service's account
 *   (SOURCE_CARDDAV_*), or in development without one, the scenario accounts' sample address books;
 * - mail destination: the plan's IMAP server, reached only at the address the outbound guard checked
 *   (the name is kept for the certificate), with the password the worker opened or the consent's
 *   access tokens (grant-tokens.ts: renewed when refused); the provider's own server for its successor
 *   product, with its master login (SUCCESSOR_*_IMAP*); Gmail's import API; files in the export's
 *   ZIP (MBOX or EML entries, or an Outlook data file the run puts into it); or, in development, the
 *   development mailbox store;
 * - contacts destination: a file in the export's ZIP; the account's address book at Google (People
 *   API) or Outlook.com (Microsoft Graph) with the consent's tokens; or in development the development
 *   address-book store. No other provider's address book can be reached: such a plan fails with a
 *   clear detail (capabilities do not offer it).
 * A destination that cannot be built (a refused address, a withdrawn consent) is a DestinationRefused
 * the worker records as the operation's failure, never a crash.
 */
import {
  createArchiveDestination,
  createCardDavSource,
  createContactsArchiveDestination,
  createContactsPstDestination,
  createPstMailDestination,
  createGmailDestination,
  createGraphContactsDestination,
  createImapDestination,
  createPeopleDestination,
  type Clock,
  createImapSource,
  type ContactsDestination,
  type ContactsSource,
  type ImapDestinationConfig,
  type MailDestination,
  type MailSource,
  type PstFile,
  type ZipArchive,
} from '../engine/index.ts';
import type { OutboundGuard } from '../checks/outbound-guard.ts';
import type { DestinationsConfig, SourceCardDavConfig, SourceImapConfig } from '../config.ts';
import type { DestinationGrants, DevelopmentMailStore } from '../ports.ts';
import { DestinationRefused } from './destination-refused.ts';
import { grantTokens } from './grant-tokens.ts';
import { exportOf } from './passes.ts';
import type { TransferPlan } from './plan.ts';
import { serviceDestination } from '../destinations/index.ts';

export type TransferEnvironment = {
  /** Whether this service can read the source of a plan at all (production without a mail server cannot). */
  canRun(plan: TransferPlan): boolean;
  mailSource(mailbox: string): MailSource;
  contactsSource(account: string): ContactsSource;
  /** `archive`: the export's ZIP, for a file export. */
  mailDestination(input: DestinationInput): Promise<MailDestination>;
  contactsDestination(input: DestinationInput): Promise<ContactsDestination>;
};

type DestinationInput = { exportId: string; plan: TransferPlan; secret: string | null; archive: ZipArchive | null; pst: PstFile | null };

/** The PST a file export's PST format goes into (the run makes it when the plan asks for one). */
function pstOf(pst: PstFile | null): PstFile {
  if (!pst) throw new Error('a PST file export needs its PST');
  return pst;
}

export type EnvironmentOptions = {
  /** The provider's IMAP server, its CA read from SOURCE_IMAP_CA_FILE; null = none configured. */
  sourceImap: (Omit<SourceImapConfig, 'caFile'> & { ca: string | null }) | null;
  /** The provider's CardDAV server; null = none configured. */
  sourceCardDav: SourceCardDavConfig | null;
  /** Development mail (sample sources, the development mailbox store); null in production. */
  devMail: DevelopmentMailStore | null;
  guard: OutboundGuard;
  /** A private CA for destination servers inside the deployment's network (DESTINATION_IMAP_CA_FILE). */
  destinationCa: string | null;
  /** OAuth access tokens for the OAuth destinations, from the consent the export was loaded with. */
  grants: DestinationGrants;
  /** The providers' API addresses and Gmail's quota. */
  destinations: DestinationsConfig;
  clock: Clock;
};

export function createTransferEnvironment(options: EnvironmentOptions): TransferEnvironment {
  const { sourceImap, sourceCardDav, devMail, destinations } = options;

  /** The provider's own server for its successor product: the configuration's address (no guard: no customer chose it) and master login. */
  function providerServer(provider: TransferPlan['provider'], config: ImapDestinationConfig): MailDestination {
    const own = destinations.providerImap[provider as keyof DestinationsConfig['providerImap']];
    if (!own) throw new DestinationRefused('internal', `${provider}'s server is no longer configured`);
    const endpoint = { ...config.endpoint, ...(options.destinationCa ? { ca: options.destinationCa } : {}) };
    return createImapDestination({ ...config, endpoint }, own.master);
  }

  async function imapDestination(
    exportId: string,
    provider: TransferPlan['provider'],
    config: ImapDestinationConfig,
    secret: string | null,
  ): Promise<MailDestination> {
    if (config.auth === 'master') return providerServer(provider, config);
    const { host, port } = config.endpoint;
    const checked = await options.guard.check(host, port);
    if (!checked.ok) throw new DestinationRefused('destination-unreachable', `${host}:${port} may not be reached (${checked.reason})`);
    const endpoint = {
      ...config.endpoint,
      host: checked.target.address,
      ...(checked.target.servername ? { servername: checked.target.servername } : {}),
      ...(options.destinationCa ? { ca: options.destinationCa } : {}),
    };
    if (config.auth === 'password') {
      if (secret === null) throw new DestinationRefused('internal', 'the destination password is no longer kept');
      return createImapDestination({ ...config, endpoint }, secret);
    }
    return createImapDestination({ ...config, endpoint }, await grantTokens(options.grants, exportId, 'mail'));
  }

  /** The account's address book at its provider, with the consent's contacts token. */
  async function providerAddressBook(exportId: string, provider: TransferPlan['provider']): Promise<ContactsDestination> {
    const run = { clock: options.clock };
    const tokens = async () => grantTokens(options.grants, exportId, 'contacts');
    const api = serviceDestination(provider)?.contacts;
    if (api === 'people') return createPeopleDestination({ endpoint: { url: destinations.peopleApiUrl } }, await tokens(), run);
    if (api === 'graph') return createGraphContactsDestination({ endpoint: { url: destinations.graphApiUrl } }, await tokens(), run);
    throw new DestinationRefused('internal', `contacts cannot be delivered to ${provider} address books`);
  }

  return {
    canRun: (plan) =>
      (plan.mail === null || sourceImap !== null || devMail !== null) &&
      (plan.contacts === null || sourceCardDav !== null || devMail !== null),

    mailSource(mailbox) {
      if (sourceImap) {
        const { host, port, tls, ca, master } = sourceImap;
        return createImapSource({ endpoint: { host, port, tls, ...(ca ? { ca } : {}) }, mailbox, master });
      }
      if (devMail) return devMail.mailSource(mailbox);
      throw new Error('no source mail server is configured');
    },

    contactsSource(account) {
      if (sourceCardDav) {
        const { url, service, principalPath } = sourceCardDav;
        return createCardDavSource({ endpoint: { url }, account, service, principalPath });
      }
      if (devMail) return devMail.contactsSource(account);
      throw new Error('no source address-book server is configured');
    },

    async contactsDestination({ exportId, plan, archive, pst }) {
      const destination = plan.contacts?.destination;
      if (!destination) throw new Error('the plan moves no contacts');
      if (destination.kind === 'archive') {
        if (destination.format === 'PST') return createContactsPstDestination({ pst: pstOf(pst) });
        if (!archive) throw new Error('a file export needs its archive');
        return createContactsArchiveDestination({ archive, format: destination.format });
      }
      if (plan.delivery === 'development-store') {
        if (!devMail) throw new DestinationRefused('internal', 'the development address-book store is not available');
        return devMail.contactsDestination(destination.user);
      }
      // A pass of Copy new mail uses its export's consent (passes.ts).
      return providerAddressBook(exportOf(exportId), plan.provider);
    },

    async mailDestination({ exportId, plan, secret, archive, pst }) {
      const destination = plan.mail?.destination;
      if (!destination) throw new Error('the plan moves no mail');
      if (destination.kind === 'archive') {
        if (destination.format === 'PST') return createPstMailDestination({ pst: pstOf(pst) });
        if (!archive) throw new Error('a file export needs its archive');
        return createArchiveDestination({ archive, format: destination.format });
      }
      if (plan.delivery === 'development-store') {
        if (!devMail || plan.provider === 'file')
          throw new DestinationRefused('internal', 'the development mailbox store is not available');
        return devMail.destination(destination.user, plan.provider, destination.maxMessageBytes);
      }
      if (destination.kind === 'gmail-api') {
        const quota = { units: destinations.gmailApiQuotaPerMinute, windowMs: 60_000 };
        const config = {
          endpoint: { url: destinations.gmailApiUrl },
          quota,
          ...(destination.maxMessageBytes ? { maxMessageBytes: destination.maxMessageBytes } : {}),
        };
        return createGmailDestination(config, await grantTokens(options.grants, exportOf(exportId), 'mail'), { clock: options.clock });
      }
      return imapDestination(exportOf(exportId), plan.provider, destination, secret);
    },
  };
}
