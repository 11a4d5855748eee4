/**
 * The CardDAV source: the customer's address books at the provider, read with the migration service's
 * own account, which the provider's server lets read every user's collections (with Radicale: a
 * `from_file` rights rule for that account, see docs/transfer.md). The customer's password is never
 * needed. Nothing is written at the source.
 */
import { TransferFault } from '../../ports.ts';
import type { ContactsSource, ContactsSourceSession } from '../ports.ts';
import { addressBooksIn, homeSetOf } from './discovery.ts';
import type { CardDavEndpoint } from '../job.ts';
import { openDavSession } from './http.ts';
import { listMembers, readVcards } from './members.ts';

export type CardDavSourceConfig = {
  endpoint: CardDavEndpoint;
  /** The customer's login name at the source. */
  account: string;
  /** The service account the provider granted read access to every customer's address books. */
  service: { user: string; password: string };
  /**
   * Where a customer's principal is, relative to the endpoint, `{user}` standing for the account
   * (percent-encoded): `{user}/` for Radicale, `principals/users/{user}/` for SabreDAV and Nextcloud.
   */
  principalPath?: string;
};

export function createCardDavSource(config: CardDavSourceConfig): ContactsSource {
  return {
    async connect(): Promise<ContactsSourceSession> {
      const session = openDavSession(config.endpoint, config.service, 'source');
      try {
        const principal = new URL(
          (config.principalPath ?? '{user}/').replaceAll('{user}', encodeURIComponent(config.account)),
          session.base,
        );
        // Finding the home now makes a refused service account fail the transfer before any copying.
        const home = await homeSetOf(session, principal);
        const urlOf = (href: string) => new URL(href, session.base);
        return {
          async listAddressBooks() {
            const found = home === null ? [] : await addressBooksIn(session, home);
            return found.map(({ href, name, token }) => ({ href, name, token }));
          },
          async list(book) {
            const paths = await listMembers(session, urlOf(book.href));
            if (paths === null) throw new TransferFault('folder-missing', 'source', `address book ${book.name} no longer exists`);
            return paths.map((href) => ({ href }));
          },
          async fetch(book, hrefs) {
            const texts = await readVcards(session, urlOf(book.href), hrefs);
            return hrefs.flatMap((href) => {
              const text = texts.get(href);
              return text === undefined ? [] : [{ href, text }];
            });
          },
          close: async () => session.close(),
        };
      } catch (error) {
        session.close();
        throw error;
      }
    },
  };
}
