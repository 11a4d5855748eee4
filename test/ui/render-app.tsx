/**
 * `renderApp`: the whole portal (shell, route sync, every screen) in jsdom on the real machine,
 * with fake API actors and spy browser effects, starting at a URL. Tests drive it as a user would
 * and read only the screen. Install fake timers (vi.useFakeTimers) before calling it.
 */
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, type InspectionEvent } from 'xstate';
import { vi } from 'vitest';
import type { PortalActorName } from '../../machines/index.ts';
import type { PortalInput } from '../../machines/types.ts';
import { createPortalActor, type PortalImplementations } from '../../src/app/create-portal-actor.ts';
import type { PortalActor } from '../../src/app/portal-context.tsx';
import { PortalApp } from '../../src/app/portal-app.tsx';

// The real setTimeout, taken before any test fakes timers: lazy screens arrive by dynamic import,
// which needs real turns of the event loop.
const realSetTimeout = globalThis.setTimeout;

// Testing Library (and so user-event) looks for fake timers through a `jest` global; without it,
// its act() wrapper waits on a faked setTimeout(0) that never fires. This shim points it at vitest.
const withJest = globalThis as { jest?: { advanceTimersByTime: (ms: number) => void } };
withJest.jest ??= { advanceTimersByTime: (ms) => void vi.advanceTimersByTime(ms) };

// Emotion writes into a detached element: jsdom's getComputedStyle would otherwise walk every rule
// (slow with `:has()`), and tests assert structure, text, roles and names, never colours.
// A whole app in jsdom takes a second or two per test on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const styleCache = () => createCache({ key: 'ui', container: document.createElement('div') });

/** What a fake actor is asked to do: answer with this input. */
export type ApiHandler = (input: unknown) => Promise<unknown>;
export type ApiHandlers = Record<PortalActorName, ApiHandler>;

export type EffectCall = { name: string; params: unknown };

export type RenderAppOptions = {
  /** The address the browser opens, e.g. '/' or '/oauth-callback?token_id=…&email=…'. */
  url?: string;
  /** Answers of the API actors; missing ones never settle. */
  api?: Partial<ApiHandlers>;
  input?: PortalInput;
  /** Sees every microstep (coverage of the model-based run). */
  inspect?: (event: InspectionEvent) => void;
};

const ACTOR_NAMES: PortalActorName[] = [
  'fetchCapabilities',
  'validateCredentials',
  'validateImap',
  'validateDomain',
  'startExport',
  'fetchMigrationStatus',
  'fetchComcastInfo',
  'updateOptOutState',
  'fetchJobStatus',
  'fetchJobsByEmail',
  'submitSupportRequest',
];

const never = () => new Promise<never>(() => {});

/** The machine's implementations with every API call and browser effect replaced by a fake. */
export function fakeImplementations(api: Partial<ApiHandlers>, effects: EffectCall[]): PortalImplementations {
  const actors = Object.fromEntries(
    ACTOR_NAMES.map((name) => [name, fromPromise(({ input }) => (api[name] ?? never)(input))]),
  );
  const record = (name: string) => (_: unknown, params: unknown) => void effects.push({ name, params });
  return {
    // The fakes answer whatever the test says; their types are the handler's, not the contract's.
    actors: actors as unknown as NonNullable<PortalImplementations>['actors'],
    actions: {
      leaveForSourceSignIn: record('leaveForSourceSignIn'),
      leaveForStatusSignIn: record('leaveForStatusSignIn'),
      leaveForDestinationConsent: record('leaveForDestinationConsent'),
      leaveForExternalPage: record('leaveForExternalPage'),
      copyExportId: record('copyExportId'),
    },
  };
}

/** Lets timers, settled promises and dynamic imports move on. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await new Promise((resolve) => realSetTimeout(resolve, 0));
    await vi.advanceTimersByTimeAsync(0);
  });
}

/** Retries `check` (a Testing Library query or assertion) while the app settles. */
export async function eventually<T>(check: () => T, tries = 40): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i += 1) {
    try {
      return check();
    } catch (error) {
      last = error;
      await settle();
    }
  }
  throw last;
}

export function renderApp(options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', options.url ?? '/');
  const effects: EffectCall[] = [];
  const actor: PortalActor = createPortalActor({
    implementations: fakeImplementations(options.api ?? {}, effects),
    storage: window.sessionStorage,
    input: options.input ?? {},
    inspect: options.inspect,
  });
  actor.start();
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const view = render(
    <CacheProvider value={styleCache()}>
      <PortalApp actor={actor} />
    </CacheProvider>,
  );
  return { ...view, actor, user, effects };
}

/** The user goes to an address (a link, the address bar or Back/Forward): the router sees a popstate. */
let visits = 0;
export async function visit(url: string): Promise<void> {
  await act(async () => {
    // A history entry of its own, as the browser makes for every visit: the router tells two visits
    // of one address apart by this key.
    visits += 1;
    const state = { usr: null, key: `visit${visits}`, idx: 1000 + visits };
    window.history.pushState(state, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  });
  await settle();
}
