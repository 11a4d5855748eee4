/**
 * The real effects behind the machine's named actors and leave-page actions (docs/machine-api.md),
 * built from the API clients and the browser. Supply them with
 * `providedPortalMachine(portalImplementations(clients))`, whose types make any drift between these
 * implementations and the machine's declared actors and actions a compile error. The app passes lazy
 * clients (src/app/lazy-api-clients.ts) so the HTTP code is not in the first-load bundle.
 * Expected answers become data here (a refused IMAP host, an unknown account, an unknown export ID),
 * so the machine never reads HTTP statuses; anything else rejects with the client's `ApiFailure`.
 */
import { promiseActors, type PolicyPage, type Refusal } from '../../machines/index.ts';
import {
  SOURCE_PROVIDER,
  type DestinationProvider,
  type Language,
  type MigrationStatusResponse,
  type Operation,
  type LoadResponse,
  type OkResponse,
  type StatusResponse,
  type SupportResponse,
  type ValidateResponse,
} from '../../contract/index.ts';
import type { ExportServiceClient } from '../api/export-service-client';
import { isApiFailure, type ApiFailure } from '../api/failure';
import { apiConfig } from '../api/config';
import { oauthForStatusUrl, oauthUrl } from '../api/redirects';
import type { SessionClient } from '../api/session-client';
import { brand } from '../config/brand';

/** Only the client functions the actors use, so tests can hand in small fakes. */
export type PortalClients = {
  session: Pick<
    SessionClient,
    | 'capabilities'
    | 'validate'
    | 'load'
    | 'status'
    | 'cancel'
    | 'pause'
    | 'resume'
    | 'copyNewMail'
    | 'stopForwarding'
    | 'signOut'
    | 'sourceFolders'
  >;
  exportService: Pick<
    ExportServiceClient,
    | 'validateImap'
    | 'domainValidation'
    | 'comcastGetMigrationStatus'
    | 'comcastInfo'
    | 'comcastUpdateOptOutState'
    | 'statusV2'
    | 'jobsByEmail'
    | 'supportRequest'
  >;
};

/** The two browser effects, injectable so Node tests (and the inspector) never touch `window`. */
export type BrowserEffects = {
  assign: (url: string) => void;
  writeClipboard: (text: string) => Promise<void>;
};

export type PortalImplementationOptions = {
  /** The external policy pages; default: the brand's (src/config/brand.ts). */
  policyUrls?: Record<PolicyPage, string>;
  /** Base of the /api/oauth* redirects (§7 puts them on the export service); defaults to its configured URL. */
  redirectBaseUrl?: string;
  browser?: BrowserEffects;
};

export const browserEffects: BrowserEffects = {
  assign: (url) => {
    if (typeof window !== 'undefined') window.location.assign(url);
  },
  writeClipboard: (text) =>
    typeof navigator !== 'undefined' && navigator.clipboard
      ? navigator.clipboard.writeText(text)
      : Promise.reject(new Error('clipboard unavailable')),
};

const inQaParam = (inQa: boolean) => (inQa ? 'true' : 'false');

/** The machine reads no clock: the status check stamps its answer with the time it arrived. */
const clock = () => Date.now();

/** Resolves `call` with `answer(failure)` when the service refused it in an expected way; rejects otherwise. */
async function expected<T>(call: Promise<T>, answer: (failure: ApiFailure) => T | undefined): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const known = isApiFailure(error) && error.kind === 'status' ? answer(error) : undefined;
    if (known === undefined) throw error;
    return known;
  }
}

/** A limit reached (429) is an answer: the service's own sentence, which says when to try again. */
const limited = (failure: ApiFailure): Refusal | undefined =>
  failure.status === 429 ? { refused: failure.message ?? 'Too many attempts. Please, try again later.' } : undefined;

/** The owner's cancel, pause or resume refused (403, 409): `{ ok: false }`, which the page words. */
const ownerRefusal = (failure: ApiFailure): OkResponse | undefined =>
  failure.status === 403 || failure.status === 409 ? { ok: false } : undefined;

/**
 * The machine's actors (docs/machine-api.md), typed by its registry; each passes `signal` on. A
 * status asked for `signedIn` comes from the signed-in call, which adds the owner's fields
 * (download, receipt, report, cancel).
 */
export function portalActors({ session, exportService }: PortalClients) {
  const anonymousStatus = (exportId: string, signal: AbortSignal) =>
    expected<StatusResponse | null>(exportService.statusV2({ job_id: exportId }, { signal }), (failure) =>
      failure.status === 404 ? null : undefined,
    );
  return promiseActors({
    fetchCapabilities: (input, signal) => session.capabilities({ email: input.email }, { signal }),
    validateCredentials: (input, signal) =>
      expected<ValidateResponse | Refusal>(session.validate(input, { signal }), (failure) =>
        failure.code === 'INVALID_IMAP' ? { ok: false, error: failure.code } : limited(failure),
      ),
    validateImap: (input, signal) => exportService.validateImap({ imap: input.imap }, { signal }),
    validateDomain: (input, signal) => exportService.domainValidation({ domain: input.domain }, { signal }),
    startExport: (input, signal) => expected<LoadResponse | Refusal>(session.load(input, { signal }), limited),
    fetchSourceFolders: (input, signal) => session.sourceFolders(input, { signal }),
    fetchMigrationStatus: async (input, signal) => {
      const status = await expected<MigrationStatusResponse>(
        exportService.comcastGetMigrationStatus({ token_id: input.tokenId, in_qa: inQaParam(input.inQa) }, { signal }),
        (failure) => (failure.code === 'ACCOUNT_DOES_NOT_EXIST' ? { error: failure.code } : undefined),
      );
      return { status, checkedAt: clock() };
    },
    fetchComcastInfo: (input, signal) => exportService.comcastInfo({ token_id: input.tokenId }, { signal }),
    updateOptOutState: (input, signal) =>
      exportService.comcastUpdateOptOutState(
        { token_id: input.tokenId, in_qa: inQaParam(input.inQa) },
        { optOutState: input.optOutState },
        { signal },
      ),
    // An unknown (or malformed) export ID is a 404: null, "no such export". An expired sign-in (401)
    // still gets the anonymous answer.
    fetchJobStatus: async (input, signal) => {
      if (!input.signedIn) return anonymousStatus(input.exportId, signal);
      const signedIn = await expected<StatusResponse | null | 'expired'>(
        session.status({ job_id: input.exportId }, { signal }),
        (failure) => (failure.status === 404 ? null : failure.status === 401 ? 'expired' : undefined),
      );
      return signedIn === 'expired' ? anonymousStatus(input.exportId, signal) : signedIn;
    },
    // A refusal (the export ended, or is not this account's; a pause of a file export) is an answer, not an error.
    cancelExport: (input, signal) => expected(session.cancel({ job_id: input.exportId }, { signal }), ownerRefusal),
    pauseExport: (input, signal) => expected(session.pause({ job_id: input.exportId }, { signal }), ownerRefusal),
    resumeExport: (input, signal) => expected(session.resume({ job_id: input.exportId }, { signal }), ownerRefusal),
    stopForwarding: (input, signal) => expected(session.stopForwarding({ job_id: input.exportId }, { signal }), ownerRefusal),
    copyNewMail: (input, signal) =>
      expected<OkResponse | Refusal>(session.copyNewMail({ job_id: input.exportId }, { signal }), (failure) =>
        // The service's sentence says why (a pass runs, the account closed); the machine has its own when there is none.
        failure.status === 403 || failure.status === 409
          ? failure.message
            ? { refused: failure.message }
            : { ok: false }
          : limited(failure),
      ),
    fetchJobsByEmail: (input, signal) => exportService.jobsByEmail({ hash: input.hash }, { signal }),
    submitSupportRequest: (input, signal) => expected<SupportResponse | Refusal>(exportService.supportRequest(input, { signal }), limited),
  });
}

/**
 * The actions that leave the page or touch the browser. XState calls an action as
 * `(args, params)`; these read only `params`, which the machine fills from its context.
 */
export function portalActions({
  policyUrls = { privacyPolicy: brand.privacyPolicyUrl, termsOfService: brand.termsOfServiceUrl },
  redirectBaseUrl = apiConfig.exportServiceUrl,
  browser = browserEffects,
  session,
}: PortalImplementationOptions & { session?: Pick<SessionClient, 'signOut'> }) {
  return {
    leaveForSourceSignIn: (_: unknown, { language }: { language: Language }) =>
      browser.assign(oauthUrl({ provider: SOURCE_PROVIDER, language }, redirectBaseUrl)),
    leaveForDestinationConsent: (
      _: unknown,
      params: { provider: DestinationProvider | null; operations: readonly Operation[]; language: Language },
    ) => {
      if (params.provider)
        browser.assign(oauthUrl({ provider: params.provider, scopes: params.operations, language: params.language }, redirectBaseUrl));
    },
    leaveForStatusSignIn: (_: unknown, { language }: { language: Language }) =>
      browser.assign(oauthForStatusUrl(SOURCE_PROVIDER, redirectBaseUrl, language)),
    leaveForExternalPage: (_: unknown, params: { page: PolicyPage }) => browser.assign(policyUrls[params.page]),
    copyExportId: (_: unknown, params: { exportId: string }) => {
      // A refused clipboard (permissions, insecure origin) must not become an unhandled rejection:
      // the export ID stays on screen, selectable, and is also in the notification email.
      browser.writeClipboard(params.exportId).catch(() => undefined);
    },
    // Best effort: a sign-out that does not arrive leaves tokens that still end with their hour.
    signOut: (_: unknown, params: { tokens: readonly string[] }) => {
      if (session && params.tokens.length > 0) session.signOut({ tokens: [...params.tokens] }).catch(() => undefined);
    },
  };
}

/** Everything `providedPortalMachine(...)` needs. */
export function portalImplementations(clients: PortalClients, options: PortalImplementationOptions = {}) {
  return { actors: portalActors(clients), actions: portalActions({ ...options, session: clients.session }) };
}
