/**
 * Opening one session of an API destination: a client for the account, the pacing its calls wait
 * with, and one small read first, so a refused consent (or a wrong scope) fails the transfer before
 * anything is read at the source. The client is closed when that read fails.
 */
import type { Pacing } from '../paced.ts';
import type { TransferLimits } from '../pacing.ts';
import type { Clock } from '../ports.ts';
import { call } from './answers.ts';
import { openApiClient, type ApiClient, type ApiClientOptions, type ApiRequest } from './api-client.ts';

export async function openCheckedSession<T>(
  options: ApiClientOptions,
  run: { clock: Clock; limits: TransferLimits },
  check: ApiRequest,
  session: (client: ApiClient, pacing: Pacing) => T,
): Promise<T> {
  const client = openApiClient(options);
  const pacing: Pacing = { clock: run.clock, limits: run.limits, signal: client.signal };
  try {
    await call(client, options.name, check, pacing);
    return session(client, pacing);
  } catch (error) {
    client.close();
    throw error;
  }
}
