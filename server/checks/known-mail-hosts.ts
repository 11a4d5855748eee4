/**
 * What the development mailbox checks know offline: the scenario domain (example.com, the provider's
 * own domain in development) and the major mail providers with their IMAP hosts. The real adapters ask DNS
 * and the mailbox itself instead.
 */
import { destinationOf } from '../../contract/index.ts';
import { IMAP_SERVERS } from '../destinations/index.ts';

const hostOf = (address: string) => address.replace(/:\d+$/, '');

/** Domain → the IMAP host its mailboxes are reached at: the destinations' (their descriptors) and a few other large providers'. */
export const KNOWN_MAIL_DOMAINS: Readonly<Record<string, string>> = {
  'example.com': 'imap.example.com',
  ...Object.fromEntries(
    IMAP_SERVERS.flatMap(({ provider, address }) => (destinationOf(provider).mailDomains ?? []).map((domain) => [domain, hostOf(address)])),
  ),
  'gmx.com': 'imap.gmx.com',
  'zoho.com': 'imap.zoho.com',
  'fastmail.com': 'imap.fastmail.com',
};

/** IMAP hosts of the major providers that resolve offline, besides example.com's own hosts, with their older names. */
export const KNOWN_IMAP_HOSTS: ReadonlySet<string> = new Set([
  ...Object.values(KNOWN_MAIL_DOMAINS),
  ...IMAP_SERVERS.flatMap(({ otherHosts }) => otherHosts ?? []),
]);

/** The one host name of example.com that development adapters treat as unreachable. */
export const UNREACHABLE_DEV_HOST = 'invalid.example.com';

/** A syntactically plausible DNS host name (RFC 1123 labels, at least one dot, a letter TLD). */
export function isPlausibleHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const labelOk = (label: string) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label);
  return labels.every(labelOk) && /^[a-z][a-z0-9-]*$/i.test(labels[labels.length - 1] ?? '');
}

export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** The domain part of an address, lower-cased; '' when there is none. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normalizeHost(email.slice(at + 1));
}

/** Whether a host belongs to example.com and is not the one designated unreachable host. */
export function isExampleComHost(host: string): boolean {
  const h = normalizeHost(host);
  return (h === 'example.com' || h.endsWith('.example.com')) && h !== UNREACHABLE_DEV_HOST;
}
