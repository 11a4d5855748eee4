/** The portal statechart and its pure helpers: the one import views and the app wiring need. */
export { portalMachine, providedPortalMachine, type ExportPortalMachine } from './machine.ts';
export type { PortalImplementations } from './setup/index.ts';
export { DELAYS } from './setup/delays.ts';
export {
  PORTAL_ACTORS,
  PORTAL_ACTOR_NAMES,
  promiseActors,
  type ActorFunctions,
  type ActorInput,
  type ActorOutput,
  type PortalActorName,
  type Refusal,
} from './setup/actors.ts';
export { deriveOptOutInfo, daysRemaining, OPT_OUT_INFO_STATES, type OptOutInfo, type OptOutInfoState } from '../contract/index.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './selectors.ts';
export * from './status-selectors.ts';
export * from './mail-choice-selectors.ts';
export type { MailChoiceProblem } from './mail-choice.ts';
export * from './download-sign-in.ts';
export type { Outcome } from './outcome-texts.ts';
export type { StatusPhrase } from './status-texts.ts';
export * from './persistence.ts';
export { initialContext } from './context.ts';
export { toJobStatus, type JobStatus } from './job-status.ts';
export { buildLoadRequest } from './load-request.ts';
export { ROUTES, intentHref, normalizePath, type NavigationIntent } from './routes.ts';
export { FIVE_STEPS, TWO_STEPS, showsStartOver, type SidebarKind, type SidebarStep } from './sidebar.ts';
export { operationsFor, type OperationsChoice } from './providers.ts';
export type {
  FeatureFlags,
  PortalContext,
  PortalEvent,
  PortalEventType,
  PortalInput,
  OtherForm,
  ErrorModalState,
  PolicyPage,
  ScreenMeta,
} from './types.ts';
export { DEFAULT_FLAGS } from './types.ts';
