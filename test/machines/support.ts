/** A machine with fake actors that answer at once, and spies for the effects that leave the page. */
import { createActor, fromPromise, waitFor, type Snapshot } from 'xstate';
import { exportPortalMachine, type PortalInput, type PortalSnapshot } from '../../machines/index.ts';
import type {
  CapabilitiesResponse,
  ComcastInfoResponse,
  JobsByEmailResponse,
  LoadResponse,
  MigrationStatusResponse,
  OkResponse,
  OptOutUpdateResponse,
  StatusResponse,
  ValidateResponse,
} from '../../contract/index.ts';

export const SOURCE = { token_id: 'src-token-1', email: 'pat@northwave.net' };
export const EXPORT_ID = 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4';

export const fakeMachine = (effects: string[]) =>
  exportPortalMachine.provide({
    actors: {
      fetchMigrationStatus: fromPromise(async (): Promise<MigrationStatusResponse> => ({ account: true, login: true, mailbox: true, carddav: true, optOutState: 'NONE' })),
      fetchComcastInfo: fromPromise(async (): Promise<ComcastInfoResponse> => ({ inactive: null })),
      fetchCapabilities: fromPromise(async (): Promise<CapabilitiesResponse> => ({
        allowed_operations: ['emailmigration', 'contactsmigration'],
        auth: 'oauth',
        provider: 'gmail',
      })),
      validateCredentials: fromPromise(async (): Promise<ValidateResponse> => ({ ok: true })),
      validateImap: fromPromise(async (): Promise<OkResponse> => ({ ok: true })),
      validateDomain: fromPromise(async (): Promise<OkResponse> => ({ ok: true })),
      startExport: fromPromise(async (): Promise<LoadResponse> => ({ jobid: EXPORT_ID })),
      fetchJobStatus: fromPromise(async (): Promise<StatusResponse | null> => ({ emailmigration: { status: 'started' } })),
      fetchJobsByEmail: fromPromise(async (): Promise<JobsByEmailResponse> => ({})),
      updateOptOutState: fromPromise(async (): Promise<OptOutUpdateResponse> => ({ status: 'success' })),
      submitSupportRequest: fromPromise(async (): Promise<{ ok: boolean }> => ({ ok: true })),
    },
    actions: {
      leaveForSourceSignIn: () => void effects.push('leaveForSourceSignIn'),
      leaveForStatusSignIn: () => void effects.push('leaveForStatusSignIn'),
      leaveForDestinationConsent: (_, params) => void effects.push(`leaveForDestinationConsent:${params.provider}:${params.operations.join(',')}`),
      leaveForExternalPage: (_, params) => void effects.push(`leaveForExternalPage:${params.page}`),
      copyExportId: (_, params) => void effects.push(`copyExportId:${params.exportId}`),
    },
  });

export const start = (effects: string[], options: { input?: PortalInput; snapshot?: Snapshot<unknown> } = {}) => {
  const actor = createActor(fakeMachine(effects), { input: options.input ?? {}, snapshot: options.snapshot });
  actor.start();
  return actor;
};

export const visit = (path: string, query: Record<string, string> = {}, hash = '') =>
  ({ type: 'ROUTE.VISITED', path, query, hash }) as const;


export const waitForScreen = (actor: ReturnType<typeof start>, predicate: (s: PortalSnapshot) => boolean) =>
  waitFor(actor, predicate, { timeout: 2000 });
