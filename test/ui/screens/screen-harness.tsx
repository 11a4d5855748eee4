/**
 * Renders the form screens of this folder on the real portal machine with fake API actors, so a
 * test drives the machine exactly as a user would (typing, clicking, leaving fields) and reads
 * only what is on screen. The machine chooses the screen, as in the app; screens other than the
 * ones under test render as a one-line marker, so a test can see where the machine went.
 */
import { CacheProvider, ThemeProvider } from '@emotion/react';
import { configure, render } from '@testing-library/react';
import createCache from '@emotion/cache';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { vi } from 'vitest';
import type {
  CapabilitiesResponse,
  ComcastInfoResponse,
  JobsByEmailResponse,
  LoadResponse,
  MigrationStatusResponse,
  OkResponse,
  OptOutUpdateResponse,
  StatusResponse,
  ValidateResponse,
} from '../../../contract/index.ts';
import { PortalProvider, usePortalSelector, type PortalActor } from '../../../src/app/portal-context';
import { theme } from '../../../src/theme/theme';
import { exportPortalMachine } from '../../../machines/machine';
import { selectScreen, type Screen } from '../../../machines/selectors';
import type { PortalInput } from '../../../machines/types';
import AcceptGoogleTermsScreen from '../../../src/views/accept-google-terms/accept-google-terms-screen';
import DestinationAccountScreen from '../../../src/views/destination-account/destination-account-screen';
import MigrationOptionsScreen from '../../../src/views/migration-options/migration-options-screen';
import OptOutInfoScreen from '../../../src/views/opt-out-info/opt-out-info-screen';
import StartMigrationScreen from '../../../src/views/start-migration/start-migration-screen';

// jsdom's getComputedStyle walks every injected rule (the kit's `:has()` selectors are slow there),
// and role queries call it for every element: seconds per query. Emotion writes its styles into a
// detached container instead, so queries stay fast; what is asserted is structure, text, roles,
// states and names, never colours.
const styleCache = createCache({ key: 'test', container: document.createElement('div') });
vi.setConfig({ testTimeout: 30_000 });
// Testing Library waits for a 0 ms timer after each user-event action and only advances fake
// timers by itself when it sees Jest; give it the one Jest call it uses so Vitest's fake clock moves.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
// Nothing on these screens is hidden by CSS alone (the detached styles would not show it anyway).
configure({ defaultHidden: true });

export const SOURCE_EMAIL = 'pat.lee@northwave.example';

/** A status answer for an open account that has never opted out. */
export const OPEN_ACCOUNT: MigrationStatusResponse = {
  mailbox: true,
  account: true,
  login: true,
  carddav: true,
  optOutState: 'NONE',
  migrationStatus: 'COMCAST',
};

/** One mock per API actor; each test sets the answers it needs. */
export function createFakeApi() {
  return {
    fetchCapabilities: vi.fn(
      async (_input: { email: string }): Promise<CapabilitiesResponse> => ({
        allowed_operations: ['emailmigration', 'contactsmigration'],
        auth: 'oauth',
        provider: 'other',
      }),
    ),
    validateCredentials: vi.fn(async (_input: unknown): Promise<ValidateResponse> => ({ ok: true, error: null })),
    validateImap: vi.fn(async (_input: { imap: string }): Promise<OkResponse> => ({ ok: true })),
    validateDomain: vi.fn(async (_input: { domain: string }): Promise<OkResponse> => ({ ok: true })),
    startExport: vi.fn(async (_input: unknown): Promise<LoadResponse> => ({ jobid: 'A'.repeat(32) })),
    fetchMigrationStatus: vi.fn(async (_input: unknown): Promise<MigrationStatusResponse> => OPEN_ACCOUNT),
    fetchComcastInfo: vi.fn(async (_input: unknown): Promise<ComcastInfoResponse> => ({ inactive: null })),
    updateOptOutState: vi.fn(async (_input: unknown): Promise<OptOutUpdateResponse> => ({ status: 'success' })),
    fetchJobStatus: vi.fn(async (_input: unknown): Promise<StatusResponse> => ({ emailmigration: null, contactsmigration: null })),
    fetchJobsByEmail: vi.fn(async (_input: unknown): Promise<JobsByEmailResponse> => ({})),
    submitSupportRequest: vi.fn(async (_input: unknown) => ({ ok: true })),
  };
}
export type FakeApi = ReturnType<typeof createFakeApi>;

function createTestActor(api: FakeApi, input: PortalInput): PortalActor {
  const machine = exportPortalMachine.provide({
    actors: {
      fetchCapabilities: fromPromise(({ input }) => api.fetchCapabilities(input)),
      validateCredentials: fromPromise(({ input }) => api.validateCredentials(input)),
      validateImap: fromPromise(({ input }) => api.validateImap(input)),
      validateDomain: fromPromise(({ input }) => api.validateDomain(input)),
      startExport: fromPromise(({ input }) => api.startExport(input)),
      fetchMigrationStatus: fromPromise(({ input }) => api.fetchMigrationStatus(input)),
      fetchComcastInfo: fromPromise(({ input }) => api.fetchComcastInfo(input)),
      updateOptOutState: fromPromise(({ input }) => api.updateOptOutState(input)),
      fetchJobStatus: fromPromise(({ input }) => api.fetchJobStatus(input)),
      fetchJobsByEmail: fromPromise(({ input }) => api.fetchJobsByEmail(input)),
      submitSupportRequest: fromPromise(({ input }) => api.submitSupportRequest(input)),
    },
  });
  return createActor(machine, { input });
}

const SCREENS_UNDER_TEST: Partial<Record<Screen, () => React.JSX.Element>> = {
  destinationAccount: DestinationAccountScreen,
  acceptGoogleTerms: AcceptGoogleTermsScreen,
  migrationOptions: MigrationOptionsScreen,
  startMigration: StartMigrationScreen,
  optOutInfo: OptOutInfoScreen,
};

function CurrentScreen() {
  const screen = usePortalSelector(selectScreen);
  const Component = SCREENS_UNDER_TEST[screen];
  return Component ? <Component /> : <p data-testid="other-screen">screen: {screen}</p>;
}

/** Lets fake timers and settled promises both move on (the machine's delays and actors). */
export const flush = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

/**
 * Starts the machine signed in (the source callback, then the status check answered by the fake),
 * renders it, and returns the user, the actor and the fakes. Call with fake timers installed.
 */
export async function renderSignedIn(options: { api?: FakeApi; input?: PortalInput } = {}) {
  const api = options.api ?? createFakeApi();
  const actor = createTestActor(api, options.input ?? {});
  actor.start();
  actor.send({ type: 'ROUTE.VISITED', path: '/oauth-callback', query: { token_id: 'tok-1', email: SOURCE_EMAIL }, hash: '' });
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const view = render(
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <PortalProvider actor={actor}>
          <MemoryRouter>
            <CurrentScreen />
          </MemoryRouter>
        </PortalProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
  await flush();
  return { ...view, user, actor, api };
}
