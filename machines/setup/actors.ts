/**
 * The actor registry: every call the machine makes, with its input and output declared once. The
 * machine's defaults (reject until provided), the real actors (src/app/actors.ts) and the test
 * fakes are all built from this list with `promiseActors`, so adding an actor is one line here,
 * its invoke in a state file, and its real implementation.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type {
  CapabilitiesRequest,
  CapabilitiesResponse,
  ComcastInfoResponse,
  JobsByEmailResponse,
  LoadRequest,
  LoadResponse,
  MigrationStatusResponse,
  SourceFoldersResponse,
  OkResponse,
  OptOutRequest,
  OptOutUpdateResponse,
  StatusResponse,
  SupportRequest,
  SupportResponse,
  ValidateRequest,
  ValidateResponse,
} from '../../contract/index.ts';

/** The service declined for now (a limit on exports, checks or support requests): the sentence to show. */
export type Refusal = { refused: string };

/** The sentence of a refusal, or null for any other answer. */
export const refusalOf = (answer: object): string | null =>
  'refused' in answer && typeof answer.refused === 'string' ? answer.refused : null;

/** One actor's types; the value is never read at run time. */
const call = <TInput, TOutput>() => ({}) as { input: TInput; output: TOutput };

export const PORTAL_ACTORS = {
  fetchCapabilities: call<CapabilitiesRequest, CapabilitiesResponse>(),
  /**
   * An IMAP host the service refuses resolves as `{ ok: false, error: 'INVALID_IMAP' }`. Here, in
   * startExport and in submitSupportRequest, a limit reached resolves as a Refusal.
   */
  validateCredentials: call<ValidateRequest, ValidateResponse | Refusal>(),
  validateImap: call<{ imap: string }, OkResponse>(),
  validateDomain: call<{ domain: string }, OkResponse>(),
  startExport: call<LoadRequest, LoadResponse | Refusal>(),
  /** The signed-in account's folders for "Choose what to move"; any failure (a limit, a slow source) rejects and every folder moves. */
  fetchSourceFolders: call<Record<string, never>, SourceFoldersResponse>(),
  /**
   * The account's migration status and the moment it was read: the actor owns the clock, so the
   * machine turns dates into days without reading the time itself (tests pin `checkedAt`).
   * An unknown account resolves as `{ error: 'ACCOUNT_DOES_NOT_EXIST' }`.
   */
  fetchMigrationStatus: call<{ tokenId: string; inQa: boolean }, { status: MigrationStatusResponse; checkedAt: number }>(),
  fetchComcastInfo: call<{ tokenId: string }, ComcastInfoResponse>(),
  updateOptOutState: call<{ tokenId: string; inQa: boolean; optOutState: OptOutRequest }, OptOutUpdateResponse>(),
  /**
   * null: no export has this ID. `signedIn`: a sign-in is held, so ask as that account (its owner
   * gets the download). The machine says so, for the sign-in it has just taken may not be stored yet.
   */
  fetchJobStatus: call<{ exportId: string; signedIn: boolean }, StatusResponse | null>(),
  fetchJobsByEmail: call<{ hash: string }, JobsByEmailResponse>(),
  /** `{ ok: false }`: the export had already ended (or is not the customer's to stop). */
  cancelExport: call<{ exportId: string }, OkResponse>(),
  /** Copy new mail (decision 0032); a refusal (a pass runs, the account closed) resolves as a Refusal with the service's sentence. */
  copyNewMail: call<{ exportId: string }, OkResponse | Refusal>(),
  /** The owner holds a running export, or lets it go on (decision 0031); `{ ok: false }`: it has ended, or cannot be. */
  pauseExport: call<{ exportId: string }, OkResponse>(),
  resumeExport: call<{ exportId: string }, OkResponse>(),
  /** The owner ends forwarding's daily passes (decision 0032); `{ ok: false }`: refused (not theirs, or never chosen). */
  stopForwarding: call<{ exportId: string }, OkResponse>(),
  submitSupportRequest: call<SupportRequest, SupportResponse | Refusal>(),
};

export type PortalActorName = keyof typeof PORTAL_ACTORS;
export type ActorInput<N extends PortalActorName> = (typeof PORTAL_ACTORS)[N]['input'];
export type ActorOutput<N extends PortalActorName> = (typeof PORTAL_ACTORS)[N]['output'];

/** What implements an actor: its input and an abort signal in, a promise of its output out. */
export type ActorFunctions = { [N in PortalActorName]: (input: ActorInput<N>, signal: AbortSignal) => Promise<ActorOutput<N>> };
export type PortalActorLogics = { [N in PortalActorName]: PromiseActorLogic<ActorOutput<N>, ActorInput<N>> };

export const PORTAL_ACTOR_NAMES = Object.keys(PORTAL_ACTORS) as PortalActorName[];

const logic = <N extends PortalActorName>(fn: ActorFunctions[N]) =>
  fromPromise<ActorOutput<N>, ActorInput<N>>(({ input, signal }) => fn(input, signal));

/** The machine's actors from plain async functions, one per name of the registry. */
export function promiseActors(functions: ActorFunctions): PortalActorLogics {
  // Object.fromEntries loses the per-name pairing that the mapped type states; the entries follow it.
  return Object.fromEntries(PORTAL_ACTOR_NAMES.map((name) => [name, logic(functions[name])])) as unknown as PortalActorLogics;
}

/** The defaults: each rejects, so the machine never calls the network unless it is provided. */
export const notProvidedActors = promiseActors(
  Object.fromEntries(
    PORTAL_ACTOR_NAMES.map((name) => [
      name,
      () => Promise.reject(new Error(`${name} is not provided: supply it with providedPortalMachine()`)),
    ]),
  ) as unknown as ActorFunctions,
);
