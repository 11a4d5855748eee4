/**
 * A model path made walkable by a user. The machine accepts some events in states where the screen
 * does not offer them (typing an export ID while the lookup dialog is closed, blurring an IMAP
 * field that is not shown, choosing the card that is already chosen). Here such a step gets the
 * user's missing action before it (open the dialog, tick "custom IMAP", open Other, choose email
 * for "Choose what to move") or, when it
 * would change nothing on screen, is left out. The result is replayed on the machine alone to
 * know, for every step, the state the page must then show.
 */
import { createActor, SimulatedClock } from 'xstate';
import { selectErrorModal, type PortalInput, type PortalSnapshot } from '../../../machines/index.ts';
import type { ModelEvent, ModelPath } from '../../machines/model/types.ts';
import { instrumentedMachine } from '../../machines/model/walk.ts';
import { feasible } from './perform.ts';

export type UiStep = { event: ModelEvent; value: PortalSnapshot['value'] };

type Any = ModelEvent & Record<string, unknown>;

/** The user's action that makes `event` possible on screen, if there is one. */
function prerequisite(s: PortalSnapshot, event: ModelEvent): ModelEvent | null {
  const e = event as Any;
  const c = s.context;
  switch (e.type as string) {
    case 'STATUS_LOOKUP.ID_CHANGED':
    case 'STATUS_LOOKUP.SUBMITTED':
    case 'STATUS_LOOKUP.SIGN_IN_REQUESTED':
    case 'STATUS_LOOKUP.CLOSED':
      return !c.statusLookup.open && selectErrorModal(s) === null ? { type: 'STATUS_LOOKUP.OPENED' } : null;
    case 'SIGN_IN.REQUESTED':
      return c.statusLookup.open ? { type: 'STATUS_LOOKUP.CLOSED' } : null;
    case 'OTHER.FIELD_CHANGED':
    case 'OTHER.IMAP_BLURRED':
      if (!c.other.active) return { type: 'OTHER.OPENED' };
      if ((e.type === 'OTHER.IMAP_BLURRED' || e.field === 'imap') && !c.other.customImap) {
        return { type: 'OTHER.CUSTOM_IMAP_TOGGLED', enabled: true };
      }
      return null;
    case 'OTHER.CUSTOM_IMAP_TOGGLED':
      return !c.other.active ? { type: 'OTHER.OPENED' } : null;
    // "Choose what to move" is shown once email is chosen.
    case 'MAIL_CHOICE.TOGGLED':
    case 'MAIL_RANGE.SELECTED':
    case 'MAIL_FROM_DATE.CHANGED':
    case 'MAIL_FOLDER.TOGGLED':
    case 'SOURCE_FOLDERS.RETRY_REQUESTED':
      return c.operations.includes('emailmigration') ? null : { type: 'OPERATIONS.SELECTED', choice: 'email' };
    default:
      return null;
  }
}

export function augment(path: ModelPath, input: PortalInput): UiStep[] {
  const actor = createActor(instrumentedMachine([]), { input, clock: new SimulatedClock() });
  actor.start();
  const steps: UiStep[] = [];
  const take = (event: ModelEvent) => {
    actor.send(event);
    steps.push({ event, value: actor.getSnapshot().value });
  };
  for (const { event } of path.steps) {
    let snapshot = actor.getSnapshot() as PortalSnapshot;
    for (let tries = 0; tries < 3 && !feasible(snapshot, event); tries += 1) {
      const before = prerequisite(snapshot, event);
      if (!before || !feasible(snapshot, before) || !snapshot.can(before)) break;
      take(before);
      snapshot = actor.getSnapshot() as PortalSnapshot;
    }
    if (!feasible(snapshot, event)) continue; // nothing on screen would change: leave it out
    if (!snapshot.can(event)) break; // the path went elsewhere than the model's: stop here
    take(event);
  }
  actor.stop();
  return steps;
}
