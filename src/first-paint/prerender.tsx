/**
 * The entry scripts/prerender.ts builds for Node (Vite's SSR build) and calls at build time: each
 * route's first paint as static HTML (React's prerender, which waits for every lazy part) with the
 * Emotion styles that markup uses (Emotion's server extraction), each with the exact text the page's
 * CSP names by its hash; and the hidden notice the page shows if its script fails to load.
 */
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { PortalApp } from '../app/portal-app';
import { createStyleCache } from '../app/style-cache';
import { PortalProvider } from '../portal/portal-context';
import { PrerenderedLoadFailure } from '../shell/load-failure';
import { screenTitle } from '../views/screens';
import { createFirstPaint } from './first-paint';
import { machineLeaves } from './machine-leaves';
import { ownLeaveScript } from './own-leave';
import { firstPaintParts } from './parts';
import { FIRST_PAINTS } from './routes';
import { LANGUAGES, type Language } from '../../contract/index.ts';
import { loadLanguage } from '../../contract/words/translate.ts';

export type PrerenderedRoute = {
  route: string;
  /** The inside of #root. */
  markup: string;
  /** The hidden notice that goes before #root, shown when the portal's script fails to load. */
  notice: string;
  /** The <style> elements for <head>: what Emotion's attribute names (its key and rule ids), and the CSS. */
  styles: { names: string; css: string }[];
  title: string;
  /** The modules (paths as in Vite's manifest) whose chunks the first paint shows: preload them. */
  modules: string[];
  /** A page the machine only shows for a moment before it leaves (own-leave.ts): its inline script, and the moment in ms. */
  ownLeave: { script: string; after: number } | null;
};

export const PRERENDERED_ROUTES: string[] = Object.keys(FIRST_PAINTS);
/** Every route is prerendered in each language the portal speaks (decision 0033). */
export const PRERENDERED_LANGUAGES: readonly Language[] = LANGUAGES;

export async function prerenderRoute(route: string, language: Language): Promise<PrerenderedRoute> {
  await loadLanguage(language);
  const firstPaint = createFirstPaint(route, { language });
  if (!firstPaint) throw new Error(`${route} has no first paint`);
  const cache = createStyleCache();
  // Also turns off Emotion's inline <style> elements: the extraction below puts the styles in <head>.
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <PortalApp actor={firstPaint.actor} firstPaint={firstPaint} />
    </CacheProvider>,
  );
  const markup = await new Response(prelude).text();
  const notice = await new Response(
    (
      await prerender(
        <CacheProvider value={cache}>
          <PortalProvider actor={firstPaint.actor}>
            <PrerenderedLoadFailure />
          </PortalProvider>
        </CacheProvider>,
      )
    ).prelude,
  ).text();
  const leave = machineLeaves(route);
  return {
    route,
    markup,
    notice,
    styles: emotion
      .extractCriticalToChunks(notice + markup)
      .styles.map((style) => ({ names: `${style.key} ${style.ids.join(' ')}`, css: style.css })),
    title: screenTitle(firstPaint.actor.getSnapshot().context.language, firstPaint.screen),
    modules: firstPaintParts(firstPaint).map((part) => part.source),
    ownLeave: leave && { script: ownLeaveScript(leave.url), after: leave.after },
  };
}
export { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CHUNKS_ATTRIBUTE, OWN_LEAVE } from './attributes';
