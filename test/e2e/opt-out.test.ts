/**
 * Journey 6 of issue 6: schedule the account's closure through the confirmation that says what it
 * means and the date (issue 36), then cancel it through the confirmation that says cancelling
 * cannot be undone; each state is still shown after a reload and after a fresh sign-in (the service
 * keeps it), and the opt-out view and the destination page give the same deadline.
 */
import { describe, expect, it } from 'vitest';
import { explainOptOut } from '../../src/views/opt-out-info/opt-out-explanations.ts';
import type { OptOutInfoState } from '../../contract/index.ts';
import { useJourney } from './harness/journey.ts';
import { expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';

const journey = useJourney();

const titleOf = (state: OptOutInfoState) => explainOptOut(state, { providerName: 'Northwave' }).title;

describe('account closure', () => {
  it('schedules the closure, cancels it after confirming, and keeps each state across reloads', async () => {
    const current = journey();
    const { page } = current;
    // A fresh account (never opted out) arrives at the closure page from a link, e.g. in a letter
    // from the provider: the address bar, after signing in.
    const email = `closing.${Date.now().toString(36)}@example.com`;
    await signIn(current, email, { scenario: false });
    await expectPath(page, '/destination-account');
    await page.goto('/opt-out-info');
    await expectPath(page, '/opt-out-info');
    await page.getByRole('heading', { name: titleOf('neverOptedOut') }).waitFor();
    await current.check('opt-out-info-open');

    // The mailbox of a fresh account stays open 60 days (the scenario's default).
    await page.getByText('60 days', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Schedule closure' }).click();
    const closing = page.getByRole('alertdialog', { name: 'Close your account?' });
    await closing.waitFor();
    expect(await closing.textContent()).toMatch(/deleted in 30 days, on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await current.check('opt-out-schedule-confirmation');
    // Keeping the account open changes nothing, and nothing was asked of the service.
    await closing.getByRole('button', { name: 'Keep my account open' }).last().click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('heading', { name: titleOf('neverOptedOut') }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: titleOf('neverOptedOut') }).waitFor();

    await page.getByRole('button', { name: 'Schedule closure' }).click();
    await closing.getByRole('button', { name: 'Yes, close my account' }).click();
    await page.getByRole('heading', { name: titleOf('optedOutInitial') }).waitFor();
    await current.check('opt-out-info-scheduled');
    await page.reload();
    await expectPath(page, '/opt-out-info');
    await page.getByRole('heading', { name: titleOf('optedOutInitial') }).waitFor();
    // One deadline: the deletion in 30 days comes before the mailbox would close (60), on both pages.
    await page.getByText('30 days', { exact: true }).waitFor();
    expect(await page.getByText(/60 days/).count()).toBe(0);
    await page.goto('/destination-account');
    await page.getByText('You have 30 days to save your data').waitFor();
    await page.goto('/opt-out-info');
    await page.getByRole('heading', { name: titleOf('optedOutInitial') }).waitFor();

    await page.getByRole('button', { name: 'Cancel closure' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your account closure?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/cannot be undone/i);
    await current.check('opt-out-cancel-confirmation');
    // Keeping the closure (the dialog's own button) changes nothing.
    await dialog.getByRole('button', { name: 'Keep the closure' }).first().click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('heading', { name: titleOf('optedOutInitial') }).waitFor();

    await page.getByRole('button', { name: 'Cancel closure' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel the closure' }).click();
    // §2: when the opt-out is cancelled the portal goes to the destination page.
    await expectPath(page, '/destination-account');
    await page.getByRole('heading', { name: titleOf('optedOutCancel') }).waitFor();
    await page.reload();
    await expectPath(page, '/destination-account');
    await page.getByRole('heading', { name: titleOf('optedOutCancel') }).waitFor();

    // A fresh sign-in reads the state back from the service.
    await signIn(current, email, { scenario: false });
    await expectPath(page, '/destination-account');
    await page.getByRole('heading', { name: titleOf('optedOutCancel') }).waitFor();
  });
});
