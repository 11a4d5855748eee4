/**
 * The entry: loads and starts the portal (./boot). A prerendered page paints from its HTML alone,
 * and its script only takes it over, so there the portal is fetched once the page has painted: the
 * first paint never waits for the download, and a simulated slow load (Lighthouse's) cannot count
 * the portal's script before it. Every chunk the portal and the first paint need is fetched at once
 * (the page names them); the portal is then evaluated in parts, a task each, biggest dependencies
 * first: evaluated at once, it was one long task that held up a tap. The machine comes before the
 * view and is told the address at once (src/app/start-portal-actor.ts): what it times counts from
 * the page the customer already sees. A page that leaves on its own (the policy pages,
 * src/first-paint/own-leave.ts) starts the portal only if it is still there when it should have left.
 */
import { nextTask } from './app/next-task';
import { afterFirstPaint } from './first-paint/after-first-paint';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CHUNKS_ATTRIBUTE, LOAD_FAILURE_ID } from './first-paint/attributes';
import { whenOwnLeaveIsDue } from './first-paint/own-leave';
import { holdTypingUntilLive } from './first-paint/typed-before-live';

// Our own modules, not libraries' (a library imported whole would keep the exports nobody uses).
const VIEW_PARTS: (() => Promise<unknown>)[] = [() => import('react-dom/client'), () => import('./app/portal-app')];

// A modulepreload costs the main thread a quarter of a millisecond to start on a quiet machine, and
// up to 5 ms while DevTools records the load's initiators (Lighthouse): some twenty at once made a
// long task of their own, six at once one over 30 ms (docs/performance.md).
const PRELOADS_PER_TASK = 3;

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
  // Evaluating the machine's code is a task, the start another (src/app/start-portal-actor.ts has its tasks).
  const { startPortalActor } = await import('./app/start-portal-actor');
  await nextTask();
  const actor = await startPortalActor();
  if (!actor) return;
  await nextTask();
  for (const part of VIEW_PARTS) {
    await part();
    await nextTask();
  }
  const { boot } = await import('./boot');
  await boot(actor);
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
  // What the person types before the portal takes the page over is kept for it (released when live).
  holdTypingUntilLive(root);
  afterFirstPaint(() => whenOwnLeaveIsDue(root, () => void start(chunks).catch(failed)));
} else {
  void start([]).catch(failed);
}
