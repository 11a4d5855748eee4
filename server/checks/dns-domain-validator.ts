/**
 * Real DomainValidator: a domain accepts mail when DNS has MX records for it that are not the
 * "null MX" of RFC 7505 (a single record with exchange "." meaning "no mail here").
 */
import { Resolver } from 'node:dns/promises';
import type { DomainValidator } from '../ports.ts';
import { isPlausibleHost, normalizeHost } from './known-mail-hosts.ts';

export function createDnsDomainValidator(options: { timeoutMs?: number; servers?: string[] } = {}): DomainValidator {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);
  return {
    async acceptsMail(domain) {
      const d = normalizeHost(domain);
      if (!isPlausibleHost(d)) return false;
      try {
        const records = await resolver.resolveMx(d);
        return records.some((record) => record.exchange !== '' && record.exchange !== '.');
      } catch {
        // ENOTFOUND, ENODATA, timeouts: nothing we could deliver to.
        return false;
      }
    },
  };
}
