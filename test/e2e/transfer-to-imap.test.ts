/**
 * Issue 12's journey: a customer signs in, chooses Other with an account on a real IMAP server (a
 * throwaway Dovecot, reached through a proxy that makes it slow enough to watch), starts the export,
 * follows it on /status, sees the progress bar move, sees it finish, and every message of their
 * mailbox is in the destination mailbox, byte for byte with its flags, date and folder.
 *
 * This file runs its own service: the mail source is the Dovecot (SOURCE_IMAP_* through its master
 * user) and the checks are the real ones (ADAPTERS=real), so the password is tried against the server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedMailbox, readMailbox } from '../engine/support/imap-mailbox.ts';
import { fixtureMailbox } from '../engine/support/mail-fixture.ts';
import { startImapExportService, type ImapExportService } from './harness/imap-export-service.ts';
import { useJourney } from './harness/journey.ts';
import { expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { statusOf } from './steps/status.ts';
import { followExport, startExportToImap } from './steps/wizard.ts';

const customer = { email: 'active@example.com', password: 'active-source-pw' };
const recipient = { email: 'robin.mover@example.net', password: 'Robin-destination-pw-3' };
const messages = fixtureMailbox(12, 500);

let service: ImapExportService;

beforeAll(async () => {
  service = await startImapExportService(customer, messages, [recipient]);
  // Every chunk to and from the destination waits: the transfer lasts long enough to watch.
  service.proxy.delay(40);
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

const journey = useJourney({ service: () => service.portal });

/**
 * The email progress bar's value and maximum, as the page shows them; null without a bar — also when
 * it goes between the look and the read (the page follows the export by itself, and it just ended).
 */
async function emailProgress(page: Page): Promise<{ value: number; max: number } | null> {
  const bar = page.getByRole('progressbar', { name: 'Email progress' });
  if ((await bar.count()) === 0) return null;
  const read = (name: string) => bar.getAttribute(name, { timeout: 1000 }).catch(() => null);
  const [value, max] = await Promise.all([read('value'), read('max')]);
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
      await startExportToImap(page, recipient, `127.0.0.1:${service.proxy.port}`);
      await followExport(page);

      // The page follows the export by itself: note what the bar says, without reloading, until it has ended.
      const seen: { value: number; max: number }[] = [];
      const deadline = Date.now() + 150_000;
      for (;;) {
        const text = (await statusOf(page, 'Email').textContent({ timeout: 10_000 })) ?? '';
        if (text.includes('Completed')) break;
        expect(text).toContain('In progress');
        const shown = await emailProgress(page);
        if (shown) seen.push(shown);
        if (Date.now() > deadline) throw new Error(`the export did not finish in time; the bar showed ${JSON.stringify(seen)}`);
        await page.waitForTimeout(300);
      }
      await current.check('status-completed-imap');

      // The bar moved: it counted the whole mailbox, never went back, and showed at least two points between start and end.
      expect(seen.every((s) => s.max === messages.length)).toBe(true);
      const values = seen.map((s) => s.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(values.filter((n) => n > 0 && n < messages.length)).size).toBeGreaterThanOrEqual(2);
      expect(await statusOf(page, 'Email').textContent()).toContain(`${messages.length} of ${messages.length} messages`);

      const arrived = await readMailbox(service.servers.dovecot, recipient.email, recipient.password);
      const expected = expectedMailbox(messages, service.servers.dovecot.separator);
      expected.set('Trash', []);
      expect(new Map([...arrived].sort())).toEqual(new Map([...expected].sort()));
    },
  );
});
