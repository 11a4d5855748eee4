/**
 * Issue 36, "the file from the mail, by sign-in" and "downloads only for the owner": the complete
 * mail's steps, followed in a browser with the mail's own labels (PORTAL_LABELS) — the export ID
 * looked up without signing in, "Sign in to download your file", the sign-in, back on this export's
 * status with the download, the file downloaded. Then the owner's download address, typed into
 * another account's signed-in browser and into a browser with no sign-in, is refused, never the file.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PORTAL_LABELS } from '../../server/notify/export-mail.ts';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { chooseAccount, signIn } from './steps/sign-in.ts';
import { lookUpFromHome, reloadUntilStatus } from './steps/status.ts';
import { chooseEmailFile, startAndLookUp } from './steps/wizard.ts';

const journey = useJourney();

/** On an export's status page that has no link to its ready file: the mail's step 3, "Sign in to download your file". */
async function signInToDownload(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: PORTAL_LABELS.signInToDownload }).click();
  await chooseAccount(page, email, false);
  await expectPath(page, '/status');
  await expectHeading(page, 'Check your export status');
}

/** What a browser gets when the address is typed in: the status, and the JSON refusal (a file would fail `goto`). */
async function typeIn(page: Page, url: string): Promise<{ status: number; body: { error?: string; message?: string } }> {
  const response = await page.goto(url);
  if (!response) throw new Error(`no answer for ${url}`);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  return { status: response.status(), body: (await response.json()) as { error?: string; message?: string } };
}

async function freshPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US', timezoneId: 'UTC' });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

describe('the file from the mail, by sign-in, for its owner only', () => {
  it('looks the export up, signs in from its status, comes back and downloads; others are refused', async () => {
    const current = journey();
    const { page } = current;
    const stamp = Date.now().toString(36);
    const owner = `owner.${stamp}@example.com`;
    const other = `other.${stamp}@example.com`;

    await signIn(current, owner, { scenario: false });
    await chooseEmailFile(page, 'MBOX');
    // Start, back to the home page (signed out), and the mail's step 2: the export ID looked up.
    const exportId = await startAndLookUp(page, owner);
    await reloadUntilStatus(page, ['Email'], 'Completed');

    // Anonymous: no link, the way to it instead.
    await expect.poll(() => page.getByRole('heading', { name: 'Your file is ready' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: PORTAL_LABELS.download }).count()).toBe(0);
    await current.check('status-file-sign-in');

    await signInToDownload(page, owner);
    expect(new URL(page.url()).searchParams.get('migration_id')).toBe(exportId);
    const link = page.getByRole('link', { name: PORTAL_LABELS.download });
    await expect.poll(() => link.count()).toBe(1);
    expect(await page.getByRole('button', { name: PORTAL_LABELS.signInToDownload }).count()).toBe(0);
    const url = (await link.getAttribute('href')) ?? '';
    expect(url).toMatch(/\/api\/downloads\/[A-Za-z0-9]{32}\.[0-9a-z]+\.[\w-]{43}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(await download.path()))));
    expect(names.some((name) => name.startsWith('email/') && name.endsWith('.mbox'))).toBe(true);

    const browser = current.context.browser();
    if (!browser) throw new Error('no browser');

    // Another account, signed in on this very export's page, then typing in the owner's address.
    const theirs = await freshPage(browser, current.url);
    try {
      await theirs.goto('/');
      await lookUpFromHome(theirs, exportId);
      await reloadUntilStatus(theirs, ['Email'], 'Completed');
      await signInToDownload(theirs, other);
      await expect.poll(() => theirs.getByText(`You are signed in as ${other}`).count()).toBe(1);
      expect(await theirs.getByRole('link', { name: PORTAL_LABELS.download }).count()).toBe(0);
      const refused = await typeIn(theirs, url);
      expect([401, 403]).toContain(refused.status);
      expect(refused.body.error).toMatch(/^(SIGN_IN_REQUIRED|NOT_YOUR_DOWNLOAD)$/);
    } finally {
      await theirs.context().close();
    }

    // No sign-in at all.
    const nobody = await freshPage(browser, current.url);
    try {
      expect(await typeIn(nobody, url)).toEqual({ status: 401, body: { error: 'SIGN_IN_REQUIRED', message: expect.any(String) } });
    } finally {
      await nobody.context().close();
    }

    // The owner's own browser still downloads it, so the refusals above were about who asked.
    const again = await page.request.get(url);
    expect(again.status()).toBe(200);
  });
});
