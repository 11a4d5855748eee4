/**
 * Issue 12's journey: a customer signs in, chooses Other with an account on a real IMAP server (a
 * throwaway Dovecot, reached through a proxy that makes it slow enough to watch), starts the export,
 * follows it on /status, sees the progress bar move, sees it finish, and every message of their
 * mailbox is in the destination mailbox, byte for byte with its flags, date and folder.
 *
 * This file runs its own service: the mail source is the Dovecot (SOURCE_IMAP_* through its master
 * user) and the checks are the real ones (ADAPTERS=real), so the password is tried against the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedMailbox, readMailbox } from '../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../engine/support/mail-fixture.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { startMailServers, type MailServers } from '../server/transfers/support.ts';
import { e2eDistDir } from './harness/paths.ts';
import { useJourney } from './harness/journey.ts';
import { startPortalServer, type PortalServer } from './harness/portal-server.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { statusOf } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, startExportButton } from './steps/wizard.ts';

const customer = { email: 'active@example.com', password: 'active-source-pw' };
const recipient = { email: 'robin.mover@example.net', password: 'Robin-destination-pw-3' };
const messages = fixtureMailbox(12, 500);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-imap-'));
let servers: MailServers;
let proxy: FaultProxy;
let portal: PortalServer;

beforeAll(async () => {
  servers = await startMailServers(dir, customer, messages, [recipient]);
  proxy = await startFaultProxy(servers.dovecot.port);
  // Every chunk to and from the destination waits: the transfer lasts long enough to watch.
  proxy.delay(40);
  portal = await startPortalServer({
    distDir: e2eDistDir,
    // The service trusts the throwaway certificate for the credential check as for the transfer.
    env: { ...servers.env, NODE_EXTRA_CA_CERTS: servers.certFile, TRANSFER_POLL_MS: '200' },
  });
}, 90_000);

afterAll(async () => {
  await portal?.stop();
  await proxy?.stop();
  await servers?.dovecot.stop();
  rmSync(dir, { recursive: true, force: true });
});

const journey = useJourney({ service: () => portal });

/** The email progress bar's value and maximum, as the page shows them; null without a bar. */
async function emailProgress(page: Page): Promise<{ value: number; max: number } | null> {
  const bar = page.getByRole('progressbar', { name: 'Email progress' });
  if ((await bar.count()) === 0) return null;
  const [value, max] = await Promise.all([bar.getAttribute('value'), bar.getAttribute('max')]);
  return value === null || max === null ? null : { value: Number(value), max: Number(max) };
}

describe('Other over IMAP, moved by the transfer engine', () => {
  it(
    'signs in, exports to a Dovecot account, watches the progress bar move, and finds every message there',
    { timeout: 180_000 },
    async () => {
      const current = journey();
      const { page } = current;
      await signIn(current, customer.email);
      await expectPath(page, '/destination-account');
      await chooseDestination(page, 'Other');
      await page.getByRole('heading', { name: 'Your other email account' }).waitFor();
      await page.getByLabel('Email address', { exact: true }).fill(recipient.email);
      await page.getByLabel('Password', { exact: true }).fill(recipient.password);
      await page.getByRole('checkbox', { name: /Use a custom IMAP server/ }).check();
      const imap = page.getByRole('textbox', { name: 'IMAP server', exact: true });
      await imap.fill(`127.0.0.1:${proxy.port}`);
      await imap.press('Tab');
      // The service checks the host, then the password against the server itself.
      await expect.poll(() => page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true);
      await pressNext(page);

      await expectPath(page, '/migration-options');
      await chooseWhatToSave(page, 'Email');
      await pressNext(page);
      await expectPath(page, '/start-migration');
      await startExportButton(page).click();
      await expectPath(page, '/complete');
      await page.getByRole('link', { name: 'Follow your export' }).click();
      await expectPath(page, '/status');
      await expectHeading(page, 'Check your export status');

      // Reload as a person would, noting what the bar says each time, until the export has ended.
      const seen: { value: number; max: number }[] = [];
      const deadline = Date.now() + 150_000;
      for (;;) {
        const text = (await statusOf(page, 'Email').textContent({ timeout: 10_000 })) ?? '';
        if (text.includes('Completed')) break;
        expect(text).toContain('In progress');
        const shown = await emailProgress(page);
        if (shown) seen.push(shown);
        if (Date.now() > deadline) throw new Error(`the export did not finish in time; the bar showed ${JSON.stringify(seen)}`);
        await page.waitForTimeout(700);
        await page.reload();
      }
      await current.check('status-completed-imap');

      // The bar moved: it counted the whole mailbox, never went back, and showed at least two points between start and end.
      expect(seen.every((s) => s.max === messages.length)).toBe(true);
      const values = seen.map((s) => s.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(values.filter((n) => n > 0 && n < messages.length)).size).toBeGreaterThanOrEqual(2);
      expect(await statusOf(page, 'Email').textContent()).toContain(`${messages.length} of ${messages.length} messages`);

      const arrived = await readMailbox(servers.dovecot, recipient.email, recipient.password);
      const expected = expectedMailbox(messages, servers.dovecot.separator);
      expected.set('Trash', []);
      expect(new Map([...arrived].sort())).toEqual(new Map([...expected].sort()));
    },
  );
});
