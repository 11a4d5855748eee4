/**
 * The entry: loads and starts the portal (./boot). A prerendered page paints from its HTML alone,
 * and its script only takes it over, so there the portal is fetched once the page has painted: the
 * first paint never waits for the download, and a simulated slow load (Lighthouse's) cannot count
 * the portal's script before it. Every chunk the portal and the first paint need is fetched at once
 * (the page names them); the portal is then evaluated in parts, a task each, biggest dependencies
 * first: evaluated at once, it was one long task that held up a tap.
 */
import { nextTask } from './app/next-task';
import { afterFirstPaint } from './first-paint/after-first-paint';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CHUNKS_ATTRIBUTE, LOAD_FAILURE_ID } from './first-paint/attributes';

// Our own modules, not libraries' (a library imported whole would keep the exports nobody uses).
const PARTS: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('../machines/machine'),
  () => import('./app/portal-app'),
];

// A modulepreload costs the main thread about a quarter of a millisecond to start (measured): some
// twenty at once made a long task of their own.
const PRELOADS_PER_TASK = 6;

async function start(chunks: string[]) {
  for (let first = 0; first < chunks.length; first += PRELOADS_PER_TASK) {
    for (const href of chunks.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    await nextTask();
  }
  for (const part of PARTS) {
    await part();
    await nextTask();
  }
  const { boot } = await import('./boot');
  await boot();
}

/**
 * A part that did not load leaves a prerendered page painted but dead (its controls wait for the
 * script): the page's hidden notice says so, with a link to reload (src/shell/load-failure.tsx).
 * Once React runs, a part that fails shows the same notice in place of the screen instead.
 */
function failed(error: unknown) {
  console.error(error);
  const notice = document.getElementById(LOAD_FAILURE_ID);
  if (notice) notice.hidden = false;
}

const root = document.getElementById('root');
if (root?.hasAttribute(FIRST_PAINT_ATTRIBUTE)) {
  const chunks = (root.getAttribute(FIRST_PAINT_CHUNKS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  afterFirstPaint(() => void start(chunks).catch(failed));
} else {
  void start([]).catch(failed);
}
