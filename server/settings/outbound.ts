/** Where customer-chosen connections (the IMAP checks, Other destinations) may go (server/checks/outbound-guard.ts). */
import { parseRange } from '../checks/outbound-guard.ts';
import { list, malformed, readSection, shown, type Env } from './setting.ts';

export const OUTBOUND_SETTINGS = {
  OUTBOUND_ALLOW_LIST: shown('–', list()),
  IMAP_PORTS: shown('993,143', list()),
  DNS_SERVERS: shown('–', list()),
};

const acceptsRange = (entry: string) => {
  try {
    parseRange(entry);
    return true;
  } catch {
    return false;
  }
};

export function readOutbound(env: Env) {
  const settings = readSection(OUTBOUND_SETTINGS, env);
  // Each entry is named on its own: the one wrong address in a long list is the one to fix.
  const allowList = settings.OUTBOUND_ALLOW_LIST ?? [];
  const wrongRange = allowList.find((entry) => !acceptsRange(entry));
  if (wrongRange !== undefined) throw malformed('OUTBOUND_ALLOW_LIST', wrongRange, 'an IP address or CIDR range');
  const ports = (settings.IMAP_PORTS ?? ['993', '143']).map((port) => {
    const value = Number(port);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw malformed('IMAP_PORTS', port, 'a port from 1 to 65535');
    return value;
  });
  return { outbound: { allowList, ports, dnsServers: settings.DNS_SERVERS ?? null } };
}
