/**
 * The closing provider's two successor products (§2: shown only when login is not active), each
 * taken to the end in the browser: the login-inactive scenario account sees both cards, and an export
 * to each lands in its development mailbox — the provider's own service with nothing to type (the
 * account it keeps for the customer), the partner's through its development consent page. Neither
 * card leads to "This provider is not supported."
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from './harness/journey.ts';
import { messagesAt } from './steps/dev-mailboxes.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';
import { reloadUntilStatus } from './steps/status.ts';
import { chooseDestination, chooseWhatToSave, pressNext, startAndLookUp, whatToSaveOption } from './steps/wizard.ts';

const journey = useJourney();
const CUSTOMER = 'login-inactive@example.com';
const NOT_SUPPORTED = 'This provider is not supported.';

describe("the provider's successor products", () => {
  it('moves the mail to the provider’s own new service with nothing to type', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, CUSTOMER);
    await expectPath(page, '/destination-account');
    await page.getByRole('radio', { name: /Northwave Mail Plus/ }).waitFor();
    await chooseDestination(page, 'Northwave Next');
    await pressNext(page);

    await expectPath(page, '/migration-options');
    expect(await whatToSaveOption(page, 'Email and contacts').isDisabled()).toBe(true);
    await chooseWhatToSave(page, 'Email');
    await pressNext(page);

    // No consent page and no password: straight to the start.
    await expectPath(page, '/start-migration');
    await current.check('start-migration-successor');
    await startAndLookUp(page, 'casey@example.com');
    await reloadUntilStatus(page, ['Email'], 'Completed');
    expect(await page.getByText(NOT_SUPPORTED).count()).toBe(0);

    const sample = await messagesAt(current.url, CUSTOMER);
    expect(sample).toBeGreaterThan(0);
    expect(await messagesAt(current.url, 'login-inactive@next.northwave.example')).toBe(sample);
  });

  it('moves the mail to the partner’s service through its consent page', async () => {
    const current = journey();
    const { page } = current;
    const address = `casey.${Date.now()}@mail-plus.example`;
    await signIn(current, CUSTOMER);
    await expectPath(page, '/destination-account');
    await chooseDestination(page, 'Northwave Mail Plus');
    await pressNext(page);
    await expectPath(page, '/migration-options');
    await chooseWhatToSave(page, 'Email');
    await pressNext(page);

    await expectHeading(page, 'Allow access to your Northwave Mail Plus account');
    await page.getByText('Development sign-in').first().waitFor();
    await page.getByLabel('Northwave Mail Plus account address').fill(address);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expectPath(page, '/start-migration');
    await expect.poll(() => page.getByText(address).count()).toBeGreaterThan(0);
    await startAndLookUp(page, 'casey@example.com');
    await reloadUntilStatus(page, ['Email'], 'Completed');
    expect(await page.getByText(NOT_SUPPORTED).count()).toBe(0);
    expect(await messagesAt(current.url, address)).toBe(await messagesAt(current.url, CUSTOMER));
  });
});
