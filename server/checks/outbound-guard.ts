/**
 * Where a connection chosen by a customer (the IMAP host of an Other destination) may go: only to
 * a name that resolves to public unicast addresses, on the IMAP ports. IP literals are refused, and
 * so is a name with any loopback, private, link-local (cloud metadata), CGNAT, unique-local,
 * multicast, reserved or translated (IPv4-mapped, NAT64, 6to4, Teredo) address among its answers,
 * so the service cannot be turned into a relay into its own network or a port scanner. The caller
 * connects to the address checked here, never to the name again, so a second DNS answer (rebinding)
 * cannot slip in between the check and the connection. The configured allow-list (address ranges)
 * overrides all of this: tests reach their Dovecot on 127.0.0.1 through it.
 * Range classification is ipaddr.js's (maintained tables of the IANA special-purpose registries).
 */
import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isPlausibleHost, normalizeHost } from './known-mail-hosts.ts';

export type OutboundPolicy = {
  /** Address ranges (CIDR, or single addresses) reachable whatever their kind, on any port. */
  allowList: readonly string[];
  /** Ports a public address may be reached on. */
  ports: readonly number[];
  /** DNS servers (`address` or `address:port`); null = the system's. */
  dnsServers: readonly string[] | null;
  /** Per DNS query (two tries); 2 s by default. */
  timeoutMs?: number;
};

export type OutboundRefusal = 'NOT_A_HOST' | 'DOES_NOT_RESOLVE' | 'NOT_PUBLIC' | 'PORT_NOT_ALLOWED';

/** The checked address to connect to, and the name to present for TLS (null for an allowed literal). */
export type OutboundTarget = { address: string; servername: string | null };

export type OutboundCheck = { ok: true; target: OutboundTarget } | { ok: false; reason: OutboundRefusal };

export interface OutboundGuard {
  /** Resolves `host` and checks every address (and `port`, when given) against the policy. */
  check(host: string, port?: number): Promise<OutboundCheck>;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An allow-list entry as a range; throws on anything that is not an address or a CIDR. */
export function parseRange(entry: string): Range {
  const text = entry.trim();
  if (text.includes('/')) return ipaddr.parseCIDR(text);
  const address = ipaddr.parse(text);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

const inRange = (address: ipaddr.IPv4 | ipaddr.IPv6, [network, bits]: Range): boolean =>
  address.kind() === network.kind() && address.match(network, bits);

/** A literal address (IPv6 possibly in brackets), or null for a name. */
function literal(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  // isValidFourPartDecimal: "010.1" or "2130706433" are names here, not inet_aton's octal or integer forms.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare)) return ipaddr.parse(bare);
  return null;
}

export function createOutboundGuard(policy: OutboundPolicy): OutboundGuard {
  const allowed = policy.allowList.map(parseRange);
  const resolver = new Resolver({ timeout: policy.timeoutMs ?? 2000, tries: 2 });
  if (policy.dnsServers) resolver.setServers([...policy.dnsServers]);

  // process(): an IPv4-mapped IPv6 address is judged as the IPv4 address it reaches.
  const classify = (raw: string) => {
    const address = ipaddr.process(raw);
    return { text: address.toString(), listed: allowed.some((range) => inRange(address, range)), isPublic: address.range() === 'unicast' };
  };

  async function addressesOf(name: string): Promise<string[]> {
    const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  }

  return {
    async check(host, port) {
      const name = normalizeHost(host);
      const address = literal(name);
      if (address) {
        // A literal skips DNS, so only the allow-list can admit it.
        const one = classify(address.toString());
        return one.listed ? { ok: true, target: { address: one.text, servername: null } } : { ok: false, reason: 'NOT_PUBLIC' };
      }
      if (!isPlausibleHost(name)) return { ok: false, reason: 'NOT_A_HOST' };
      const found = (await addressesOf(name)).map(classify);
      const [first] = found;
      if (!first) return { ok: false, reason: 'DOES_NOT_RESOLVE' };
      if (found.some((one) => !one.listed && !one.isPublic)) return { ok: false, reason: 'NOT_PUBLIC' };
      if (port !== undefined && !first.listed && !policy.ports.includes(port)) return { ok: false, reason: 'PORT_NOT_ALLOWED' };
      return { ok: true, target: { address: first.text, servername: name } };
    },
  };
}
