/**
 * One CardDAV conversation: the server's base URL, the credentials as an Authorization header, and a
 * `fetch` for tsdav that times out, stops when the session is closed, and turns a network failure into
 * the engine's fault. Credentials go only into the header (never into a URL, never logged) and only
 * over https; plain http is accepted for a loopback server (tests, a server beside the service).
 */
import { checkedBaseUrl } from '../../http/base-url.ts';
import { networkFault } from '../../http/network-fault.ts';
import { TransferFault } from '../../ports.ts';
import type { CardDavEndpoint } from '../job.ts';

export type DavCredentials = { user: string; password: string } | { bearer: string };

export type DavSession = {
  side: 'source' | 'destination';
  base: URL;
  headers: Record<string, string>;
  fetch: typeof fetch;
  close(): void;
};

function authorization(credentials: DavCredentials): string {
  if ('bearer' in credentials) return `Bearer ${credentials.bearer}`;
  return `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}`;
}

export function openDavSession(endpoint: CardDavEndpoint, credentials: DavCredentials, side: 'source' | 'destination'): DavSession {
  const base = checkedBaseUrl(endpoint.url, 'CardDAV');
  const timeoutMs = endpoint.timeoutMs ?? 60_000;
  const closed = new AbortController();
  let answered = false;
  const davFetch: typeof fetch = async (input, init) => {
    const signal = AbortSignal.any([closed.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const response = await fetch(input, { ...init, signal });
      answered = true;
      return response;
    } catch (error) {
      if (closed.signal.aborted) throw error;
      throw networkFault(error, side, answered, base.origin);
    }
  };
  return {
    side,
    base,
    headers: { authorization: authorization(credentials) },
    fetch: davFetch,
    close: () => closed.abort(new Error('session closed')),
  };
}

/**
 * A failed HTTP answer as the engine's fault: 401 and 403 are a refused login (the service account may
 * not read this account, or the destination password is wrong); 404 is returned to the caller as null
 * (it decides whether absence is normal); anything else means the server cannot serve us now
 * (retried with backoff, then the transfer fails with the side's `unreachable` and this detail).
 */
export function faultOf(session: DavSession, what: string, status: number, statusText: string): TransferFault {
  const detail = `${session.base.origin}: ${what} answered ${status} ${statusText}`.trim();
  return new TransferFault(status === 401 || status === 403 ? 'login-refused' : 'unreachable', session.side, detail);
}
