/**
 * The first paint keeps its promises on a slow phone (harness/throttle.ts), where the portal takes
 * the page over a second or more after it painted: what is typed into a prerendered page before then
 * is still there, and known to the machine, once the page is live; a policy page leaves 500 ms
 * (± 150) after the customer saw it, and once. Times are the browser's own: the page's first-contentful-paint
 * entry, and the start of the navigation that left it (the next page's time origin).
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_ATTRIBUTE } from '../../src/first-paint/attributes.ts';
import { useJourney } from './harness/journey.ts';
import { PHONE_ON_MOBILE, throttle } from './harness/throttle.ts';

const journey = useJourney();
const painting = `#root[${FIRST_PAINT_ATTRIBUTE}]`;

describe('the first paint on a slow phone', () => {
  it('keeps what is typed into /support-form the moment its fields paint', async () => {
    const { context } = journey();
    // A page of its own: the journey page's navigations wait until the page is live.
    const page = await context.newPage();
    await throttle(page, PHONE_ON_MOBILE);
    // The portal's script is held until the first field is typed: however loaded this machine is,
    // that field is typed before the portal takes the page over.
    let typed = () => {};
    const held = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\/assets\/start-portal-actor-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/support-form', { waitUntil: 'commit' });
    const email = page.getByLabel(/^Your Northwave email address/);
    const issue = page.getByLabel(/^What happened\?/);
    await email.waitFor();
    await email.pressSequentially('pat@northwave.net');
    expect(await page.locator(painting).count()).toBe(1);
    typed();
    // Typing on, as a person does, while the portal takes the page over.
    await issue.pressSequentially('My export stopped halfway and never finished.', { delay: 40 });
    await page.locator(painting).waitFor({ state: 'detached' });
    expect(await email.inputValue()).toBe('pat@northwave.net');
    expect(await issue.inputValue()).toBe('My export stopped halfway and never finished.');
    // The machine has them too: the form is valid, so Submit is offered.
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('leaves /privacy-policy and /terms-of-service 350–650 ms after their first paint', async () => {
    const { context, guard, url } = journey();
    guard.expectForeignRequest(/^https:\/\/www\.northwave\.example\//);
    let times: { painted?: number; left?: number } = {};
    await context.exposeBinding('reportTime', (_source, what: 'painted' | 'left', at: number) => {
      times[what] = at;
    });
    await context.addInitScript((portal: string) => {
      const report = (window as unknown as { reportTime: (what: string, at: number) => void }).reportTime;
      // The external page's time origin is when the navigation to it started: when the portal left.
      if (location.origin !== portal) return report('left', performance.timeOrigin);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByName('first-contentful-paint')) report('painted', performance.timeOrigin + entry.startTime);
      }).observe({ type: 'paint', buffered: true });
    }, new URL(url).origin);
    const page = await context.newPage();
    await throttle(page, PHONE_ON_MOBILE);
    // The page leaves once: its own script or the portal, never both (a second navigation would restart
    // the first). The policy site answers slowly, as a real one may: the portal's page, still there
    // meanwhile, would be seen leaving a second time.
    await page.route(/^https:\/\/www\.northwave\.example\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fallback();
    });
    let leaves = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).origin !== new URL(url).origin) leaves += 1;
    });
    for (const route of ['/privacy-policy', '/terms-of-service']) {
      times = {};
      leaves = 0;
      await page.goto(route, { waitUntil: 'commit' });
      await expect.poll(() => times.left, { timeout: 20_000 }).toBeDefined();
      const { painted = NaN, left = NaN } = times;
      console.log(`${route}: left ${Math.round(left - painted)} ms after its first paint`);
      expect(left - painted, route).toBeGreaterThanOrEqual(350);
      expect(left - painted, route).toBeLessThanOrEqual(650);
      // Counted by now: the portal's page is gone once the external page has started.
      expect(leaves, route).toBe(1);
    }
    await page.close();
  });
});
