/**
 * How one run of an operation ends, the same for mail and contacts: a destination that is not durable
 * starts over, the run's body copies, then the status is decided (completed; failed with a reason;
 * sleeping; cancelled), a failed or cancelled file destination removes its partial archive, and the
 * status is stored. The run never rejects for a server's fault: every fault becomes a status.
 */
import { TransferPause } from './pause.ts';
import {
  isFolderFault,
  TransferFault,
  type OperationRecord,
  type TransferOperation,
  type TransferStateStore,
  type TransferStatus,
} from './ports.ts';

export type OperationResult = OperationRecord & { status: TransferStatus };

function statusOf(error: unknown, signal: AbortSignal): TransferStatus {
  if (error instanceof TransferPause) return { state: 'sleeping', reason: error.reason, resumeAt: error.resumeAt, detail: error.detail };
  if (error instanceof TransferFault && !isFolderFault(error)) {
    const reason = error.kind === 'login-refused' ? 'login-refused' : 'unreachable';
    return { state: 'failed', reason: `${error.side}-${reason}`, detail: error.message };
  }
  if (signal.aborted) return { state: 'cancelled' };
  return { state: 'failed', reason: 'internal', detail: error instanceof Error ? error.message : String(error) };
}

export type OperationRun = {
  transferId: string;
  operation: TransferOperation;
  store: TransferStateStore;
  signal: AbortSignal;
  destination: { traits: { durable: boolean }; finish(): Promise<void>; discard(): Promise<void> };
  /** What the operation's items are called in the all-failed detail ("messages", "contacts"). */
  itemNoun: string;
};

export async function runOperation(run: OperationRun, body: () => Promise<void>): Promise<OperationResult> {
  const { transferId, operation, store, signal, destination } = run;
  let status: TransferStatus;
  try {
    if (!destination.traits.durable) await store.reset(transferId, operation);
    await body();
    await destination.finish();
    const { progress } = await store.load(transferId, operation);
    const allFailed = progress !== null && progress.failed > 0 && progress.done === 0;
    status = allFailed
      ? { state: 'failed', reason: 'all-items-failed', detail: `none of ${progress.failed} ${run.itemNoun} could be copied` }
      : { state: 'completed' };
  } catch (error) {
    status = statusOf(error, signal);
  }
  if (status.state === 'failed' || status.state === 'cancelled') await destination.discard();
  await store.end(transferId, operation, status);
  return { ...(await store.load(transferId, operation)), status };
}
