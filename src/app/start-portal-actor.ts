/**
 * The running portal: the machine with the real effects, restored from the tab's session, started and
 * told the page's address as soon as the machine's code has arrived and the page has painted. The
 * view (React, the screens) arrives after it: the machine's screen (a status look-up) starts meanwhile.
 */
import { afterFirstPaint } from '../first-paint/after-first-paint';
import { FIRST_PAINT_ATTRIBUTE } from '../first-paint/attributes';
import { takeOverOwnLeave } from '../first-paint/own-leave';
import { shownFor } from '../first-paint/shown-for';
import { visitBeforeRender } from '../routing/visit';
import { portalImplementations } from './actors';
import { nextTask } from './next-task';
import { createPortalActor, type CreatePortalActorOptions } from './create-portal-actor';
import { lazyApiClients } from './lazy-api-clients';
import type { PortalActor } from '../portal/portal-context';
import { pickLanguage } from '../../contract/index.ts';
import { providedPortalMachine } from '../../machines/index.ts';
import { loadLanguage } from '../../contract/words/translate.ts';

/** The started portal, or null on a page that has already left on its own (src/first-paint/own-leave.ts). */
export async function startPortalActor(): Promise<PortalActor | null> {
  // The Stately inspector only in development, and only when asked for: the dynamic import keeps
  // it (and its dependencies) out of the production bundle.
  let inspect: CreatePortalActorOptions['inspect'];
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT) {
    const { createPortalInspector } = await import('./inspect');
    inspect = createPortalInspector().inspect;
  }
  const root = document.getElementById('root');
  // A prerendered page is told once it has painted: its moments count from the paint (shownFor).
  if (root?.hasAttribute(FIRST_PAINT_ATTRIBUTE)) await new Promise<void>((resolve) => afterFirstPaint(resolve));
  // A first visit reads in the browser's language; a restored session keeps the one it chose.
  const input = { language: pickLanguage(navigator.languages) };
  // The machine with its effects (built once: machines/machine.ts), the actor (restored, its first
  // snapshot worked out), then the start and the telling: a task each, where together they were one
  // that held up a tap (docs/performance.md).
  const machine = providedPortalMachine(portalImplementations(lazyApiClients));
  await nextTask();
  const actor = createPortalActor({ machine, inspect, input });
  await nextTask();
  // In the same task as the telling: the page's own leave cannot happen in between.
  if (!takeOverOwnLeave(root)) return null;
  actor.start();
  await loadLanguage(actor.getSnapshot().context.language);
  visitBeforeRender(actor, shownFor());
  return actor;
}
