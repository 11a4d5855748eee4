/**
 * A failed `fetch` as the engine's fault, for the CardDAV sessions and the provider APIs alike: before
 * the server ever answered it is `unreachable`, afterwards `connection-lost` (both retried with
 * backoff). Node's fetch says only "fetch failed" and keeps the reason (refused, reset, timed out) in
 * the error's cause, so the cause's message is the detail.
 */
import { TransferFault } from '../ports.ts';

export function networkFault(error: unknown, side: 'source' | 'destination', answeredBefore: boolean, prefix: string): TransferFault {
  const reason =
    error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return new TransferFault(answeredBefore ? 'connection-lost' : 'unreachable', side, `${prefix}: ${reason}`, { cause: error });
}
