import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { ThemeProvider } from '@emotion/react';
import { GlobalStyles } from '../theme/global-styles';
import { theme } from '../theme/theme';
import { PortalShell } from '../shell/portal-shell';
import { RouteSync } from '../routing/route-sync';
import type { FirstPaint } from '../first-paint/first-paint';
import { FIRST_PAINT_ATTRIBUTE } from '../first-paint/attributes';
import { keepTypingOnScreen, releaseTyping } from '../first-paint/typed-before-live';
import { useHandOver } from '../first-paint/use-hand-over';
import { PortalProvider, type PortalActor } from '../portal/portal-context';
import { PageLanguage } from '../words/page-language';

/**
 * The whole portal for one running actor: theme, machine, router sync and shell. With `firstPaint`
 * (a prerendered page), the prerender and the hydration render the first paint's actor; a render
 * right after, in slices, hands the page to the running actor, so the machine alone decides where
 * the visitor is.
 */
export function PortalApp({ actor, firstPaint }: { actor: PortalActor; firstPaint?: FirstPaint }) {
  const painting = useHandOver(firstPaint);
  // The page is live: its controls take taps again (src/theme/global-styles.tsx), and what was typed
  // before stays on them, in the commit, before the browser paints the machine's empty fields.
  useLayoutEffect(() => {
    if (painting) return;
    document.getElementById('root')?.removeAttribute(FIRST_PAINT_ATTRIBUTE);
    keepTypingOnScreen();
  }, [painting]);
  // The screens' effects, which make them listen to the running actor, have run before this one (a
  // child's first): what was typed now reaches the machine, and the screens draw its answer.
  useEffect(() => {
    if (!painting) releaseTyping();
  }, [painting]);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        {/* The running actor follows the address bar from the first commit on, a hydration's too: it is
            on the route's screen by the time the page is handed to it, so the hand-over redraws
            nothing it need not. The prerender, at build time, has no running actor. */}
        {actor !== firstPaint?.actor && (
          <PortalProvider actor={actor}>
            <RouteSync />
            <PageLanguage />
          </PortalProvider>
        )}
        <PortalProvider actor={painting?.actor ?? actor}>
          <PortalShell sketch={painting?.skeleton ? painting.screen : undefined} />
        </PortalProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
