/**
 * The checks every screen passes: axe (WCAG 2 A/AA) at a phone and a desktop width, a
 * screenshot at each width into test-results/screens/, and no console error or foreign request
 * so far. Leaves the page at the desktop width it started with.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { formatViolations, runAxe } from './axe.ts';
import type { PageGuard } from './page-guard.ts';
import { screenshotsDir } from './paths.ts';

export const widths = [375, 1280] as const;
const heights: Record<(typeof widths)[number], number> = { 375: 812, 1280: 900 };

export async function checkScreen(page: Page, guard: PageGuard, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  const original = page.viewportSize();
  const failures: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: heights[width] });
    // Let layout and media-query-driven renders settle before looking.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // A colour still in its transition (a Next button just enabled) is not what the person ends up
    // seeing; wait for every finite transition and animation (the spinner's bars never end).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const violations = await runAxe(page);
    if (violations.length > 0) failures.push(`axe at ${width} px on ${page.url()}:\n${formatViolations(violations)}`);
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
  guard.assertClean(`screen "${name}" (${page.url()})`);
  if (failures.length > 0) throw new Error(`screen "${name}" has accessibility violations:\n${failures.join('\n')}`);
}
