import { Suspense, useEffect, type ReactNode } from 'react';
import { brand } from '../config/brand';
import { usePortalSelector, usePortalSend } from '../portal/portal-context';
import {
  selectIsBusy,
  selectLanguage,
  selectScreen,
  selectShowsStartOver,
  selectSidebar,
  selectSidebarSteps,
  selectStep,
} from '../../machines/index.ts';
import { preloadable } from '../portal/preloadable';
import { SCREEN_COMPONENTS, screenTitle } from '../views/screens';
import { InlineSpinner } from '../ui/inline-spinner';
import { Header } from './header';
import { LoadFailure } from './load-failure';
import { RenderFailureBoundary } from './render-failure-boundary';
import { HomeHero } from './home-hero';
import { StepSidebar } from './step-sidebar';
import type { FooterProps } from './footer';
import type { LoadingOverlayProps } from './loading-overlay';
import { WizardLayout } from './wizard-layout';
import type { SketchedScreen } from '../views/screen-headings';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';

// Below the fold or only shown while busy: neither is needed for the first page to be interactive,
// so each loads in its own small chunk right after (a prerendered page loads them with it).
const Footer = preloadable<FooterProps>('src/shell/footer.tsx', () => import('./footer').then(({ Footer }) => ({ default: Footer })));
const LoadingOverlay = preloadable<LoadingOverlayProps>('src/shell/loading-overlay.tsx', () =>
  import('./loading-overlay').then(({ LoadingOverlay }) => ({ default: LoadingOverlay })),
);

// Drawn only while a prerendered signed-in page is hydrated (no other page needs it).
const ScreenSkeleton = preloadable<{ screen: SketchedScreen }>('src/shell/screen-skeleton.tsx', () =>
  import('./screen-skeleton').then(({ ScreenSkeleton }) => ({ default: ScreenSkeleton })),
);

/** The shell's own chunks: a prerendered page loads them before hydrating, with its screen's. */
export const SHELL_PARTS = [Footer, LoadingOverlay];
export const SKELETON_PART = ScreenSkeleton;

/** A part the page works without (footer, busy overlay): nothing until its chunk arrives, nothing if it never does. */
function Optional({ children }: { children: ReactNode }) {
  return (
    <RenderFailureBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </RenderFailureBoundary>
  );
}

/** Screens that show their own spinner while busy: the overlay would only hide it. */
const OWN_SPINNER = new Set(['loading', 'status', 'statusFromEmail']);

/**
 * The wizard shell wired to the machine: header, outlets, footer and the busy overlay. `sketch`
 * names the screen whose skeleton stands in for the screen while a prerendered signed-in page is
 * hydrated; that page has no footer yet, so nothing on it moves when the screen arrives.
 */
export function PortalShell({ sketch }: { sketch?: SketchedScreen }) {
  const send = usePortalSend();
  const screen = usePortalSelector(selectScreen);
  const step = usePortalSelector(selectStep);
  const sidebar = usePortalSelector(selectSidebar);
  const steps = usePortalSelector(selectSidebarSteps);
  const showStartOver = usePortalSelector(selectShowsStartOver);
  const busy = usePortalSelector(selectIsBusy);
  const Screen = SCREEN_COMPONENTS[screen];
  const t = useWords(shellWords);

  const language = usePortalSelector(selectLanguage);
  useEffect(() => {
    document.title = screenTitle(language, screen);
  }, [language, screen]);

  return (
    <>
      <WizardLayout
        header={<Header showStartOver={showStartOver} onStartOver={() => send({ type: 'START_OVER.REQUESTED' })} />}
        home={screen === 'signIn' ? <HomeHero /> : undefined}
        sidebar={sidebar !== 'none' && steps.length > 0 ? <StepSidebar steps={steps} current={step} /> : undefined}
        main={
          // A screen whose chunk does not arrive says so in its place (keyed: the next screen tries its own).
          <RenderFailureBoundary key={screen} fallback={<LoadFailure />}>
            {sketch ? (
              <ScreenSkeleton screen={sketch} />
            ) : (
              <Suspense
                fallback={
                  // As tall as a screen, so the footer does not jump when the lazy screen arrives (CLS).
                  <p role="status" css={{ display: 'flex', gap: 8, alignItems: 'flex-start', minHeight: '70vh', margin: 0 }}>
                    <InlineSpinner /> {t('loading')}
                  </p>
                }
              >
                <Screen />
              </Suspense>
            )}
          </RenderFailureBoundary>
        }
        footer={
          !sketch && (
            <Optional>
              <Footer clientId={brand.footerClientId} theme="light" corporateLegal width={1280} />
            </Optional>
          )
        }
      />
      <Optional>
        <LoadingOverlay busy={busy && !OWN_SPINNER.has(screen)} />
      </Optional>
    </>
  );
}
