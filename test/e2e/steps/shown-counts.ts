/**
 * What the status page shows of the email counts, recorded in the browser as it changes: a
 * MutationObserver notes each new "N of M messages" with the browser's clock (Date.now(), the same
 * wall clock as the test's on this machine), so the test can tell when a count appeared without
 * reloading or sampling the page.
 */
import type { Page } from 'playwright-core';

/** One count as the page showed it: items handled (moved or failed) of the total, from `at` (ms since the epoch). */
export type ShownCount = { at: number; handled: number; total: number };

declare global {
  interface Window {
    shownCounts?: ShownCount[];
  }
}

/** Starts recording on the page as it is now (call it once the status list is shown). */
export async function recordShownCounts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: ShownCount[] = [];
    window.shownCounts = seen;
    const note = () => {
      const item = [...document.querySelectorAll('[aria-label="Export status by type"] > li')].find((li) =>
        li.textContent?.startsWith('Email'),
      );
      const match = /([\d,]+) of ([\d,]+) messages/.exec(item?.textContent ?? '');
      if (!match) return;
      const [handled, total] = [match[1], match[2]].map((n) => Number((n ?? '').replaceAll(',', '')));
      const last = seen.at(-1);
      if (handled !== undefined && total !== undefined && (last?.handled !== handled || last.total !== total)) {
        seen.push({ at: Date.now(), handled, total });
      }
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Every count recorded so far, the first being what the page showed when recording started. */
export const shownCounts = (page: Page): Promise<ShownCount[]> => page.evaluate(() => window.shownCounts ?? []);
