/**
 * The session client of §7: same origin, cookies included, the bearer token from sessionStorage when
 * one is stored, and the XSRF cookie echoed as a header.
 */
import { readStoredAuthToken, readXsrfCookie, XSRF_HEADER_NAME, type ValueSource } from './browser-sources';
import { createCall, createHttp, type CallOptions, type HttpOptions } from './call';
import {
  API_PATHS,
  CapabilitiesResponseSchema,
  LoadResponseSchema,
  OkResponseSchema,
  SourceFoldersResponseSchema,
  StatusResponseSchema,
  ValidateResponseSchema,
  type ExportActionRequest,
  type CapabilitiesRequest,
  type JobQuery,
  type LoadRequest,
  type SourceFoldersRequest,
  type SignOutRequest,
  type ValidateRequest,
} from '../../contract/index.ts';
import { joinUrl } from './url';

export type SessionClientOptions = {
  /** '' (the default) is the portal's own origin; tests point it at a loopback server. */
  baseUrl?: string;
  readAuthToken?: ValueSource;
  readXsrfCookie?: ValueSource;
  fetch?: HttpOptions['fetch'];
};

export function createSessionClient(options: SessionClientOptions = {}) {
  const readToken = options.readAuthToken ?? readStoredAuthToken;
  const readCookie = options.readXsrfCookie ?? readXsrfCookie;
  const call = createCall(
    createHttp({
      credentials: 'include',
      fetch: options.fetch,
      headers: () => {
        const token = readToken();
        return { authorization: token ? `Bearer ${token}` : undefined, [XSRF_HEADER_NAME]: readCookie() };
      },
    }),
  );
  const url = (path: string) => joinUrl(options.baseUrl ?? '', path);

  return {
    capabilities: (body: CapabilitiesRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.capabilities), schema: CapabilitiesResponseSchema, json: body, ...opts }),

    validate: (body: ValidateRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.validate), schema: ValidateResponseSchema, json: body, ...opts }),

    load: (body: LoadRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.load), schema: LoadResponseSchema, json: body, ...opts }),

    /** v1 status: like v2, plus the owner's fields (download, receipt, report, cancel) for the export's own account. */
    status: (query: JobQuery, opts?: CallOptions) =>
      call({ method: 'get', url: url(API_PATHS.status), schema: StatusResponseSchema, query, ...opts }),

    /** Ours, additive: the signed-in account's folders, for "Choose what to move". */
    sourceFolders: (body: SourceFoldersRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.sourceFolders), schema: SourceFoldersResponseSchema, json: body, ...opts }),
    /** Ours, additive: ends the portal's tokens this browser holds (Start over, Back to home). */
    signOut: (body: SignOutRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.signOut), schema: OkResponseSchema, json: body, ...opts }),

    /** Ours, additive: the owner stops a running export. */
    cancel: (body: ExportActionRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.cancel), schema: OkResponseSchema, json: body, ...opts }),
    /** Ours, additive: the owner copies what arrived since a completed export to a mailbox (decision 0032). */
    copyNewMail: (body: ExportActionRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.copyNewMail), schema: OkResponseSchema, json: body, ...opts }),

    /** Ours, additive: the owner holds a running export (decision 0031); the body of a cancel. */
    pause: (body: ExportActionRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.pause), schema: OkResponseSchema, json: body, ...opts }),

    /** Ours, additive: the owner lets a paused export go on. */
    resume: (body: ExportActionRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.resume), schema: OkResponseSchema, json: body, ...opts }),
  };
}

export type SessionClient = ReturnType<typeof createSessionClient>;
