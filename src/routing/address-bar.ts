/**
 * The address bar as React state, for the route sync alone (src/routing/route-sync.tsx): the current
 * location, which changes when the browser moves (back/forward) or when `navigate` writes a new
 * address. The machine decides every move, so the page needs no router of its own: only the History
 * API, read through useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';

export type AddressBarLocation = { pathname: string; search: string; hash: string };

const listeners = new Set<() => void>();
let current: AddressBarLocation | null = null;

/** The location as last read: the same object until the address changes (React compares snapshots by identity). */
function snapshot(): AddressBarLocation {
  if (!current) {
    const { pathname, search, hash } = window.location;
    current = { pathname, search, hash };
  }
  return current;
}

function changed(): void {
  current = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('popstate', changed);
    // Unwatched, the address may change unseen: the next watcher reads it afresh.
    current = null;
  };
}

// The third argument serves a hydration: the route sync is never prerendered (it draws nothing), so
// while the page hydrates it reads the address bar too.
export const useAddressBar = (): AddressBarLocation => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Writes `target` (path, query and hash) into the address bar: a new history entry, or in place of the current one. */
export function navigate(target: string, { replace }: { replace: boolean }): void {
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  changed();
}
