import { StrictMode, useEffect } from 'react';
import { ThemeProvider } from '@emotion/react';
import { GlobalStyles } from '../theme/global-styles';
import { theme } from '../theme/theme';
import { PortalShell } from '../shell/portal-shell';
import { RouteSync } from '../routing/route-sync';
import type { FirstPaint } from '../first-paint/first-paint';
import { FIRST_PAINT_ATTRIBUTE } from '../first-paint/attributes';
import { useHydrating } from '../first-paint/use-hydrating';
import { PortalProvider, type PortalActor } from './portal-context';

/**
 * The whole portal for one running actor: theme, machine, router sync and shell. With `firstPaint`
 * (a prerendered page), the prerender and the hydration render the first paint's actor; the render
 * right after hands the page to the running actor and starts following the address bar, so the
 * machine alone decides where the visitor is.
 */
export function PortalApp({ actor, firstPaint }: { actor: PortalActor; firstPaint?: FirstPaint }) {
  const painting = useHydrating() ? firstPaint : undefined;
  // The page is live: its controls take taps again (src/theme/global-styles.tsx).
  useEffect(() => {
    if (!painting) document.getElementById('root')?.removeAttribute(FIRST_PAINT_ATTRIBUTE);
  }, [painting]);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        <PortalProvider actor={painting?.actor ?? actor}>
          {!painting && <RouteSync />}
          <PortalShell sketch={painting?.skeleton ? painting.screen : undefined} />
        </PortalProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
