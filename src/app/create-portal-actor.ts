/**
 * Creates the running portal: the machine with the real (or a test's fake) implementations (`providedPortalMachine`),
 * restored from sessionStorage and written back on every change (passwords never stored, see
 * machines/persistence.ts).
 */
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { restoreSnapshot, STORAGE_KEY, toStoredSnapshot } from '../../machines/index.ts';
import type { ExportPortalMachine, PortalInput } from '../../machines/index.ts';
import { storeAuthToken } from '../api/browser-sources';
import type { PortalActor } from '../portal/portal-context';

export type CreatePortalActorOptions = {
  machine: ExportPortalMachine;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  input?: PortalInput;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

export function createPortalActor({ machine, storage = sessionStorage, input = {}, inspect }: CreatePortalActorOptions): PortalActor {
  const snapshot = restoreSnapshot(readStored(storage), machine);
  const actor: PortalActor = createActor(machine, { input, snapshot, inspect });
  // The session client's bearer (docs/api.md): the signed-in source's tokenId, removed on start over.
  actor.subscribe((current) => void storeAuthToken(current.context.srcAccount?.tokenId));
  if (storage) {
    actor.subscribe(() => {
      try {
        storage.setItem(STORAGE_KEY, toStoredSnapshot(actor));
      } catch {
        // Storage full or blocked (private mode): the portal still works, a reload starts over.
      }
    });
  }
  return actor;
}

function readStored(storage: CreatePortalActorOptions['storage']): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
