import { CacheProvider } from '@emotion/react';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nextTask } from './app/next-task';
import { PortalApp } from './app/portal-app';
import type { PortalActor } from './portal/portal-context';
import { createStyleCache } from './app/style-cache';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint/attributes';
import { createFirstPaint, type FirstPaint } from './first-paint/first-paint';
import { firstPaintParts } from './first-paint/parts';
import { DEFAULT_LANGUAGE, isLanguage } from '../contract/index.ts';
import { loadLanguage } from '../contract/words/translate.ts';

/**
 * Shows the running portal (`actor`, src/app/start-portal-actor.ts) in #root: hydrates a prerendered
 * page, or renders afresh (src/main.tsx loads this).
 */
export async function boot(actor: PortalActor) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element');

  // Evaluating this chunk was one task, the first paint's own actor is the next: each short enough not to hold up a tap.
  await nextTask();
  const styleCache = createStyleCache();
  const app = (firstPaint?: FirstPaint) => (
    <CacheProvider value={styleCache}>
      <PortalApp actor={actor} firstPaint={firstPaint} />
    </CacheProvider>
  );

  // A prerendered page (the service serves one per route) is hydrated: its chunks first, so that
  // no part of it suspends while React adopts the markup. Without one (npm run dev), render afresh.
  // In the page's language (the service chose the page by Accept-Language), whatever the live actor's.
  const pageLanguage = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
  const firstPaint = createFirstPaint(root.getAttribute(FIRST_PAINT_ATTRIBUTE) ?? '', { language: pageLanguage }, actor.logic);
  if (!firstPaint) {
    createRoot(root).render(app());
    return;
  }
  // A chunk that fails to load fails again, visibly, when its part renders.
  await Promise.all([...firstPaintParts(firstPaint).map((part) => part.preload()), loadLanguage(pageLanguage)]).catch(() => undefined);
  // As a transition, React hydrates in short slices (the page is already on screen): no long task.
  startTransition(() => {
    hydrateRoot(root, app(firstPaint));
  });
}
