/**
 * The fakes every machine and UI test builds on, made from the machine's actor registry: a fake API
 * (one handler per actor; an actor without one never settles) and the page-leaving effects recorded
 * instead of performed. One list, so a new actor needs no new fake here.
 */
import type { MigrationStatusResponse, SourceFoldersResponse } from '../../contract/index.ts';
import {
  PORTAL_ACTOR_NAMES,
  promiseActors,
  type ActorFunctions,
  type ActorInput,
  type ActorOutput,
  type PortalActorName,
} from '../../machines/index.ts';

export const SOURCE = { token_id: 'src-token-1', email: 'pat@northwave.net' };
export const EXPORT_ID = 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4';
/** A fixed moment for tests that pin when the status was read (the machine reads no clock itself). */
export const CHECKED_AT = Date.parse('2026-03-01T00:00:00Z');

/** The status check's answer as the fake actor gives it: the status, read now (a test's fake clock pins it). */
export const statusAnswer = (status: MigrationStatusResponse, checkedAt = Date.now()) => ({ status, checkedAt });

/** The source's folders as the fake answers them: an inbox, special folders, one of the customer's own. */
export const SOURCE_FOLDERS = {
  folders: [
    { path: 'INBOX', name: 'INBOX', special_use: 'inbox', messages: 1240, bytes: 35_000_000 },
    { path: 'Sent', name: 'Sent', special_use: 'sent', messages: 310, bytes: 9_000_000 },
    { path: 'Spam', name: 'Spam', special_use: 'junk', messages: 42, bytes: 600_000 },
    { path: 'Projects.2019', name: 'Projects/2019', special_use: null, messages: 12, bytes: 80_000 },
  ],
  complete: true,
} as const satisfies SourceFoldersResponse;

export type FakeHandler<N extends PortalActorName> = (input: ActorInput<N>) => Promise<ActorOutput<N>>;
export type FakeApi = { [N in PortalActorName]?: FakeHandler<N> };

/** Answers with which every step of the wizard succeeds, for an open account that never opted out. */
export const happyApi = (): Required<FakeApi> => ({
  fetchMigrationStatus: async () => statusAnswer({ account: true, login: true, mailbox: true, carddav: true, optOutState: 'NONE' }),
  fetchComcastInfo: async () => ({ inactive: null }),
  fetchCapabilities: async () => ({ allowed_operations: ['emailmigration', 'contactsmigration'], auth: 'oauth', provider: 'gmail' }),
  validateCredentials: async () => ({ ok: true }),
  validateImap: async () => ({ ok: true }),
  validateDomain: async () => ({ ok: true }),
  startExport: async () => ({ jobid: EXPORT_ID }),
  fetchSourceFolders: async () => SOURCE_FOLDERS,
  fetchJobStatus: async () => ({ emailmigration: { status: 'started' } }),
  fetchJobsByEmail: async () => ({}),
  cancelExport: async () => ({ ok: true }),
  copyNewMail: async () => ({ ok: true }),
  pauseExport: async () => ({ ok: true }),
  resumeExport: async () => ({ ok: true }),
  stopForwarding: async () => ({ ok: true }),
  updateOptOutState: async () => ({ status: 'success' }),
  submitSupportRequest: async () => ({ ok: true }),
});

const never = () => new Promise<never>(() => {});

/** The machine's actors answering through `api`. */
export function fakeActors(api: FakeApi) {
  const functions = Object.fromEntries(PORTAL_ACTOR_NAMES.map((name) => [name, (input: never) => (api[name] ?? never)(input)]));
  // Built name by name from the registry: each entry has its actor's signature.
  return promiseActors(functions as unknown as ActorFunctions);
}

export type EffectCall = { name: string; params: unknown };

/** The actions that leave the page or touch the browser, recorded in `calls`. */
export function recordedEffects(calls: EffectCall[]) {
  const record = (name: string) => (_: unknown, params: unknown) => void calls.push({ name, params });
  return {
    leaveForSourceSignIn: record('leaveForSourceSignIn'),
    leaveForStatusSignIn: record('leaveForStatusSignIn'),
    leaveForDestinationConsent: record('leaveForDestinationConsent'),
    leaveForExternalPage: record('leaveForExternalPage'),
    copyExportId: record('copyExportId'),
    signOut: record('signOut'),
  };
}
