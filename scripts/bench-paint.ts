/**
 * `npm run bench:paint`: how soon the portal's pages paint next to a hello-world React page on the
 * same stack, measured in the same run. The baseline (scripts/bench/hello-world/) is built with the
 * portal's own Vite configuration and compression step (scripts/compress-dist.ts) and served by the portal's own service (`server/main.ts` with
 * DIST_DIR pointing at it), like the portal's build (`npm run build`'s steps, test-results/e2e-dist/).
 *
 * Every load is a cold one in a new browser context of Debian's Chromium (playwright-core), throttled
 * through the DevTools protocol as Lighthouse's mobile run throttles a real load: a 412×823 phone at
 * 1.75 DPR, 562.5 ms round trips, 1.47 Mbit/s down and 0.66 Mbit/s up, the CPU 4× slower. The page
 * reports its own First Contentful Paint, Largest Contentful Paint and Cumulative Layout Shift
 * (PerformanceObserver) once the network has been idle. Routes: `/`, and `/destination-account` and
 * `/start-migration` signed in (the sign-in and the wizard's steps run unthrottled first, in the same
 * tab, whose session the reload keeps; the HTTP cache is cleared before the measured reload).
 * Baseline and routes take turns, BENCH_PAINT_RUNS times (5 by default); medians are printed:
 *
 *   <route>: baseline FCP N ms; route FCP N ms (R× baseline); baseline LCP N ms; route LCP N ms (R× baseline); CLS C
 *
 * BENCH_PAINT_DIST measures another build of the portal instead (for a before/after: a copy of the
 * build without dist/pages/ is the portal as it painted before its pages were prerendered).
 *
 * No aim is enforced here (speed aims live in benchmarks, read by people); it exits 1 only when a
 * load fails or ends on another route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../test/e2e/harness/browser.ts';
import { ensureSpaBuild } from '../test/e2e/harness/build-spa.ts';
import { e2eDistDir } from '../test/e2e/harness/paths.ts';
import { compressDir } from './compress-dist.ts';
import { startPortalServer, type PortalServer } from '../test/e2e/harness/portal-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 5);

/** Lighthouse's mobile throttling as DevTools applies it (its "devtools" throttling method). */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type Metrics = { fcp: number; lcp: number; cls: number };
type Target = { route: string; signedIn: (page: Page) => Promise<void>; expectPath: string };

/** Collects the page's paint and layout-shift entries from its first moment on. */
function observePaint(): void {
  const seen = { fcp: NaN, lcp: NaN, cls: 0 };
  Object.assign(window, { paintMetrics: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    // Layout-shift entries are not in TypeScript's DOM library yet.
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) seen.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'active@example.com', exact: true }).click();
  await page.waitForURL('**/destination-account');
  await page.getByRole('radio', { name: /^Download\b/ }).waitFor();
}

async function toStartMigration(page: Page): Promise<void> {
  await signIn(page);
  await page.getByRole('radio', { name: /^Download\b/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page
    .getByRole('group', { name: 'What to save' })
    .getByRole('radio', { name: /^Email and contacts\b/ })
    .check();
  await page
    .getByRole('group', { name: 'Email file format' })
    .getByRole('radio', { name: /^MBOX\b/ })
    .check();
  await page
    .getByRole('group', { name: 'Contacts file format' })
    .getByRole('radio', { name: /^VCF\b/ })
    .check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL('**/start-migration');
}

const targets: Target[] = [
  { route: '/', signedIn: async () => undefined, expectPath: '/' },
  { route: '/destination-account', signedIn: signIn, expectPath: '/destination-account' },
  { route: '/start-migration', signedIn: toStartMigration, expectPath: '/start-migration' },
];

/** One cold, throttled load of `route` (after `before`, unthrottled, in the same tab). */
async function measure(
  browser: Browser,
  baseURL: string,
  route: string,
  before: (page: Page) => Promise<void>,
): Promise<Metrics & { path: string }> {
  const context: BrowserContext = await browser.newContext({ baseURL, ...PHONE });
  try {
    await context.addInitScript(observePaint);
    const page = await context.newPage();
    await before(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(route, { waitUntil: 'networkidle', timeout: 60_000 });
    // Let a last render after the network settles paint (and shift, were it to).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    const metrics = await page.evaluate(() => (window as unknown as { paintMetrics: Metrics }).paintMetrics);
    return { ...metrics, path: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

async function buildHelloWorld(outDir: string): Promise<void> {
  await build({
    root: path.join(ROOT, 'scripts/bench/hello-world'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The same compression as the portal's build: brotli and gzip twins of the hashed assets.
  compressDir(path.join(outDir, 'assets'));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}× baseline`;

async function main(): Promise<void> {
  const helloDir = mkdtempSync(path.join(tmpdir(), 'bench-paint-hello-'));
  const servers: PortalServer[] = [];
  let browser: Browser | undefined;
  try {
    await buildHelloWorld(helloDir);
    const portal = await startPortalServer({ distDir: process.env.BENCH_PAINT_DIST ?? ensureSpaBuild(e2eDistDir) });
    servers.push(portal);
    const hello = await startPortalServer({ distDir: helloDir });
    servers.push(hello);
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });

    const baseline: Metrics[] = [];
    const results = new Map<string, Metrics[]>(targets.map((target) => [target.route, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      baseline.push(await measure(browser, hello.url, '/', async () => undefined));
      for (const target of targets) {
        const result = await measure(browser, portal.url, target.route, target.signedIn);
        if (result.path !== target.expectPath) throw new Error(`${target.route} ended on ${result.path}`);
        results.get(target.route)?.push(result);
      }
      console.log(`run ${run} of ${RUNS} done`);
    }

    const base = { fcp: median(baseline.map((m) => m.fcp)), lcp: median(baseline.map((m) => m.lcp)) };
    console.log(`paint: Lighthouse mobile throttling (4× CPU, 562.5 ms RTT, 1.47 Mbit/s), cold loads, median of ${RUNS}`);
    for (const [route, runs] of results) {
      const fcp = median(runs.map((m) => m.fcp));
      const lcp = median(runs.map((m) => m.lcp));
      const cls = Math.max(...runs.map((m) => m.cls));
      console.log(
        `${route}: baseline FCP ${ms(base.fcp)}; route FCP ${ms(fcp)} (${ratio(fcp, base.fcp)}); ` +
          `baseline LCP ${ms(base.lcp)}; route LCP ${ms(lcp)} (${ratio(lcp, base.lcp)}); CLS ${cls.toFixed(3)} (worst run)`,
      );
    }
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
    rmSync(helloDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
