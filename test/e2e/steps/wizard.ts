/** The wizard's steps as a person does them: choose, press Next, read what the screen says. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectHeading, expectPath } from './routes.ts';
import { lookUpFromHome } from './status.ts';

export async function chooseDestination(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${name}\\b`) }).check();
}

export async function pressNext(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

export async function pressBack(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
}

export type WhatToSave = 'Email' | 'Contacts' | 'Email and contacts';

/** A radio's name is its label followed by its description, so 'Email' must not match 'Email and contacts'. */
const whatToSaveNames: Record<WhatToSave, RegExp> = {
  Email: /^Email(?! and contacts)\b/,
  Contacts: /^Contacts\b/,
  'Email and contacts': /^Email and contacts\b/,
};

export const whatToSaveOption = (page: Page, choice: WhatToSave) =>
  page.getByRole('group', { name: 'What to save' }).getByRole('radio', { name: whatToSaveNames[choice] });

export async function chooseWhatToSave(page: Page, choice: WhatToSave): Promise<void> {
  await whatToSaveOption(page, choice).check();
}

/** From /destination-account to the options of a file export of the email alone, in `format`. */
export async function chooseEmailFileOptions(page: Page, format: 'EML' | 'MBOX'): Promise<void> {
  await expectPath(page, '/destination-account');
  await chooseDestination(page, 'Download');
  await pressNext(page);
  await expectPath(page, '/migration-options');
  await chooseWhatToSave(page, 'Email');
  await page
    .getByRole('group', { name: 'Email file format' })
    .getByRole('radio', { name: new RegExp(`^${format}\\b`) })
    .check();
}

/** From /destination-account to /start-migration: a file export of the email alone, in `format`. */
export async function chooseEmailFile(page: Page, format: 'EML' | 'MBOX'): Promise<void> {
  await chooseEmailFileOptions(page, format);
  await pressNext(page);
  await expectPath(page, '/start-migration');
}

/** Replaces the notification address and waits until the screen lets the export start. */
export async function setNotificationEmail(page: Page, address: string): Promise<void> {
  const field = page.getByLabel('Notification email');
  await field.fill('');
  await field.pressSequentially(address, { delay: 10 });
}

export const startExportButton = (page: Page) => page.getByRole('button', { name: 'Start Export', exact: true });

/** From /start-migration: the notification address, Start Export, then the export looked up from the home page; its ID. */
export async function startAndLookUp(page: Page, notificationEmail: string): Promise<string> {
  await setNotificationEmail(page, notificationEmail);
  await expect.poll(() => startExportButton(page).isEnabled()).toBe(true);
  await startExportButton(page).click();
  await expectPath(page, '/complete');
  const exportId = await page.getByLabel('Your export ID').inputValue();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expectPath(page, '/');
  await lookUpFromHome(page, exportId);
  return exportId;
}

/**
 * From /destination-account: Other, with the account's address and password on a custom IMAP server
 * (`imapHost`, host:port), checked by the service against that server; Email only; Start Export. Ends
 * on /complete and returns the export ID it shows.
 */
export async function startExportToImap(
  page: Page,
  account: { email: string; password: string },
  imapHost: string,
  /** More choices on the options page, once Email is chosen. */
  options: (page: Page) => Promise<void> = async () => {},
): Promise<string> {
  await chooseDestination(page, 'Other');
  await page.getByRole('heading', { name: 'Your other email account' }).waitFor();
  await page.getByLabel('Email address', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /Use a custom IMAP server/ }).check();
  const imap = page.getByRole('textbox', { name: 'IMAP server', exact: true });
  await imap.fill(imapHost);
  await imap.press('Tab');
  // The service checks the host, then the password against the server itself.
  await expect.poll(() => page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true);
  await pressNext(page);
  await expectPath(page, '/migration-options');
  await chooseWhatToSave(page, 'Email');
  await options(page);
  await pressNext(page);
  await expectPath(page, '/start-migration');
  await startExportButton(page).click();
  await expectPath(page, '/complete');
  return page.getByLabel('Your export ID').inputValue();
}

/** From /complete: Follow your export, to its /status page. */
export async function followExport(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Follow your export' }).click();
  await expectPath(page, '/status');
  await expectHeading(page, 'Check your export status');
}
