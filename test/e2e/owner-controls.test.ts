/**
 * The owner's controls on the status page, in Chromium against a service that really moves mail
 * (a throwaway Dovecot, reached through a slowing proxy): pausing an export and resuming it, with
 * every message arriving once; and §9's forwarding option with its flag on — chosen on the options
 * page, its daily copy (a few seconds apart here) bringing mail that arrived after the export, and
 * the owner stopping it behind a confirmation. axe on each new screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureMailbox } from '../engine/support/mail-fixture.ts';
import { deliverToSource, messageIdsAt } from '../server/transfers/new-mail.ts';
import { startImapExportService, type ImapExportService } from './harness/imap-export-service.ts';
import { useJourney } from './harness/journey.ts';
import { signIn } from './steps/sign-in.ts';
import { statusOf } from './steps/status.ts';
import { followExport, startExportToImap } from './steps/wizard.ts';

const customer = { email: 'active@example.com', password: 'active-source-pw' };
const pausing = { email: 'pat.pause@example.net', password: 'Pat-destination-pw-1' };
const forwarding = { email: 'fran.forward@example.net', password: 'Fran-destination-pw-2' };
const messages = fixtureMailbox(40, 400);

let service: ImapExportService;

beforeAll(async () => {
  service = await startImapExportService(customer, messages, [pausing, forwarding], {
    FEATURE_EMAIL_FORWARDING: 'true',
    FORWARDING_INTERVAL_MS: '2000',
  });
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

const journey = useJourney({ service: () => service.portal });

/** Waits until the Email line of /status says `text` (the page follows the export by itself). */
async function emailSays(page: Page, text: string, timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = (await statusOf(page, 'Email').textContent({ timeout: 10_000 })) ?? '';
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`Email did not say "${text}" in time: ${shown}`);
    await page.waitForTimeout(250);
  }
}

describe("the owner's controls", () => {
  it('pauses a running export and resumes it: every message arrives once', { timeout: 240_000 }, async () => {
    service.proxy.delay(60);
    const current = journey();
    const { page } = current;
    await signIn(current, customer.email);
    await startExportToImap(page, pausing, `127.0.0.1:${service.proxy.port}`);
    await followExport(page);
    await emailSays(page, 'In progress');
    await page.getByRole('button', { name: 'Pause export' }).click();
    await emailSays(page, 'Paused');
    await expect.poll(() => page.getByText(/^You paused this export on .+\. Nothing is copied until you resume it\./).count()).toBe(1);
    await current.check('status-paused');
    // Held: nothing more arrives while it is paused.
    const held = (await messageIdsAt(service.servers, pausing)).length;
    await page.waitForTimeout(1500);
    expect((await messageIdsAt(service.servers, pausing)).length).toBe(held);
    expect(held).toBeLessThan(messages.length);

    service.proxy.delay(0);
    await page.getByRole('button', { name: 'Resume export' }).click();
    const done = await emailSays(page, 'Completed');
    expect(done).toContain(`${messages.length} of ${messages.length} messages`);
    // Each Message-ID exactly as often as at the source (the fixture has repeats of its own).
    expect((await messageIdsAt(service.servers, pausing)).sort()).toEqual((await messageIdsAt(service.servers, customer)).sort());
  });

  it('keeps copying new mail once chosen, until the owner stops it', { timeout: 240_000 }, async () => {
    service.proxy.delay(0);
    const current = journey();
    const { page } = current;
    await signIn(current, customer.email);
    await startExportToImap(page, forwarding, `127.0.0.1:${service.proxy.port}`, async (options) => {
      const box = options.getByRole('checkbox', { name: 'Keep copying new mail until my account closes' });
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await current.check('migration-options-forwarding');
    });
    await followExport(page);
    await emailSays(page, 'Completed');
    const before = await messageIdsAt(service.servers, forwarding);

    await deliverToSource(service.servers, customer, ['later-1', 'later-2'], 'forwarded.example');
    // The page is quiet once the export ended: a person reloads to see the next copy.
    const copied = page.getByText('2 new messages copied.');
    const deadline = Date.now() + 60_000;
    while ((await copied.count()) === 0) {
      if (Date.now() > deadline) throw new Error(`no daily copy showed the 2 new messages: ${await page.getByRole('main').textContent()}`);
      await page.waitForTimeout(1000);
      await page.reload();
      await statusOf(page, 'Email').waitFor();
    }
    await expect.poll(() => page.getByText(/^We copy new mail from your old mailbox once a day until .+\./).count()).toBe(1);
    const after = await messageIdsAt(service.servers, forwarding);
    expect(after.length - before.length).toBe(2);
    expect(after.filter((id) => id.endsWith('@forwarded.example>')).sort()).toEqual([
      '<later-1@forwarded.example>',
      '<later-2@forwarded.example>',
    ]);

    await page.getByRole('button', { name: 'Stop copying new mail' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Stop copying new mail?' });
    await dialog.waitFor();
    await current.check('status-stop-forwarding-dialog');
    await dialog.getByRole('button', { name: 'Yes, stop copying' }).click();
    await page.getByText('We no longer copy new mail for this export.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop copying new mail' }).count()).toBe(0);

    // No pass starts after the stop (one already running goes to its end, as the page says while it
    // runs): once the page no longer copies, mail arriving stays at the source.
    const copying = page.getByText('Copying new mail…');
    while ((await copying.count()) > 0) {
      await page.waitForTimeout(500);
      await page.reload();
      await statusOf(page, 'Email').waitFor();
    }
    const settled = (await messageIdsAt(service.servers, forwarding)).length;
    await deliverToSource(service.servers, customer, ['after-stop'], 'forwarded.example');
    await page.waitForTimeout(6000);
    expect((await messageIdsAt(service.servers, forwarding)).length).toBe(settled);
    expect(await messageIdsAt(service.servers, forwarding)).not.toContain('<after-stop@forwarded.example>');
  });
});
