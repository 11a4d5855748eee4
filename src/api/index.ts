/**
 * The API module's public face: both clients built from the configuration, plus the pieces the app
 * and tests need. Views never import this; they talk to the machine.
 */
import { apiConfig, type ApiConfig } from './config';
import { createExportServiceClient, type ExportServiceClient } from './export-service-client';
import { createSessionClient, type SessionClient } from './session-client';

export type ApiClients = { session: SessionClient; exportService: ExportServiceClient };

export function createApiClients(config: ApiConfig = apiConfig): ApiClients {
  return { session: createSessionClient(), exportService: createExportServiceClient(config) };
}

export { apiConfig, readApiConfig, type ApiConfig } from './config';
export { AUTH_TOKEN_STORAGE_KEY, storeAuthToken, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from './browser-sources';
export { createSessionClient, type SessionClient } from './session-client';
export { createExportServiceClient, type ExportServiceClient } from './export-service-client';
export { oauthForStatusUrl, oauthUrl } from './redirects';
export { API_PATHS } from '../../contract/index.ts';
export type { CallOptions } from './call';
