/**
 * Journey 5 of issue 6: every scenario account of the development sign-in, as the spec routes it —
 * the §8 error modal for the accounts that cannot continue, no contacts without a contacts
 * service, the successor products when login is inactive, the closure panel for opted-out
 * accounts and the opt-out view for closing, moved and purged accounts.
 */
import { describe, expect, it } from 'vitest';
import { explainOptOut } from '../../src/views/opt-out-info/opt-out-explanations.ts';
import type { OptOutInfoState } from '../../contract/index.ts';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { chooseDestination, pressNext, whatToSaveOption } from './steps/wizard.ts';

const journey = useJourney();

/** The opt-out view's title for a display state (the wording of the view is the app's own design). */
const titleOf = (state: OptOutInfoState) => explainOptOut(state, { providerName: 'Northwave' }).title;

const AUTH_ERROR_TITLE = /unable to log/i;

describe('scenario accounts at sign-in', () => {
  for (const [email, message] of [
    ['mailbox-inactive@example.com', 'The mailbox for user mailbox-inactive@example.com is not active.'],
  ] as const) {
    it(`${email}: back on the home page with the §8 error`, async () => {
      const current = journey();
      const { page } = current;
      await signIn(current, email);
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor({ timeout: 15_000 });
      await expectPath(page, '/');
      expect(await dialog.textContent()).toContain(message);
      expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
      await expect.poll(async () => await page.getByRole('alertdialog', { name: AUTH_ERROR_TITLE }).count()).toBe(1);
      await current.check(`sign-in-error-${email.split('@')[0]}`);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
      await expectHeading(page, 'Save your email and contacts');
    });
  }

  it('no-account@example.com: back on the home page with the §8 error', async () => {
    const current = journey();
    const { page, guard } = current;
    // §8: the service answers the migration status call with a failure saying the account does not
    // exist; Chromium logs every failed response, and this one is the spec's own.
    guard.allowConsoleError(/status of 404 .*\/api\/v2\/comcast-get-migration-status\//);
    await signIn(current, 'no-account@example.com');
    const dialog = page.getByRole('alertdialog', { name: AUTH_ERROR_TITLE });
    await dialog.waitFor({ timeout: 15_000 });
    await expectPath(page, '/');
    expect(await dialog.textContent()).toContain('The user no-account@example.com does not exist.');
    await current.check('sign-in-error-no-account');
    // The next step (issue 36): no "Try again" for an account that does not exist, and support with the reason filled in.
    expect(await dialog.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Contact support' }).click();
    await expectPath(page, '/support-form');
    expect(await page.getByLabel(/^What happened\?/).inputValue()).toBe(
      'I could not sign in to the export portal. The message said: The user no-account@example.com does not exist.',
    );
    expect(await page.getByLabel(/^Your Northwave email address/).inputValue()).toBe('no-account@example.com');
  });

  it('no-contacts@example.com: contacts cannot be chosen', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'no-contacts@example.com');
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Outlook.com');
    await pressNext(page);
    await expectPath(page, '/migration-options');
    expect(await whatToSaveOption(page, 'Email').isEnabled()).toBe(true);
    for (const choice of ['Contacts', 'Email and contacts'] as const) {
      const option = whatToSaveOption(page, choice);
      expect((await option.count()) === 0 || (await option.isDisabled())).toBe(true);
    }
    await current.check('migration-options-no-contacts');
  });

  it('login-inactive@example.com: the successor products are offered (and not to an active account)', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'login-inactive@example.com');
    await expectPath(page, '/destination-account');
    await expect.poll(() => page.getByRole('radio', { name: /^Northwave Next\b/ }).count()).toBe(1);
    await expect.poll(() => page.getByText(/You have 10 days/).count()).toBe(1);
    await current.check('destination-login-inactive');

    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    await page.getByRole('radio', { name: /^Gmail\b/ }).waitFor();
    expect(await page.getByRole('radio', { name: /^Northwave Next\b/ }).count()).toBe(0);
  });

  for (const [email, state] of [
    ['opted-out@example.com', 'optedOutInitial'],
    ['opted-out-cancel@example.com', 'optedOutCancel'],
  ] as const) {
    it(`${email}: the destination page shows the closure panel`, async () => {
      const current = journey();
      const { page } = current;
      await signIn(current, email);
      await expectPath(page, '/destination-account');
      await page.getByRole('heading', { name: titleOf(state) }).waitFor();
      await current.check(`destination-${state}`);
    });
  }

  for (const [email, state] of [
    ['opted-out-delete@example.com', 'optedOutDelete'],
    ['moved-to-yahoo@example.com', 'yahoo'],
    ['purged-opted-out@example.com', 'purgedOptedOutDelete'],
    ['purged-tos-timeout@example.com', 'purgedTosTimeoutDelete'],
    ['purged-inactive@example.com', 'purgedInactive'],
  ] as const) {
    it(`${email}: the opt-out view explains the account's state`, async () => {
      const current = journey();
      const { page } = current;
      await signIn(current, email);
      await expectPath(page, '/opt-out-info');
      await page.getByRole('heading', { name: titleOf(state) }).waitFor();
      await current.check(`opt-out-info-${state}`);
    });
  }
});
