/**
 * A prerendered page is on screen before its script has taken it over (src/main.tsx loads the portal
 * once the page has painted), and its #root keeps the first-paint attribute until then. A journey
 * acts on live pages, as a person waits for a page that reacts: after each navigation the journey
 * page's own call returns once the attribute is gone (at once on a page that is not the portal's).
 */
import type { Page } from 'playwright-core';
import { FIRST_PAINT_ATTRIBUTE } from '../../../src/first-paint/attributes.ts';

const untilLive = (page: Page): Promise<void> => page.locator(`#root[${FIRST_PAINT_ATTRIBUTE}]`).waitFor({ state: 'detached' });

export function waitForLivePages(page: Page): void {
  const after =
    <Args extends unknown[], Result>(navigation: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await navigation(...args);
      await untilLive(page);
      return result;
    };
  page.goto = after(page.goto.bind(page));
  page.reload = after(page.reload.bind(page));
  page.goBack = after(page.goBack.bind(page));
  page.goForward = after(page.goForward.bind(page));
}
