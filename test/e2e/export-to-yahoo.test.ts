/**
 * Yahoo Mail through its consent: the active scenario account picks Yahoo Mail, saves email (contacts
 * cannot go there, and the page says so, with the app-password way through Other), consents on the
 * development "Yahoo" page of the embedded provider, starts the export and follows it on /status until
 * it completes, when the whole sample mailbox is in the development mailbox of the Yahoo address.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { messagesAt } from './steps/dev-mailboxes.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, startAndLookUp, whatToSaveOption } from './steps/wizard.ts';

const journey = useJourney();

describe('export to Yahoo Mail', () => {
  it('picks Yahoo, consents on the development page, starts and sees the mail arrive', async () => {
    const current = journey();
    const { page } = current;
    const address = `casey.${Date.now()}@yahoo.com`;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Yahoo Mail');
    await pressNext(page);

    await expectPath(page, '/migration-options');
    await expectHeading(page, 'Choose what to save');
    expect(await whatToSaveOption(page, 'Email and contacts').isDisabled()).toBe(true);
    await page.getByText(/make an app password in your Yahoo account’s safety settings/).waitFor();
    await chooseWhatToSave(page, 'Email');
    await current.check('migration-options-yahoo');
    await pressNext(page);

    await expectHeading(page, 'Allow access to your Yahoo account');
    await page.getByText('Development sign-in').first().waitFor();
    const scopes = page.getByRole('group', { name: 'The export portal will be able to:' }).getByRole('checkbox');
    expect(await scopes.count()).toBe(1);
    expect(await scopes.first().isChecked()).toBe(true);
    await page.getByLabel('Yahoo account address').fill(address);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expectPath(page, '/start-migration');
    await expect.poll(() => page.getByText(address).count()).toBeGreaterThan(0);
    await startAndLookUp(page, 'casey@example.com');
    await reloadUntilStatus(page, ['Email'], 'Completed');

    // Every message of the account's sample mailbox is in the Yahoo address's development mailbox.
    const sample = await messagesAt(current.url, 'active@example.com');
    expect(sample).toBeGreaterThan(0);
    expect(await messagesAt(current.url, address)).toBe(sample);
  });
});
