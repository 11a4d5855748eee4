import { StrictMode } from 'react';
import { ThemeProvider } from '@emotion/react';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyles } from '../theme/global-styles';
import { theme } from '../theme/theme';
import { PortalShell } from '../shell/portal-shell';
import { RouteSync } from '../routing/route-sync';
import { PortalProvider, type PortalActor } from './portal-context';

/** The whole portal for one running actor: theme, machine, router sync and shell. */
export function PortalApp({ actor }: { actor: PortalActor }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        <PortalProvider actor={actor}>
          <BrowserRouter>
            <RouteSync />
            <PortalShell />
          </BrowserRouter>
        </PortalProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
