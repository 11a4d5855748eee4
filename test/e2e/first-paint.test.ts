/**
 * Every route's page paints before any script runs: its heading (a signed-in route's shell and the
 * screen's heading and lead, an open route its whole screen), styled by <style> elements the CSP lets
 * in only by their hashes. The script then takes the page over without a hydration mismatch or
 * a CSP violation (the page guard fails the test on either, and every other journey loads these pages
 * too), and without moving anything the first paint showed. On the signed-in screens whose data
 * only the script can paint, the prerendered lead stays the page's largest paint.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINTS } from '../../src/first-paint/routes.ts';
import { colors } from '../../src/theme/theme.ts';
import { screenHeading } from '../../src/views/screen-headings.ts';
import { loadLanguage } from '../../contract/words/translate.ts';
import { guardContext } from './harness/page-guard.ts';
import { useJourney, type Journey } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { chooseAccount, signIn } from './steps/sign-in.ts';

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
          const { title, lead } = screenHeading('en', plan.screen);
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

  it("paints every route in a Spanish browser's language, and the script takes it over without a mismatch", async () => {
    const { context, url } = journey();
    const browser = context.browser();
    if (!browser) throw new Error('no browser');
    // Playwright's locale sets both Accept-Language (the page the service picks) and navigator.languages (the portal's choice).
    const spanish = await browser.newContext({ baseURL: url, locale: 'es-US' });
    await loadLanguage('es');
    try {
      const guard = await guardContext(spanish, url);
      const page = await spanish.newPage();
      for (const [route, plan] of routes.filter(([route]) => !LEAVES.has(route))) {
        await page.goto(route);
        expect(await page.evaluate(() => document.documentElement.lang), route).toBe('es');
        if (plan.skeleton)
          expect((await page.locator('h1').first().textContent())?.trim(), route).toBe(screenHeading('es', plan.screen).title);
        await page.waitForLoadState('networkidle');
        await page.getByRole('contentinfo').getByRole('link', { name: 'Contactar a soporte' }).waitFor();
        guard.assertClean(`after loading ${route} in Spanish`);
      }
    } finally {
      await spanish.close();
    }
  });

  it("says so, with a link that reloads it, when the page's script does not arrive", async () => {
    const { context, guard } = journey();
    guard.allowConsoleError(/Failed to load resource|dynamically imported module/);
    // A page of its own: the journey page's navigations wait for a live page, which this one never becomes.
    const page = await context.newPage();
    const html = await (await page.request.get('/support-form')).text();
    const chunks = /data-first-paint-chunks="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    // The portal's chunks fail, as over a connection that dropped after the page itself arrived.
    const failing = (url: URL) => chunks.includes(url.pathname);
    await page.route(failing, (route) => route.abort('connectionreset'));
    await page.goto('/support-form');
    const notice = page.getByRole('alert');
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toContain('This page did not finish loading.');
    // The painted page stays; the notice is above it, and its link is the page itself.
    expect(await page.locator('h1').first().textContent()).toBe('Contact support');
    await page.unroute(failing);
    await notice.getByRole('link', { name: 'Reload the page' }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).waitFor();
    expect(await page.locator('#load-failure').isHidden()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/support-form');
    await page.close();
  });

  it("says so in the screen's place when a live page's next screen does not arrive", async () => {
    const { page, guard } = journey();
    guard.allowConsoleError(/Failed to load resource|dynamically imported module/);
    await page.route('**/assets/support-form-screen-*.js', (route) => route.abort('connectionreset'));
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).click();
    const notice = page.getByRole('main').getByRole('alert');
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toContain('Check your internet connection, then reload the page.');
    // The header and the footer are still the live page's.
    await page.getByRole('banner').getByRole('img').first().waitFor();
    expect(await notice.getByRole('link', { name: 'Reload the page' }).getAttribute('href')).toBe('');
  });

  /**
   * Reloads the signed-in `route` and waits for its live screen (`live`): every layout shift from
   * the first paint on, and the text of the page's largest paint as the browser reports it.
   */
  async function reloadLive(current: Journey, route: string, live: () => Promise<unknown>) {
    const { page } = current;
    await expectPath(page, route);
    await page.addInitScript(() => {
      const page = window as unknown as { shifted: number; largest: string | null };
      page.shifted = 0;
      page.largest = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) page.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The last candidate is the largest content painted so far (the skeleton's lead element is
      // replaced by the screen's, so its text is what identifies it).
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          page.largest = entry.element?.textContent ?? null;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.reload();
    await live();
    await expectPath(page, route);
    // Two frames: whatever the live screen painted has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return page.evaluate(() => {
      const { shifted, largest } = window as unknown as { shifted: number; largest: string | null };
      return { shifted, largest };
    });
  }

  it("opens an export's status with the look-up where the first paint put it", async () => {
    const { page, guard } = journey();
    // An ID no export has: the service's 404 is the answer this page expects to show.
    guard.allowConsoleError(/status of 404 .*\/api\/v2\/status\//);
    await page.setViewportSize({ width: 375, height: 812 });
    // The look-up's own moves: the first paint cannot know the export ID in the address, the live page shows it above.
    await page.addInitScript(() => {
      const page = window as unknown as { lookUpMoves: number };
      page.lookUpMoves = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node: Node | null }[] })[]) {
          if (entry.sources.some((source) => source.node?.textContent?.includes('Fetching your export status'))) page.lookUpMoves += 1;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const exportId = 'A'.repeat(32);
    await page.goto(`/status?migration_id=${exportId}`);
    await page.getByText(exportId).waitFor();
    await page.getByText('Fetching your export status...').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { lookUpMoves: number }).lookUpMoves)).toBe(0);
  });

  it('reloads a signed-in page from its shell into the screen, with the session', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'active@example.com');
    const { shifted } = await reloadLive(current, '/destination-account', async () => {
      await expectHeading(page, screenHeading('en', 'destinationAccount').title);
      await page.getByRole('radio', { name: /Gmail/ }).waitFor();
    });
    expect(await page.locator('main header p').first().textContent()).toBe(screenHeading('en', 'destinationAccount').lead);
    // The skeleton gave way to the screen, and the footer arrived, without moving what was painted (CLS < 0.01).
    expect(shifted).toBeLessThan(0.01);
    await current.check('destination-after-reload');
  });

  // On these two screens the customer's data (where the account stands, the exports found) is
  // painted by the script; the lead, the same for every customer, is in the HTML and stays the
  // largest paint, so the page's main content is there at its first paint.
  it('reloads the account closure view with its lead as the largest paint, and no shift', async () => {
    const current = journey();
    const { page } = current;
    await signIn(current, 'opted-out-delete@example.com');
    // A phone, where the largest paint decides the mobile LCP.
    await page.setViewportSize({ width: 375, height: 812 });
    const { shifted, largest } = await reloadLive(current, '/opt-out-info', () =>
      page.getByRole('heading', { level: 2, name: 'Your account is being closed' }).waitFor(),
    );
    expect(await page.locator('main header p').first().textContent()).toBe(screenHeading('en', 'optOutInfo').lead);
    expect(largest).toBe(screenHeading('en', 'optOutInfo').lead);
    expect(shifted).toBeLessThan(0.01);
  });

  it('reloads the exports found by signing in with its lead as the largest paint, and no shift', async () => {
    const current = journey();
    const { page } = current;
    const email = `no.exports.${Date.now().toString(36)}@example.com`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Check your export status' }).click();
    await page.getByRole('dialog', { name: 'Check your export status' }).getByRole('button', { name: 'Check by signing in' }).click();
    await chooseAccount(page, email, false);
    // A phone, where the largest paint decides the mobile LCP.
    await page.setViewportSize({ width: 375, height: 812 });
    const { shifted, largest } = await reloadLive(current, '/status-from-email', () =>
      page.getByText(`No exports were found from ${email}`).waitFor(),
    );
    expect(await page.locator('main header p').first().textContent()).toBe(screenHeading('en', 'statusFromEmail').lead);
    expect(largest).toBe(screenHeading('en', 'statusFromEmail').lead);
    expect(shifted).toBeLessThan(0.01);
  });
});
