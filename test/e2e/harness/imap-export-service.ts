/**
 * A service of its own for the journeys that export to Other over IMAP: the mail source is a throwaway
 * Dovecot (SOURCE_IMAP_* through its master user), the destination accounts live on that same Dovecot
 * and are reached through a fault proxy (so a journey can slow them down enough to watch, and see when
 * every connection to them is closed), and the checks are the real ones (ADAPTERS=real), so the
 * password is tried against the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FixtureMessage } from '../../engine/support/mail-fixture.ts';
import type { DovecotUserSpec } from '../../support/dovecot.ts';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.ts';
import { startMailServers, type MailServers } from '../../server/transfers/support.ts';
import { e2eDistDir } from './paths.ts';
import { startPortalServer, type PortalServer } from './portal-server.ts';

export type ImapExportService = { servers: MailServers; proxy: FaultProxy; portal: PortalServer; stop: () => Promise<void> };

export async function startImapExportService(
  source: DovecotUserSpec,
  messages: FixtureMessage[],
  destinations: DovecotUserSpec[],
  /** More settings of the service (a feature flag, a shorter interval). */
  env: Record<string, string> = {},
): Promise<ImapExportService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-imap-'));
  const servers = await startMailServers(dir, source, messages, destinations);
  const proxy = await startFaultProxy(servers.dovecot.port);
  const portal = await startPortalServer({
    distDir: e2eDistDir,
    // The service trusts the throwaway certificate for the credential check as for the transfer.
    env: { ...servers.env, NODE_EXTRA_CA_CERTS: servers.certFile, TRANSFER_POLL_MS: '200', ...env },
  });
  const stop = async () => {
    await portal.stop();
    await proxy.stop();
    await servers.dovecot.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { servers, proxy, portal, stop };
}
