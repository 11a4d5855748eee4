/**
 * Counts what the transfer engine moves and how its operations end, at the one place every run
 * reports it: the state store's commit (items and bytes copied, items failed) and end (outcome and
 * reason). A wrapper, so the engine and its stores know nothing of metrics.
 */
import type { TransferStateStore } from '../engine/ports.ts';
import type { Metrics } from './metrics.ts';

export function instrumentStateStore(store: TransferStateStore, metrics: Metrics): TransferStateStore {
  const { transfers } = metrics;
  return {
    load: (transferId, operation) => store.load(transferId, operation),
    begin: (transferId, operation, totals) => store.begin(transferId, operation, totals),
    reset: (transferId, operation) => store.reset(transferId, operation),
    saveReceipt: (transferId, receipt) => store.saveReceipt(transferId, receipt),
    async commit(transferId, commit) {
      await store.commit(transferId, commit);
      // Counted once stored: a commit that failed is done again, and counted then.
      transfers.items.inc(commit.done);
      transfers.bytes.inc(commit.bytesDone);
      transfers.itemFailures.inc(commit.failed);
    },
    async end(transferId, operation, status) {
      await store.end(transferId, operation, status);
      if (status.state === 'completed' || status.state === 'failed' || status.state === 'cancelled') {
        transfers.ended.inc({ outcome: status.state, reason: status.state === 'failed' ? status.reason : '' });
      }
    },
  };
}
