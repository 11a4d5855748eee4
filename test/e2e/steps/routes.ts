/** Waiting for the portal's address bar, the way a person notices where they are. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the SPA shows `path` (the machine navigates client-side, so no load event). */
export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout, message: `expected to reach ${path}` }).toBe(path);
}

/** Waits for the page's main heading with this text: the screen has rendered, not only routed. */
export async function expectHeading(page: Page, name: string | RegExp, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor({ state: 'visible', timeout });
}
