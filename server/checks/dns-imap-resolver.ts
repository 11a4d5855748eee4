/**
 * Real ImapHostResolver: the host is "reachable" when the outbound guard accepts it, i.e. it resolves
 * and every address is public (or allow-listed). The same rule as the credentials check, so a host
 * `validate-imap` accepts is one `validate` may connect to, and the answer reveals nothing about
 * names inside the service's own network. A slow resolver counts as "does not resolve".
 */
import type { ImapHostResolver } from '../ports.ts';
import type { OutboundGuard } from './outbound-guard.ts';

export function createDnsImapResolver(options: { guard: OutboundGuard }): ImapHostResolver {
  return {
    async resolves(host) {
      return (await options.guard.check(host)).ok;
    },
  };
}
