/**
 * The running portal: the machine with the real effects, restored from the tab's session, started and
 * told the page's address as soon as the machine's code has arrived. The view (React, the screens)
 * arrives after it: the machine's screen (a policy page's moment, a status look-up) starts meanwhile.
 */
import { afterFirstPaint } from '../first-paint/after-first-paint';
import { FIRST_PAINT_ATTRIBUTE } from '../first-paint/attributes';
import { shownFor } from '../first-paint/shown-for';
import { visitBeforeRender } from '../routing/visit';
import { portalImplementations } from './actors';
import { createPortalActor, type CreatePortalActorOptions } from './create-portal-actor';
import { lazyApiClients } from './lazy-api-clients';
import type { PortalActor } from './portal-context';

export async function startPortalActor(): Promise<PortalActor> {
  // The Stately inspector only in development, and only when asked for: the dynamic import keeps
  // it (and its dependencies) out of the production bundle.
  let inspect: CreatePortalActorOptions['inspect'];
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT) {
    const { createPortalInspector } = await import('./inspect');
    inspect = createPortalInspector().inspect;
  }
  const actor = createPortalActor({ implementations: portalImplementations(lazyApiClients), inspect });
  actor.start();
  const tell = () => visitBeforeRender(actor, shownFor());
  // A prerendered page is told once it has painted (at once when it has): its moment counts from the paint.
  if (document.getElementById('root')?.hasAttribute(FIRST_PAINT_ATTRIBUTE)) afterFirstPaint(tell);
  else tell();
  return actor;
}
