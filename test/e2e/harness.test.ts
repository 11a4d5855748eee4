/**
 * The harness itself: the service answers, and every check the journeys rely on really fails
 * when it should (a console error, a foreign request, an accessibility violation).
 */
import { describe, expect, it } from 'vitest';
import { checkScreen } from './harness/check-screen.ts';
import { useJourney } from './harness/journey.ts';

const journey = useJourney();

describe('the e2e harness', () => {
  it('serves the built portal from the real service', async () => {
    const { page, url } = journey();
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    await page.goto('/');
    await expect.poll(() => page.title()).not.toBe('');
    expect(await page.locator('#root').count()).toBe(1);
    expect(new URL(page.url()).origin).toBe(url);
  });

  it('records a console error and an uncaught exception', async () => {
    const { page, guard } = journey();
    await page.goto('/');
    await page.evaluate(() => console.error('deliberate console error'));
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('deliberate uncaught exception');
      }),
    );
    await expect.poll(() => guard.problems().length).toBe(2);
    expect(() => guard.assertClean('harness test')).toThrow(/deliberate console error[\s\S]*deliberate uncaught exception/);
    expect(guard.problems()).toEqual([]);
  });

  it("records a Content-Security-Policy violation: an inline style the page's hashes do not name", async () => {
    const { page, guard } = journey();
    await page.goto('/');
    const allowConsole = guard.allowConsoleError(/Content Security Policy/);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { color: red; }';
      document.head.append(style);
    });
    await expect.poll(() => guard.problems().join('\n')).toMatch(/CSP violation: style-src-elem blocked inline/);
    allowConsole();
    expect(() => guard.assertClean('harness test')).toThrow(/CSP violation/);
  });

  it('blocks and records a request to a foreign host', async () => {
    const { page, guard } = journey();
    await page.goto('/');
    // A navigation: the portal's Content-Security-Policy cannot stop those, the guard must.
    const outcome = await page.goto('https://fonts.example.net/font.woff2').then(
      () => 'loaded',
      () => 'blocked',
    );
    expect(outcome).toBe('blocked');
    expect(guard.problems().join('\n')).toContain('request to a foreign host: GET https://fonts.example.net/font.woff2');
    expect(() => guard.assertClean('harness test')).toThrow(/foreign host/);
  });

  it('fails a screen that breaks WCAG rules', async () => {
    const { page, guard } = journey();
    await page.goto('/');
    await page.evaluate(() => {
      document.body.innerHTML = '<main><h1>Broken</h1><img src="/favicon.svg"><button></button></main>';
    });
    await expect(checkScreen(page, guard, 'harness-broken')).rejects.toThrow(/image-alt[\s\S]*button-name/);
  });
});
