/**
 * True while React renders the prerendered page (at build time) or hydrates it in the browser; false
 * in every render after, and in a page rendered in the browser from scratch. React re-renders the
 * components that read it right after hydration: the store never changes, but its client value
 * differs from its server value.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

export const useHydrating = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
