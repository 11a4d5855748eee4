/** Looking an export up from the home page's status modal, then waiting for it to finish. */
import type { Locator, Page } from 'playwright-core';
import { expectHeading, expectPath } from './routes.ts';

export async function lookUpFromHome(page: Page, exportId: string): Promise<void> {
  await page.getByRole('button', { name: 'Check your export status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check your export status' });
  await dialog.getByLabel('Export ID').fill(exportId);
  await dialog.getByRole('button', { name: 'Check status' }).click();
  await expectPath(page, '/status');
  await expectHeading(page, 'Check your export status');
}

/** The status of one type ('Email' or 'Contacts') on /status: the item labelled so (its texts may say "email" too). */
export const statusOf = (page: Page, kind: 'Email' | 'Contacts') =>
  page
    .getByRole('list', { name: 'Export status by type' })
    .getByRole('listitem')
    .filter({ has: page.getByText(kind, { exact: true }) });

/** Reloads /status, as a person would, until every listed type shows `text`. */
export async function reloadUntilStatus(page: Page, kinds: ('Email' | 'Contacts')[], text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = await Promise.all(kinds.map(async (kind) => (await statusOf(page, kind).textContent({ timeout: 10_000 })) ?? ''));
    if (shown.every((value) => value.includes(text))) return;
    if (Date.now() > deadline) throw new Error(`status did not become "${text}" within ${timeoutMs} ms: ${shown.join(' | ')}`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}

/** A table's rows below its header row, each as its cells' texts (the row's heading cell included). */
export const tableRows = (table: Locator): Promise<string[][]> =>
  table
    .getByRole('row')
    .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
