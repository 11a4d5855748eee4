/**
 * Journey 3 of issue 6: Other provider with a custom IMAP host — a provider alias typed as the host
 * becomes its IMAP host, an implausible host and an unresolvable one give the two IMAP messages of
 * spec §5, a wrong password gives 'Incorrect email or password.', and the right one goes on — with
 * the host written as host:port (STARTTLS on 143) — through the options to a started export.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { chooseDestination, chooseWhatToSave, pressNext, startExportButton } from './steps/wizard.ts';

const journey = useJourney();

const INVALID_IMAP = 'Invalid IMAP. Please enter a valid IMAP address.';
const UNRESOLVED_IMAP = 'Could not resolve IMAP host.';
const WRONG_CREDENTIALS = 'Incorrect email or password.';

describe('Other provider with a custom IMAP host', () => {
  it('maps an alias, reports bad hosts and a wrong password, then accepts the right credentials', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Other');
    await page.getByRole('heading', { name: 'Your other email account' }).waitFor();

    await page.getByLabel('Email address', { exact: true }).fill('robin.mover@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('checkbox', { name: /Use a custom IMAP server/ }).check();
    const imap = page.getByRole('textbox', { name: 'IMAP server', exact: true });
    const next = page.getByRole('button', { name: 'Next', exact: true });

    // A known provider alias becomes its IMAP host.
    await imap.fill('gmail');
    await expect.poll(() => imap.inputValue()).toBe('imap.gmail.com');

    // Not a host at all: the syntax message, on leaving the field, and Next stays disabled.
    await imap.fill('not a host!');
    await imap.press('Tab');
    await expect.poll(() => page.getByText(INVALID_IMAP).count()).toBe(1);
    expect(await imap.getAttribute('aria-invalid')).toBe('true');
    expect(await next.isDisabled()).toBe(true);
    await current.check('destination-other-invalid-imap');

    // A plausible host the service cannot resolve.
    await imap.fill('mail.nowhere.invalid');
    await imap.press('Tab');
    await expect.poll(() => page.getByText(UNRESOLVED_IMAP).count()).toBe(1);
    expect(await page.getByText(INVALID_IMAP).count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);

    // A host with a port that resolves, but the wrong password.
    await imap.fill('imap.example.com:143');
    await imap.press('Tab');
    await expect.poll(() => page.getByText(UNRESOLVED_IMAP).count()).toBe(0);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => page.getByText(WRONG_CREDENTIALS).count()).toBe(1);
    await expectPath(page, '/destination-account');
    await current.check('destination-other-wrong-password');

    // The right password: on to the options.
    await page.getByLabel('Password', { exact: true }).fill('correct-password');
    await expect.poll(() => next.isEnabled()).toBe(true);
    await pressNext(page);
    await expectPath(page, '/migration-options');
    await expectHeading(page, 'Choose what to save');

    // And on to a started export: the host:port the check accepted is the one the export carries.
    await chooseWhatToSave(page, 'Email');
    await pressNext(page);
    await expectPath(page, '/start-migration');
    await startExportButton(page).click();
    await expectPath(page, '/complete');
  });
});
