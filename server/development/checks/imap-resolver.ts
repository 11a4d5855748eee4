/**
 * Development ImapHostResolver: answers offline. example.com's hosts and the major providers' IMAP hosts
 * resolve; invalid.example.com, `*.invalid` (RFC 2606) and every other host do not.
 */
import type { ImapHostResolver } from '../../ports.ts';
import { isExampleComHost, isPlausibleHost, KNOWN_IMAP_HOSTS, normalizeHost } from '../../checks/known-mail-hosts.ts';

export function createDevImapResolver(): ImapHostResolver {
  return {
    async resolves(host) {
      const h = normalizeHost(host);
      if (!isPlausibleHost(h) || h === 'invalid' || h.endsWith('.invalid')) return false;
      return isExampleComHost(h) || KNOWN_IMAP_HOSTS.has(h);
    },
  };
}
