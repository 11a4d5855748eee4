/**
 * Journey 7 of issue 6: check status by signing in — after six exports from one account, the
 * list shows the newest five, newest first, each leading to its status page.
 */
import { describe, expect, it } from 'vitest';
import { useJourney, type Journey } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { chooseAccount, signIn } from './steps/sign-in.ts';
import { chooseDestination, chooseWhatToSave, pressNext, setNotificationEmail, startExportButton } from './steps/wizard.ts';

const journey = useJourney();

/**
 * Six different file exports: the same export asked for twice within minutes is one export (the
 * service keys a load on its meaning), so each of the six chooses other formats.
 */
const VARIANTS = [
  { email: 'EML' },
  { email: 'MBOX' },
  { email: 'MBOX', contacts: 'VCF' },
  { email: 'EML', contacts: 'CSV' },
  { email: 'EML', contacts: 'VCF' },
  { email: 'MBOX', contacts: 'CSV' },
] as const;

/** One quick file export from `email`, in the formats of `variant`; returns its export ID. */
async function exportOnce(current: Journey, email: string, variant: (typeof VARIANTS)[number]): Promise<string> {
  const { page } = current;
  await signIn(current, email, { scenario: false });
  await expectPath(page, '/destination-account');
  await chooseDestination(page, 'Download');
  await pressNext(page);
  await expectPath(page, '/migration-options');
  await chooseWhatToSave(page, 'contacts' in variant ? 'Email and contacts' : 'Email');
  await page
    .getByRole('group', { name: 'Email file format' })
    .getByRole('radio', { name: new RegExp(`^${variant.email}\\b`) })
    .check();
  if ('contacts' in variant) {
    await page
      .getByRole('group', { name: 'Contacts file format' })
      .getByRole('radio', { name: new RegExp(`^${variant.contacts}\\b`) })
      .check();
  }
  await pressNext(page);
  await expectPath(page, '/start-migration');
  await setNotificationEmail(page, email);
  await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
  await startExportButton(page).click();
  await expectPath(page, '/complete');
  return page.getByLabel('Your export ID').inputValue();
}

describe('check status by signing in', () => {
  it('lists the newest five exports of the signed-in account, newest first', async () => {
    const current = journey();
    const { page } = current;
    const email = `lister.${Date.now().toString(36)}@example.com`;
    const ids: string[] = [];
    for (const variant of VARIANTS) ids.push(await exportOnce(current, email, variant));
    expect(new Set(ids).size).toBe(6);

    await page.getByRole('link', { name: 'Back to home' }).click();
    await expectPath(page, '/');
    await page.getByRole('button', { name: 'Check your export status' }).click();
    await page.getByRole('dialog', { name: 'Check your export status' }).getByRole('button', { name: 'Check by signing in' }).click();
    await chooseAccount(page, email, false);

    await expectPath(page, '/status-from-email');
    await expectHeading(page, 'Your exports');
    const items = page.getByRole('list', { name: 'Exports' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(5);
    const shown = await items.locator('code').allTextContents();
    expect(shown).toEqual(ids.slice(1).reverse());
    await current.check('status-from-email');

    await items.first().getByRole('link').click();
    await expectPath(page, '/status');
    expect(new URL(page.url()).searchParams.get('migration_id')).toBe(ids[5]);
  });
});
