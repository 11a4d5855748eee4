/**
 * What a journey file uses: one Chromium per file, a fresh context (cookies, session storage) per
 * test, the page guard, and checkScreen() bound to both. After each test the guard must be clean;
 * a failing test leaves a screenshot in test-results/failures/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { checkScreen } from './check-screen.ts';
import { waitForLivePages } from './live-page.ts';
import { guardContext, type PageGuard } from './page-guard.ts';
import { resultsDir } from './paths.ts';

export type Journey = {
  url: string;
  context: BrowserContext;
  page: Page;
  guard: PageGuard;
  /** axe at 375 and 1280 px, screenshots, and no console error or foreign request so far. */
  check: (screenName: string) => Promise<void>;
};

/**
 * `service`: the service a file's journeys use and its embedded provider's origin, when not the run's
 * shared ones (asked for before each test); `alsoOurs`, the origins of further local servers the
 * browser is sent to (an authorization server's stand-in).
 */
type JourneyService = { url: string; identityUrl: string; alsoOurs?: readonly string[] };

export function useJourney(options: { service?: () => JourneyService } = {}): () => Journey {
  let browser: Browser | undefined;
  let current: Journey | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    const service: JourneyService = options.service?.() ?? { url: inject('portalUrl'), identityUrl: inject('identityUrl') };
    const { url } = service;
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    context.setDefaultTimeout(10_000);
    // The sign-in and consent pages are the embedded development provider's, on its own origin.
    const guard = await guardContext(context, url, [service.identityUrl, ...(service.alsoOurs ?? [])]);
    const page = await context.newPage();
    waitForLivePages(page);
    current = { url, context, page, guard, check: (name) => checkScreen(page, guard, name) };
  });

  afterEach(async (test) => {
    const journey = current;
    current = undefined;
    if (!journey) return;
    try {
      if (test.task.result?.state === 'fail') {
        const dir = path.join(resultsDir, 'failures');
        mkdirSync(dir, { recursive: true });
        const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
        await journey.page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
      } else {
        journey.guard.assertClean(`after "${test.task.name}"`);
      }
    } finally {
      await journey.context.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return () => {
    if (!current) throw new Error('useJourney(): no journey is running (call it inside a test)');
    return current;
  };
}
