/**
 * Real ImapHostResolver: asks the system resolver (getaddrinfo, like the IMAP connection will) whether
 * the host has an address. IP literals pass; implausible host names are refused without a lookup; a slow resolver
 * counts as "does not resolve" after timeoutMs.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ImapHostResolver } from '../ports.ts';
import { isPlausibleHost, normalizeHost } from './known-mail-hosts.ts';

export function createDnsImapResolver(options: { timeoutMs?: number } = {}): ImapHostResolver {
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    async resolves(host) {
      const h = normalizeHost(host);
      // IP literals are valid IMAP hosts too (self-hosted servers); they "resolve" to themselves.
      if (!isPlausibleHost(h) && isIP(h) === 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([lookup(h, { all: true }).then((addresses) => addresses.length > 0), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
