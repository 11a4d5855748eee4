/**
 * A component in a chunk of its own, like React.lazy, that can also be loaded ahead of its first
 * render. A prerendered page loads the parts its first screen shows before hydrating: a lazy
 * component that had not loaded would suspend during hydration, and an update reaching it then
 * would replace the prerendered markup with its fallback (a visible jump).
 *
 * `source` is the module's path from the repository root, as Vite's manifest names it: the
 * prerender (scripts/prerender.ts) preloads its chunk with the page, and fails the build when the
 * manifest has no such module.
 */
import { createElement, lazy, useState, type ComponentType, type JSX } from 'react';

export type Preloadable<P extends object> = ((props: P) => JSX.Element) & { source: string; preload: () => Promise<void> };

export function preloadable<P extends object>(source: string, load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's component would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Chosen, props);
  }
  const preload = async () => {
    loaded = (await load()).default;
  };
  return Object.assign(Component, { source, preload });
}
