/**
 * The running portal actor, handed to every view. Views read the snapshot only through the
 * selectors of machines/selectors.ts (usePortalSelector) and `snapshot.can` (usePortalCan), and
 * talk to the machine only by sending events (usePortalSend). The actor is created outside
 * (src/app/create-portal-actor.ts, or a test's fake) so the provider holds no logic of its own.
 */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor, SnapshotFrom } from 'xstate';
import type { ExportPortalMachine } from '../../machines/index.ts';
import type { PortalEvent } from '../../machines/index.ts';

export type PortalMachine = ExportPortalMachine;
export type PortalActor = Actor<PortalMachine>;
export type PortalSnapshot = SnapshotFrom<PortalMachine>;

const PortalActorContext = createContext<PortalActor | null>(null);

export function PortalProvider({ actor, children }: { actor: PortalActor; children: ReactNode }) {
  return <PortalActorContext.Provider value={actor}>{children}</PortalActorContext.Provider>;
}

export function usePortalActor(): PortalActor {
  const actor = useContext(PortalActorContext);
  if (!actor) throw new Error('usePortal* must be used inside <PortalProvider>');
  return actor;
}

/**
 * For `usePortalSelector`'s `compare` where the selector builds its value afresh from the snapshot
 * (plain data: objects, arrays, strings, numbers): equal data is the same value. Without it such a
 * view renders again on every change of the machine, a status page's quiet refresh included.
 */
export const sameData = <T,>(a: T, b: T): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Re-renders only when the selected value changes (compared with Object.is unless `compare` says otherwise). */
export function usePortalSelector<T>(selector: (snapshot: PortalSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(usePortalActor(), selector, compare);
}

export function usePortalSend(): (event: PortalEvent) => void {
  const actor = usePortalActor();
  return useCallback((event: PortalEvent) => actor.send(event), [actor]);
}

/** Whether the machine would take `event` now: the one source of every enabled/disabled button. */
export function usePortalCan(event: PortalEvent): boolean {
  return usePortalSelector((snapshot) => snapshot.can(event));
}
