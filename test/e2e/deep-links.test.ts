/**
 * Journey 8 of issue 6: deep links land where the spec says (§2 guards), a reload in the middle of
 * the wizard keeps the person's choices, and the browser's back and forward buttons never break
 * the flow.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import {
  chooseDestination,
  chooseWhatToSave,
  pressBack,
  pressNext,
  setNotificationEmail,
  startExportButton,
  whatToSaveOption,
} from './steps/wizard.ts';

const journey = useJourney();
const HOME_HEADING = 'Save your email and contacts';

describe('deep links without a session', () => {
  it('sends every guarded wizard route to the home page', async () => {
    const { page } = journey();
    for (const path of [
      '/loading',
      '/destination-account',
      '/accept-google-terms',
      '/start-migration',
      '/complete',
      '/opt-out-info',
      '/check-email-scopes',
      '/status-from-email',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await expectPath(page, '/');
      await expectHeading(page, HOME_HEADING);
      expect(await page.getByRole('alertdialog').count(), `no error modal after ${path}`).toBe(0);
    }
  });

  it('/migration-options without a session goes home carrying an error', async () => {
    const { page } = journey();
    await page.goto('/migration-options');
    await expectPath(page, '/');
    await page.getByRole('alertdialog').waitFor();
  });

  it('opens the §8 sign-in errors from the query and the #error hash', async () => {
    const current = journey();
    const { page } = current;
    await page.goto('/oauth-callback?error=EXTERNAL_OAUTH_ERROR');
    await expectPath(page, '/');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('may have not been authorized to use this portal.');
    expect(new URL(page.url()).search).not.toContain('token_id');

    await page.goto('/#error');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('An external authentication error has happened. Please, try to sign in again.');
    await expect.poll(() => page.getByRole('alertdialog', { name: /unable to log/i }).count()).toBe(1);
    await current.check('sign-in-hash-error');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('shows the status page, the support form and the scopes help where the spec says', async () => {
    const current = journey();
    const { page } = current;
    await page.goto('/status?migration_id=too-short');
    await expectPath(page, '/status');
    await expect.poll(() => page.getByText('Sorry, your export ID is invalid...').count()).toBe(1);
    await current.check('status-invalid-id');

    await page.goto('/support-form');
    await expectPath(page, '/support-form');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await current.check('support-form');
  });

  it('leaves for the external policy pages after a moment', async () => {
    const { page, guard, url } = journey();
    guard.expectForeignRequest(/^https?:\/\//);
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      const before = guard.expectedForeign().length;
      await page.goto(path);
      await expect.poll(() => guard.expectedForeign().length, { timeout: 5000 }).toBe(before + 1);
      await expect.poll(() => new URL(page.url()).origin).not.toBe(new URL(url).origin);
    }
  });
});

describe('reloads and the back button in the wizard', () => {
  it('keeps the choices across reloads and survives back and forward', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Outlook.com');
    await page.reload();
    await expectPath(page, '/destination-account');
    await expect.poll(() => page.getByRole('radio', { name: /^Outlook\.com\b/ }).isChecked()).toBe(true);

    await pressNext(page);
    await expectPath(page, '/migration-options');
    await chooseWhatToSave(page, 'Email');
    await page.reload();
    await expectPath(page, '/migration-options');
    await expect.poll(() => whatToSaveOption(page, 'Email').isChecked()).toBe(true);

    // The wizard's Back, then the browser's back and forward.
    await pressBack(page);
    await expectPath(page, '/destination-account');
    await expect.poll(() => page.getByRole('radio', { name: /^Outlook\.com\b/ }).isChecked()).toBe(true);
    await page.goBack();
    await expectPath(page, '/migration-options');
    await expect.poll(() => whatToSaveOption(page, 'Email').isChecked()).toBe(true);
    await page.goForward();
    await expectPath(page, '/destination-account');
    await pressNext(page);
    await expectPath(page, '/migration-options');

    await pressNext(page);
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    await page.getByLabel(/account address/).fill('casey.export@outlook.com');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expectPath(page, '/start-migration');
    await setNotificationEmail(page, 'casey.reload@example.com');
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
    await page.reload();
    await expectPath(page, '/start-migration');
    await expect.poll(() => page.getByLabel('Notification email').inputValue()).toBe('casey.reload@example.com');
    await expect.poll(() => page.getByText('casey.export@outlook.com').count()).toBeGreaterThan(0);
    await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);

    await startExportButton(page).click();
    await expectPath(page, '/complete');
    const exportId = await page.getByLabel('Your export ID').inputValue();
    await page.reload();
    await expectPath(page, '/complete');
    await expect.poll(() => page.getByLabel('Your export ID').inputValue()).toBe(exportId);

    // Back from the finished export never offers to start it again: the stored data is gone.
    // §2: /complete clears the stored migration data, so /start-migration's guard sends the person home.
    await page.goBack();
    await expectPath(page, '/');
    await expectHeading(page, HOME_HEADING);
  });
});
