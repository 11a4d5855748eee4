/**
 * The export-service client of §7: configured base URL, no credentials (no cookies, no bearer).
 * The support webhook is posted through it too: it may sit on another host and must not get cookies.
 */
import { createCall, createHttp, type CallOptions, type HttpOptions } from './call';
import { apiConfig, type ApiConfig } from './config';
import {
  ComcastInfoResponseSchema,
  JobsByEmailResponseSchema,
  MigrationStatusResponseSchema,
  OkResponseSchema,
  OptOutUpdateResponseSchema,
  StatusResponseSchema,
  SupportResponseSchema,
  ValidateTokenResponseSchema,
  type OptOutUpdateRequest,
  type SupportRequest,
} from '../../contract/index.ts';
import { API_PATHS } from '../../contract/index.ts';
import type {
  DomainValidationQuery,
  JobQuery,
  JobsByEmailRequest,
  TokenQuery,
  ValidateImapRequest,
  ValidateTokenRequest,
} from '../../contract/index.ts';
import { joinUrl } from './url';

export type ExportServiceClientOptions = Partial<ApiConfig> & { fetch?: HttpOptions['fetch'] };

export function createExportServiceClient(options: ExportServiceClientOptions = {}) {
  const config: ApiConfig = {
    exportServiceUrl: options.exportServiceUrl ?? apiConfig.exportServiceUrl,
    inQa: options.inQa ?? apiConfig.inQa,
    supportWebhookUrl: options.supportWebhookUrl ?? apiConfig.supportWebhookUrl,
  };
  const call = createCall(createHttp({ credentials: 'omit', fetch: options.fetch }));
  const url = (path: string) => joinUrl(config.exportServiceUrl, path);
  /** in_qa follows the configuration unless the caller (the machine's input) says otherwise. */
  const tokenQuery = ({ token_id, in_qa }: TokenQuery): TokenQuery => ({
    token_id,
    in_qa: in_qa ?? (config.inQa ? 'true' : 'false'),
  });

  return {
    validateImap: (body: ValidateImapRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.validateImap), schema: OkResponseSchema, json: body, ...opts }),

    jobsByEmail: (body: JobsByEmailRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.jobsByEmail), schema: JobsByEmailResponseSchema, json: body, ...opts }),

    statusV2: (query: JobQuery, opts?: CallOptions) =>
      call({ method: 'get', url: url(API_PATHS.statusV2), schema: StatusResponseSchema, query, ...opts }),

    domainValidation: (query: DomainValidationQuery, opts?: CallOptions) =>
      call({ method: 'get', url: url(API_PATHS.domainValidation), schema: OkResponseSchema, query, ...opts }),

    comcastGetMigrationStatus: (query: TokenQuery, opts?: CallOptions) =>
      call({
        method: 'get',
        url: url(API_PATHS.comcastGetMigrationStatus),
        schema: MigrationStatusResponseSchema,
        query: tokenQuery(query),
        ...opts,
      }),

    comcastUpdateOptOutState: (query: TokenQuery, body: OptOutUpdateRequest, opts?: CallOptions) =>
      call({
        method: 'post',
        url: url(API_PATHS.comcastUpdateOptOutState),
        schema: OptOutUpdateResponseSchema,
        query: tokenQuery(query),
        json: body,
        ...opts,
      }),

    /** §7 sends only token_id here, no in_qa. */
    comcastInfo: ({ token_id }: Pick<TokenQuery, 'token_id'>, opts?: CallOptions) =>
      call({ method: 'get', url: url(API_PATHS.comcastInfo), schema: ComcastInfoResponseSchema, query: { token_id }, ...opts }),

    validateToken: (body: ValidateTokenRequest, opts?: CallOptions) =>
      call({ method: 'post', url: url(API_PATHS.validateToken), schema: ValidateTokenResponseSchema, json: body, ...opts }),

    supportRequest: (body: SupportRequest, opts?: CallOptions) =>
      call({ method: 'post', url: config.supportWebhookUrl, schema: SupportResponseSchema, json: body, ...opts }),
  };
}

export type ExportServiceClient = ReturnType<typeof createExportServiceClient>;
