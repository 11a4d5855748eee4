/**
 * Every route's page paints before any script runs: its heading (a signed-in route's shell and the
 * screen's heading and lead, an open route its whole screen), styled by <style> elements the CSP lets
 * in only by the answer's nonce. The script then takes the page over without a hydration mismatch or
 * a CSP violation (the page guard fails the test on either, and every other journey loads these pages
 * too), and without moving anything the first paint showed.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINTS } from '../../src/first-paint/routes.ts';
import { colors } from '../../src/theme/theme.ts';
import { SCREEN_HEADINGS, type ScreenHeading } from '../../src/views/screen-headings.ts';
import { guardContext } from './harness/page-guard.ts';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { signIn } from './steps/sign-in.ts';

const journey = useJourney();
const routes = Object.entries(FIRST_PAINTS);
/** Pages whose script leaves the portal at once (the external policy pages). */
const LEAVES = new Set(['/privacy-policy', '/terms-of-service']);
const hex = (color: string) => `rgb(${[1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)).join(', ')})`;

describe('first paint', () => {
  it('shows every route, styled, with JavaScript turned off', async () => {
    const { context, url } = journey();
    const browser = context.browser();
    if (!browser) throw new Error('no browser');
    const noScript = await browser.newContext({ baseURL: url, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    try {
      const guard = await guardContext(noScript, url);
      const page = await noScript.newPage();
      for (const [route, plan] of routes) {
        const response = await page.goto(route);
        expect(response?.headers()['content-security-policy'], route).not.toMatch(/unsafe-inline/);
        const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
        if (plan.skeleton) {
          const { title, lead } = SCREEN_HEADINGS[plan.screen] as ScreenHeading;
          expect(heading, route).toBe(title);
          // The lead is the largest text of the screen's first view: painted from the HTML, it is the page's LCP.
          if (lead) expect(await page.locator('main header p').first().textContent(), route).toBe(lead);
        } else {
          expect(heading, route).not.toBe('');
        }
        // The page's own <style> elements applied: the body has the theme's background, not the browser's white.
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), route).toBe(hex(colors.background));
        expect(await page.locator('header img[alt]').count(), `${route}: the header`).toBe(1);
      }
      guard.assertClean('pages without JavaScript');
    } finally {
      await noScript.close();
    }
  });

  it('is taken over by the script on every route without a mismatch or a CSP violation', async () => {
    const { page, guard } = journey();
    for (const [route] of routes.filter(([route]) => !LEAVES.has(route))) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      // The live page has a footer on every route (a signed-in route's first paint has none yet).
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).waitFor();
      guard.assertClean(`after loading ${route}`);
    }
  });

  it('reloads a signed-in page from its shell into the screen, with the session', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    await expectPath(page, '/destination-account');
    // Every layout shift of the reloaded page, from its first paint on.
    await page.addInitScript(() => {
      const page = window as unknown as { shifted: number };
      page.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) page.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await expectHeading(page, SCREEN_HEADINGS.destinationAccount.title);
    await page.getByRole('radio', { name: /Gmail/ }).waitFor();
    await expectPath(page, '/destination-account');
    expect(await page.locator('main header p').first().textContent()).toBe(SCREEN_HEADINGS.destinationAccount.lead);
    // The skeleton gave way to the screen, and the footer arrived, without moving what was painted (CLS < 0.01).
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
    await current.check('destination-after-reload');
  });
});
