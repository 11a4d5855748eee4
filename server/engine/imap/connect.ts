/**
 * One imapflow connection for the engine: TLS always (implicit, or STARTTLS that must succeed),
 * certificates verified, imapflow's logger off so no credential or message reaches a log. A failure to
 * connect becomes a TransferFault: a refused login is final, anything else may be retried.
 */
import { ImapFlow } from 'imapflow';
import type { ImapEndpoint } from '../job.ts';
import { TransferFault } from '../ports.ts';
import { isLoginRefusal } from './faults.ts';
import { piecewiseTransport } from './transport.ts';

/** A password login (`authzid`: log in as that user with these credentials, SASL PLAIN's authorization identity), or XOAUTH2. */
export type ImapLogin = { user: string; password: string; authzid?: string } | { user: string; accessToken: string };

export async function openImap(endpoint: ImapEndpoint, login: ImapLogin, side: 'source' | 'destination'): Promise<ImapFlow> {
  const timeout = endpoint.timeoutMs ?? 60_000;
  const client = new ImapFlow({
    host: endpoint.host,
    ...(endpoint.servername ? { servername: endpoint.servername } : {}),
    port: endpoint.port,
    secure: endpoint.tls === 'implicit',
    doSTARTTLS: endpoint.tls === 'starttls' ? true : undefined,
    auth:
      'accessToken' in login
        ? { user: login.user, accessToken: login.accessToken }
        : { user: login.user, pass: login.password, ...(login.authzid ? { authzid: login.authzid, loginMethod: 'AUTH=PLAIN' } : {}) },
    tls: { rejectUnauthorized: true, ...(endpoint.ca ? { ca: endpoint.ca } : {}) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    transport: piecewiseTransport,
  });
  // imapflow emits 'error' for socket failures; the failing command rejects as well, which is where
  // the engine handles it. Without a listener Node would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    const detail = `${endpoint.host}:${endpoint.port}: ${error instanceof Error ? error.message : String(error)}`;
    throw new TransferFault(isLoginRefusal(error) ? 'login-refused' : 'unreachable', side, detail, { cause: error });
  }
}
