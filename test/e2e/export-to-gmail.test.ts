/**
 * Journeys 1 and 2 of issue 6: the active scenario account exports to Gmail — terms, consent with
 * every scope, email and contacts, start, complete, copy the export ID, and look it up from the
 * home page until it completes, with the time to finish shown while mail moves; and the same consent with a scope unchecked, which leads to
 * /check-email-scopes and back to the options.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { lookUpFromHome, reloadUntilStatus, statusOf } from './steps/status.ts';
import {
  chooseDestination,
  chooseWhatToSave,
  pressNext,
  setNotificationEmail,
  startExportButton,
  whatToSaveOption,
} from './steps/wizard.ts';

const journey = useJourney();

/** Sign in as the active account and walk to the Gmail consent page with email and contacts chosen. */
async function toGmailConsent(checkPages: boolean): Promise<void> {
  const current = journey();
  const { page } = current;
  await signIn(current, 'active@example.com', { checkPages });
  await expectPath(page, '/destination-account');
  await expectHeading(page, 'Save your email data');
  if (checkPages) await current.check('destination-account');
  await chooseDestination(page, 'Gmail');
  await pressNext(page);
  await expectPath(page, '/accept-google-terms');
  if (checkPages) await current.check('accept-google-terms');
  await pressNext(page);
  await expectPath(page, '/migration-options');
  await expectHeading(page, 'Choose what to save');
  await chooseWhatToSave(page, 'Email and contacts');
  if (checkPages) await current.check('migration-options');
  await pressNext(page);
  await expectHeading(page, 'Allow access to your Google account');
}

describe('export to Gmail', () => {
  it('signs in, accepts the terms, grants every scope, starts, copies the ID and sees it complete', async () => {
    const current = journey();
    const { page } = current;
    await toGmailConsent(true);
    await current.check('gmail-consent-page');
    // Every requested permission is listed and checked; the person allows them all.
    const scopes = page.getByRole('group', { name: 'The export portal will be able to:' }).getByRole('checkbox');
    expect(await scopes.count()).toBe(2);
    for (const scope of await scopes.all()) expect(await scope.isChecked()).toBe(true);
    await page.getByLabel('Google account address').fill('casey.export@gmail.com');
    await page.getByRole('button', { name: 'Allow' }).click();

    await expectPath(page, '/start-migration');
    await expectHeading(page, 'Save your email data');
    await expect.poll(() => page.getByText('casey.export@gmail.com').count()).toBeGreaterThan(0);
    await setNotificationEmail(page, 'casey@example.com');
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
    await current.check('start-migration');
    await startExportButton(page).click();

    await expectPath(page, '/complete');
    await expectHeading(page, "We're pulling together your data");
    const exportId = await page.getByLabel('Your export ID').inputValue();
    expect(exportId).toMatch(/^[A-Za-z0-9]{32}$/);
    await page.getByRole('button', { name: 'Copy Export ID' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exportId);
    // 'Copied!' shows for 500 ms, then the button reads as before.
    await expect.poll(() => page.getByRole('button', { name: 'Copy Export ID' }).count(), { timeout: 3000 }).toBe(1);
    await current.check('complete');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await expectPath(page, '/');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    await lookUpFromHome(page, copied);
    expect(new URL(page.url()).searchParams.get('migration_id')).toBe(exportId);
    await expect.poll(() => statusOf(page, 'Email').textContent()).toContain('In progress');
    await expect.poll(() => statusOf(page, 'Contacts').textContent()).toContain('In progress');
    await current.check('status-in-progress');
    // Once mail is moving, the page says when it should end, from the pace the running transfer measured.
    await reloadUntilStatus(page, ['Email'], 'at the pace so far', 25_000);
    expect(await page.getByRole('status', { name: 'Email: time to finish' }).textContent()).toMatch(
      /^(A few minutes|About \d+ minutes?) at the pace so far\. You can close this page/,
    );
    await reloadUntilStatus(page, ['Email', 'Contacts'], 'Completed');
    await current.check('status-completed');
  });

  it('with a scope unchecked, explains the missing permissions and returns to the options', async () => {
    const current = journey();
    const { page } = current;
    await toGmailConsent(false);
    await page.getByRole('checkbox', { name: 'See and edit your contacts' }).uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();

    await expectPath(page, '/check-email-scopes');
    await current.check('check-email-scopes');
    await pressNext(page);
    await expectPath(page, '/migration-options');
    await expectHeading(page, 'Choose what to save');
    // The choice made before the consent round trip is still there.
    expect(await whatToSaveOption(page, 'Email and contacts').isChecked()).toBe(true);
  });
});
