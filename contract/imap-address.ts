/**
 * The one reading of a custom IMAP host, for the browser's syntax rule, the service's host and
 * credentials checks, and the export: a host name (or IPv4 address), optionally with a port, or an
 * `imaps://` / `imap://` URL. Each form says where to connect and how:
 *
 * | written                         | port | security                         |
 * |---------------------------------|------|----------------------------------|
 * | `imap.example.com`              | 993  | implicit TLS                     |
 * | `imap.example.com:993`          | 993  | implicit TLS                     |
 * | `imap.example.com:143`          | 143  | STARTTLS (required)              |
 * | `imap.example.com:N` (other N)  | N    | implicit TLS                     |
 * | `imaps://imap.example.com[:N]`  | N or 993 | implicit TLS                 |
 * | `imap://imap.example.com[:N]`   | N or 143 | STARTTLS (required)          |
 *
 * Anything else — another scheme, a port outside 1–65535, two ports, a path, credentials in the
 * URL, a text of 2083 characters or more — is not an IMAP address. Plain-text IMAP is never used.
 */
import * as v from 'valibot';

export const ImapSecuritySchema = v.picklist(['tls', 'starttls']);
export const ImapAddressSchema = v.object({
  host: v.string(),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  security: ImapSecuritySchema,
});
export type ImapAddress = v.InferOutput<typeof ImapAddressSchema>;

export const IMAPS_PORT = 993;
export const IMAP_STARTTLS_PORT = 143;
const MAX_LENGTH = 2082;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A DNS name of at least two labels ending in a letter label, or a dotted IPv4 address. */
const isHost = (host: string): boolean => {
  if (IPV4.test(host)) return true;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[a-z]/.test(labels.at(-1) ?? '');
};

const toPort = (text: string): number | null =>
  /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535 ? Number(text) : null;

/** `host` or `host:port`, lower-cased; null when either part is malformed. */
function hostAndPort(text: string): { host: string; port: string | null } | null {
  const parts = text.split(':');
  if (parts.length > 2) return null;
  const host = (parts[0] ?? '').toLowerCase().replace(/\.$/, '');
  if (!isHost(host)) return null;
  return { host, port: parts.length === 2 ? (parts[1] ?? '') : null };
}

export function parseImapAddress(raw: string): ImapAddress | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_LENGTH) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(text);
  if (scheme) {
    const name = (scheme[1] ?? '').toLowerCase();
    if (name !== 'imap' && name !== 'imaps') return null;
    // Only an authority, optionally followed by a bare '/': no user info, path, query or fragment.
    const authority = (scheme[2] ?? '').replace(/\/$/, '');
    if (/[/?#@]/.test(authority)) return null;
    const parsed = hostAndPort(authority);
    if (!parsed) return null;
    const security = name === 'imaps' ? 'tls' : 'starttls';
    const port = parsed.port === null ? (security === 'tls' ? IMAPS_PORT : IMAP_STARTTLS_PORT) : toPort(parsed.port);
    return port === null ? null : { host: parsed.host, port, security };
  }
  const parsed = hostAndPort(text);
  if (!parsed) return null;
  const port = parsed.port === null ? IMAPS_PORT : toPort(parsed.port);
  if (port === null) return null;
  return { host: parsed.host, port, security: port === IMAP_STARTTLS_PORT ? 'starttls' : 'tls' };
}
