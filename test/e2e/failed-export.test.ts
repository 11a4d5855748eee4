/**
 * The failing scenario account: its export starts like any other and ends in error; the status
 * page then says so (§8 'Sorry, your export process stopped due to an error') with the support link.
 * Also the home page's status lookup rejecting a malformed export ID (§5) before any call.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseEmailFile, startAndLookUp } from './steps/wizard.ts';

const journey = useJourney();

describe('an export that fails', () => {
  it('export-fails@example.com: the status page reports the error and offers support', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'export-fails@example.com');
    await chooseEmailFile(page, 'EML');
    await startAndLookUp(page, 'export-fails@example.com');
    await reloadUntilStatus(page, ['Email'], 'Error');
    await expect.poll(() => page.getByText('Sorry, your export process stopped due to an error').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Download your file' }).count()).toBe(0);
    await current.check('status-error');
    await page.getByRole('main').getByRole('link', { name: 'Contact support' }).click();
    await expectPath(page, '/support-form');
  });
});

describe('the status lookup on the home page', () => {
  it('rejects a malformed export ID in the modal, and Escape closes it back to its button', async () => {
    const current = journey();
    const { page } = current;
    await page.goto('/');
    await expectHeading(page, 'Save your email and contacts');
    const opener = page.getByRole('button', { name: 'Check your export status' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Check your export status' });
    const field = dialog.getByLabel('Export ID');
    expect(await field.getAttribute('maxlength')).toBe('64');
    await field.fill('not-an-export-id');
    await dialog.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => dialog.getByText('Invalid export ID').count()).toBe(1);
    await expectPath(page, '/');
    await current.check('sign-in-status-lookup');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
