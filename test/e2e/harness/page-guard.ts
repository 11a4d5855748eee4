/**
 * Watches a browser context for what must never happen on any screen: a console error, an
 * uncaught exception (a hydration mismatch is one), a Content-Security-Policy violation (reported by
 * the page itself, whether or not the browser logs it), or a request to a host other than the
 * portal's own (and the origins it names, such as the development sign-in's). Foreign requests are
 * aborted (the suite must work offline) and recorded.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

export type PageGuard = {
  /** Allows console errors matching this pattern until the returned function is called. */
  allowConsoleError: (pattern: RegExp) => () => void;
  /**
   * Expects navigations to a foreign address matching this pattern (a redirect the spec asks for,
   * e.g. the external policy pages): answered with a local stand-in page, recorded in
   * expectedForeign() instead of as a problem.
   */
  expectForeignRequest: (pattern: RegExp) => void;
  expectedForeign: () => string[];
  problems: () => string[];
  /** Throws with every problem seen since the last call, then forgets them. */
  assertClean: (where: string) => void;
};

export async function guardContext(context: BrowserContext, portalUrl: string, alsoOurs: readonly string[] = []): Promise<PageGuard> {
  const ours = new Set([portalUrl, ...alsoOurs].map((url) => new URL(url).origin));
  let problems: string[] = [];
  const allowed = new Set<RegExp>();
  const foreignPatterns: RegExp[] = [];
  const expectedForeign: string[] = [];

  const isForeign = (url: URL) =>
    (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && !ours.has(url.origin);

  await context.route(isForeign, async (route) => {
    const url = route.request().url();
    if (foreignPatterns.some((pattern) => pattern.test(url))) {
      // Expected: the browser lands on a stand-in page at that address, never on the real site.
      expectedForeign.push(url);
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>External page</title><h1>External page</h1></html>',
      });
      return;
    }
    problems.push(`request to a foreign host: ${route.request().method()} ${url}`);
    await route.abort('blockedbyclient');
  });

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if ([...allowed].some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text}`);
  };
  // Every page reports each violation of its CSP; the binding is there before any page script runs.
  await context.exposeBinding('reportCspViolation', (_source, report: string) => void problems.push(`CSP violation: ${report}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    });
  });
  const watch = (page: Page) => {
    page.on('console', onConsole);
    page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.stack ?? error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    allowConsoleError: (pattern) => {
      allowed.add(pattern);
      return () => allowed.delete(pattern);
    },
    expectForeignRequest: (pattern) => {
      foreignPatterns.push(pattern);
    },
    expectedForeign: () => [...expectedForeign],
    problems: () => [...problems],
    assertClean: (where) => {
      const seen = problems;
      problems = [];
      if (seen.length > 0) throw new Error(`${where}:\n  ${seen.join('\n  ')}`);
    },
  };
}
