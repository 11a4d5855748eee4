/**
 * `renderApp`: the whole portal (shell, route sync, every screen) in jsdom on the real machine,
 * with fake API actors and spy browser effects, starting at a URL. Tests drive it as a user would
 * and read only the screen. Install fake timers (vi.useFakeTimers) before calling it.
 */
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { act, render, screen } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import userEvent from '@testing-library/user-event';
import type { InspectionEvent } from 'xstate';
import { vi, type Mock } from 'vitest';
import { fakeActors, happyApi, recordedEffects, type EffectCall, type FakeApi, type FakeHandler } from '../support/portal-fakes.ts';
import { providedPortalMachine, type PortalActorName, type PortalImplementations } from '../../machines/index.ts';
import type { PortalInput } from '../../machines/types.ts';
import { createPortalActor } from '../../src/app/create-portal-actor.ts';
import type { PortalActor } from '../../src/portal/portal-context.tsx';
import { PortalApp } from '../../src/app/portal-app.tsx';

// The real setTimeout, taken before any test fakes timers: lazy screens arrive by dynamic import,
// which needs real turns of the event loop.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

// Testing Library (and so user-event) looks for fake timers through a `jest` global; without it,
// its act() wrapper waits on a faked setTimeout(0) that never fires. This shim points it at vitest.
const withJest = globalThis as { jest?: { advanceTimersByTime: (ms: number) => void } };
withJest.jest ??= { advanceTimersByTime: (ms) => void vi.advanceTimersByTime(ms) };

// Emotion writes into a detached element: jsdom's getComputedStyle would otherwise walk every rule
// (slow with `:has()`), and tests assert structure, text, roles and names, never colours.
// A whole app in jsdom takes a second or two per test on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const styleCache = () => createCache({ key: 'ui', container: document.createElement('div') });

export type { EffectCall, FakeApi } from '../support/portal-fakes.ts';

export type RenderAppOptions = {
  /** The address the browser opens, e.g. '/' or '/oauth-callback?token_id=…&email=…'. */
  url?: string;
  /** Answers of the API actors; missing ones never settle. */
  api?: FakeApi;
  input?: PortalInput;
  /** Sees every microstep (coverage of the model-based run). */
  inspect?: (event: InspectionEvent) => void;
  /** Told of every commit React makes of the app (how much a change of the machine re-renders). */
  onCommit?: ProfilerOnRenderCallback;
};

/** The machine's implementations with every API call and browser effect replaced by a fake. */
export function fakeImplementations(api: FakeApi, effects: EffectCall[]): PortalImplementations {
  return { actors: fakeActors(api), actions: recordedEffects(effects) };
}

/** Lets timers, settled promises and dynamic imports move on. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await new Promise((resolve) => realSetTimeout(resolve, 0));
    await vi.advanceTimersByTimeAsync(0);
  });
}

/**
 * Retries `check` (a Testing Library query or assertion) while the app settles, for up to 10 s of
 * real time: a lazy screen's first import is transformed on demand, which takes a while on a busy machine.
 */
export async function eventually<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = realNow() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (realNow() > deadline) throw error;
      await settle();
    }
  }
}

/** Waits for the screen whose heading is `name`: the machine went there and its lazy chunk arrived. */
export const arrives = (name: string | RegExp) => eventually(() => screen.getByRole('heading', { level: 1, name }));

const noCommitWatch: ProfilerOnRenderCallback = () => undefined;

export function renderApp(options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', options.url ?? '/');
  const effects: EffectCall[] = [];
  const actor: PortalActor = createPortalActor({
    machine: providedPortalMachine(fakeImplementations(options.api ?? {}, effects)),
    storage: window.sessionStorage,
    input: options.input ?? {},
    inspect: options.inspect,
  });
  actor.start();
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const view = render(
    <CacheProvider value={styleCache()}>
      <Profiler id="portal" onRender={options.onCommit ?? noCommitWatch}>
        <PortalApp actor={actor} />
      </Profiler>
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

export const SOURCE_EMAIL = 'pat.lee@northwave.example';

/** One mock per API actor answering as `happyApi` does; a test changes the answers it needs. */
export function createFakeApi() {
  const mocks = Object.entries(happyApi()).map(([name, answer]) => [name, vi.fn(answer)]);
  // Built name by name from the registry's happy answers: each mock has its actor's signature.
  return Object.fromEntries(mocks) as { [N in PortalActorName]: Mock<FakeHandler<N>> };
}
export type MockApi = ReturnType<typeof createFakeApi>;

/**
 * The app signed in as a person arrives from the provider's sign-in (the callback, then the status
 * check answered by `api`), settled on whatever screen the machine chose.
 */
export async function renderSignedIn(options: { api?: MockApi; input?: PortalInput } = {}) {
  const api = options.api ?? createFakeApi();
  const view = renderApp({
    url: `/oauth-callback?token_id=tok-1&email=${encodeURIComponent(SOURCE_EMAIL)}`,
    api,
    input: options.input,
  });
  // The account check is done and the chosen screen (a lazy chunk) has arrived with its heading.
  await eventually(() => {
    if (view.actor.getSnapshot().matches('loading')) throw new Error('still checking the account');
    // While a lazy screen loads, Suspense keeps the previous one, hidden with display: none.
    const heading = [...document.querySelectorAll('main h1')].find((h1) => !h1.closest('[style*="display: none"]'));
    if (!heading) throw new Error('the screen has not arrived');
  });
  return { ...view, api };
}
