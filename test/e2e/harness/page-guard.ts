/**
 * Watches a browser context for what must never happen on any screen: a console error, an
 * uncaught exception, or a request to a host other than the portal's own. Foreign requests are
 * aborted (the suite must work offline) and recorded.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

export type PageGuard = {
  /** Allows console errors matching this pattern until the returned function is called. */
  allowConsoleError: (pattern: RegExp) => () => void;
  problems: () => string[];
  /** Throws with every problem seen since the last call, then forgets them. */
  assertClean: (where: string) => void;
};

export async function guardContext(context: BrowserContext, portalUrl: string): Promise<PageGuard> {
  const portalOrigin = new URL(portalUrl).origin;
  let problems: string[] = [];
  const allowed = new Set<RegExp>();

  const isForeign = (url: URL) =>
    (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') &&
    url.origin !== portalOrigin;

  await context.route(isForeign, async (route) => {
    problems.push(`request to a foreign host: ${route.request().method()} ${route.request().url()}`);
    await route.abort('blockedbyclient');
  });

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if ([...allowed].some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text}`);
  };
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
    problems: () => [...problems],
    assertClean: (where) => {
      const seen = problems;
      problems = [];
      if (seen.length > 0) throw new Error(`${where}:\n  ${seen.join('\n  ')}`);
    },
  };
}
