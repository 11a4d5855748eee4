/**
 * The model: the adjacency map of the machine (xstate/graph) over the fixture events, the shortest
 * path to every abstract state, and the extra paths that take every transition at least once.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { StateValue } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import * as facts from '../../../machines/facts.ts';
import { canCancelOptOut } from '../../../contract/index.ts';
import {
  portalMachine,
  validateEmail,
  validateExportId,
  isSupportFormValid,
  isValidImapAddress,
  signInRetryHelps,
  type PortalActorName,
  type PortalEvent,
  type PortalInput,
  type PortalSnapshot,
} from '../../../machines/index.ts';
import { ACTOR_RESULTS, EVENT_FIXTURES } from './fixtures.ts';
import type { ModelEvent, ModelPath, ModelStep } from './types.ts';

/** Every state node below the root, depth first. */
export const allStateNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      out.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return out;
};

/** The state nodes a state value makes active, from the top down. */
export const activeStateNodes = (machine: AnyStateMachine, value: StateValue): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  const visit = (parent: AnyStateNode, inner: StateValue) => {
    if (typeof inner === 'string') {
      const node = parent.states[inner];
      if (node) out.push(node);
      return;
    }
    for (const [key, rest] of Object.entries(inner)) {
      const node = parent.states[key];
      if (!node) continue;
      out.push(node);
      if (rest !== undefined) visit(node, rest);
    }
  };
  visit(machine.root, value);
  return out;
};

/** A stable name for every transition of the definition: source, event, position. */
export const transitionKeys = (machine: AnyStateMachine): Map<AnyTransitionDefinition, string> => {
  const keys = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((t, i) => keys.set(t, `${node.id} ${eventType} #${i}`));
    }
    node.always?.forEach((t, i) => keys.set(t, `${node.id} always #${i}`));
  }
  return keys;
};

const BASE_EVENTS: PortalEvent[] = Object.values(EVENT_FIXTURES).flat();

/**
 * The events possible in a snapshot: every fixture, plus the done and error events of the actors
 * its states invoke and the after-events of its delays (the fakes and the clock would send them).
 */
export const eventsFor = (machine: AnyStateMachine, snapshot: PortalSnapshot): ModelEvent[] => {
  const extra: unknown[] = [];
  for (const node of activeStateNodes(machine, snapshot.value)) {
    for (const invoke of node.invoke) {
      const results = ACTOR_RESULTS[invoke.src as PortalActorName];
      for (const output of results.outputs) extra.push({ type: `xstate.done.actor.${invoke.id}`, output, actorId: invoke.id });
      for (const error of results.errors) extra.push({ type: `xstate.error.actor.${invoke.id}`, error, actorId: invoke.id });
    }
    for (const delayed of node.after) extra.push({ type: delayed.eventType });
  }
  // XState's own events are not in PortalEvent; the machine accepts them like any other.
  return [...BASE_EVENTS, ...(extra as ModelEvent[])];
};

/**
 * Only what changes behaviour: the state value, the facts the route guards read, and the guard
 * results of the current screen. Raw field values stay out, or the graph would never end; a fact
 * missing here shows up as a transition the walks never take.
 */
export const serializeState = (snapshot: PortalSnapshot): string => {
  const c = snapshot.context;
  const provider = c.dstAccount?.provider ?? null;
  const providerClass = provider === 'gmail' || provider === 'other' || provider === 'file' || provider === null ? provider : 'oauth';
  const otherForm = [
    c.other.active,
    facts.otherFormReady(c),
    c.other.customImap,
    c.other.customImap && isValidImapAddress(c.other.imap),
    c.other.imapValidated,
  ];
  // Root transitions (ROUTE.VISITED, START_OVER) read these; every screen keeps a few of them.
  const route = [facts.hasSourceToken(c), facts.canEnterMigrationOptions(c), facts.canStartMigration(c)];
  const options = [
    facts.optionsComplete(c),
    providerClass,
    facts.contactsOffered(c),
    c.operations.length > 0,
    c.forwarding.offered,
    facts.forwardingAvailable(c),
    c.forwarding.chosen,
  ];
  // What to move: whether the list is known, the range's kind and how many folders are unticked.
  const choice = [c.mailChoice.folders !== null, c.mailChoice.range === 'from-date', c.mailChoice.excludedFolders.length];
  const byState: Record<string, unknown[]> = {
    'signIn.idle': [
      c.errorModal !== null,
      c.errorModal !== null && signInRetryHelps(c.errorModal.code),
      validateExportId(c.statusLookup.value) === null,
      ...route,
    ],
    'optOutInfo.idle': [c.optOutState, c.optOutResult],
    'optOutInfo.confirmingSchedule': [c.optOutState],
    'optOutInfo.confirmingCancel': [c.optOutState],
    'optOutInfo.updating': [c.pendingOptOutRequest],
    'destinationAccount.choosing': [
      ...otherForm,
      facts.providerChosen(c),
      providerClass,
      facts.needsGoogleTerms(c),
      facts.optOutPanelShown(c) && canCancelOptOut(c.optOutState),
      facts.closureOffered(c),
      c.loginActive,
      c.optOutResult === 'CANCELED_OPT_OUT',
    ],
    'destinationAccount.emailPending': otherForm,
    'destinationAccount.validatingImap': [c.other.active],
    'destinationAccount.fetchingCapabilities': [facts.needsGoogleTerms(c), providerClass],
    'migrationOptions.idle.choiceClosed': [...options, ...choice],
    'migrationOptions.idle.choiceOpen.loadingFolders': [...options, ...choice],
    'migrationOptions.idle.choiceOpen.foldersShown': [...options, ...choice],
    'migrationOptions.idle.choiceOpen.foldersUnavailable': [...options, ...choice],
    'migrationOptions.leavingForConsent': [providerClass, facts.awaitsDestinationToken(c)],
    'startMigration.editing.idle': [facts.notificationEmailAccepted(c)],
    'startMigration.editing.notificationEmailPending': [validateEmail(c.notificationEmail) === null],
    checkEmailScopes: [facts.needsGoogleTerms(c)],
    'supportForm.idle': [c.support.email_address.includes('@'), c.support.issue.trim().length > 5],
    'supportForm.failed': [isSupportFormValid(c.support)],
    'status.shown.watching': [
      facts.jobRunning(c),
      facts.jobMoving(c),
      c.jobStatus?.can_cancel === true,
      c.jobStatus?.can_pause === true,
      c.jobStatus?.can_resume === true,
      facts.fileAwaitsSignIn(c),
      c.jobStatus?.copy_new_mail?.offered === true,
      facts.copyPassRunning(c),
      facts.forwardingGoesOn(c),
    ],
    // A refresh offers what following does (Cancel, Pause, Resume): which ones, by the answer it shows.
    'status.shown.refreshing': [
      facts.jobRunning(c),
      c.jobStatus?.can_cancel === true,
      c.jobStatus?.can_pause === true,
      c.jobStatus?.can_resume === true,
    ],
    'status.shown.copyNewMail.done': [c.jobStatus?.copy_new_mail?.offered === true, facts.jobRunning(c), facts.forwardingGoesOn(c)],
  };
  const key = stateKey(snapshot);
  return JSON.stringify([key, byState[key] ?? []]);
};

/** The active state as a dotted path: `screen`, `screen.substate`, `screen.group.substate`. */
export const stateKey = (snapshot: PortalSnapshot): string => {
  const path: string[] = [];
  let value: StateValue = snapshot.value;
  while (typeof value !== 'string') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    if (key === undefined || inner === undefined) break;
    path.push(key);
    value = inner;
  }
  if (typeof value === 'string') path.push(value);
  return path.join('.');
};

export interface Model {
  machine: AnyStateMachine;
  input: PortalInput;
  /** One path per abstract state (the shortest), and extra paths for transitions not yet taken. */
  paths: ModelPath[];
  /** Abstract states found. */
  size: number;
}

/** Builds the adjacency map, then plans walks: leaves of the shortest-path tree plus one per new transition. */
export const buildModel = (input: PortalInput): Model => {
  const machine = portalMachine();
  const adjacency = getAdjacencyMap<PortalSnapshot, ModelEvent, PortalInput>(machine, {
    input,
    events: (snapshot) => eventsFor(machine, snapshot),
    serializeState: (snapshot) => serializeState(snapshot),
    // An event the snapshot cannot take changes nothing; skipping it keeps the walk fast.
    filterEvents: (snapshot, event) => snapshot.can(event),
    limit: 200_000,
  });
  const keys = transitionKeys(machine);

  // Breadth-first over the adjacency map: the first path found to each state is a shortest one.
  // getAdjacencyMap visits the initial snapshot first.
  const start = Object.keys(adjacency)[0] ?? '';
  const pathTo = new Map<string, ModelStep[]>([[start, []]]);
  const queue = [start];
  const hasChild = new Set<string>();
  const covered = new Set<string>();
  const extraPaths: ModelPath[] = [];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const vertex = adjacency[id as keyof typeof adjacency];
    if (!vertex) continue;
    const steps = pathTo.get(id) ?? [];
    for (const { event, state } of Object.values(vertex.transitions)) {
      const taken = machine.getTransitionData(vertex.state, event).map((t) => keys.get(t) ?? '?');
      const target = serializeState(state);
      const path = [...steps, { event, state }];
      if (!pathTo.has(target)) {
        pathTo.set(target, path);
        hasChild.add(id);
        queue.push(target);
      } else if (taken.some((key) => !covered.has(key))) {
        extraPaths.push({ steps: path });
      }
      taken.forEach((key) => covered.add(key));
    }
  }
  const leafPaths = [...pathTo.entries()].filter(([id]) => !hasChild.has(id)).map(([, steps]) => ({ steps }));
  return { machine, input, paths: [...leafPaths, ...extraPaths], size: pathTo.size };
};
