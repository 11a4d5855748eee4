import { lazy, Suspense, useEffect } from 'react';
import { brand } from '../config/brand';
import { usePortalSelector, usePortalSend } from '../app/portal-context';
import {
  selectIsBusy,
  selectScreen,
  selectShowsStartOver,
  selectSidebar,
  selectSidebarSteps,
  selectStep,
} from '../../machines/selectors';
import { SCREEN_COMPONENTS, SCREEN_TITLES } from '../views/screens';
import { InlineSpinner } from '../ui/inline-spinner';
import { Header } from './header';
import { HomeHero } from './home-hero';
import { StepSidebar } from './step-sidebar';
import { WizardLayout } from './wizard-layout';

// Below the fold or only shown while busy: neither is needed for the first page to be interactive,
// so each loads in its own small chunk right after.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const LoadingOverlay = lazy(() => import('./loading-overlay').then((m) => ({ default: m.LoadingOverlay })));

/** Screens that show their own spinner while busy: the overlay would only hide it. */
const OWN_SPINNER = new Set(['loading', 'status', 'statusFromEmail']);

/** The wizard shell wired to the machine: header, outlets, footer and the busy overlay. */
export function PortalShell() {
  const send = usePortalSend();
  const screen = usePortalSelector(selectScreen);
  const step = usePortalSelector(selectStep);
  const sidebar = usePortalSelector(selectSidebar);
  const steps = usePortalSelector(selectSidebarSteps);
  const showStartOver = usePortalSelector(selectShowsStartOver);
  const busy = usePortalSelector(selectIsBusy);
  const Screen = SCREEN_COMPONENTS[screen];

  useEffect(() => {
    document.title = `${SCREEN_TITLES[screen]} · ${brand.providerName} email export`;
  }, [screen]);

  return (
    <>
      <WizardLayout
        header={<Header showStartOver={showStartOver} onStartOver={() => send({ type: 'START_OVER.REQUESTED' })} />}
        home={screen === 'signIn' ? <HomeHero /> : undefined}
        sidebar={sidebar !== 'none' && steps.length > 0 ? <StepSidebar steps={steps} current={step} /> : undefined}
        main={
          <Suspense
            fallback={
              // As tall as a screen, so the footer does not jump when the lazy screen arrives (CLS).
              <p role="status" css={{ display: 'flex', gap: 8, alignItems: 'flex-start', minHeight: '70vh', margin: 0 }}>
                <InlineSpinner /> Loading…
              </p>
            }
          >
            <Screen />
          </Suspense>
        }
        footer={
          <Suspense fallback={null}>
            <Footer clientId={brand.footerClientId} theme="light" corporateLegal width={1280} />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        <LoadingOverlay busy={busy && !OWN_SPINNER.has(screen)} />
      </Suspense>
    </>
  );
}
