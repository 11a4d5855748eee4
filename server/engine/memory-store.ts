/**
 * TransferStateStore in memory: what the tests use, and the reference a database store must behave
 * like. `snapshot()` and the `initial` argument let a caller persist the whole state (a test that kills
 * its process does).
 */
import type { Checkpoint, OperationRecord, TransferOperation, TransferStateStore } from './ports.ts';

export type MemoryStoreState = Record<string, OperationRecord>;

const emptyRecord = (): OperationRecord => ({ status: null, progress: null, checkpoints: [], failures: [], receipts: [] });
const sameContainer = (a: { container: string }, b: { container: string }) => a.container === b.container;

export type MemoryStateStore = TransferStateStore & { snapshot(): MemoryStoreState };

export function createMemoryStateStore(initial: MemoryStoreState = {}, onChange?: (state: MemoryStoreState) => void): MemoryStateStore {
  const state: MemoryStoreState = structuredClone(initial);
  const key = (transferId: string, operation: TransferOperation) => `${transferId}/${operation}`;
  const record = (transferId: string, operation: TransferOperation) => (state[key(transferId, operation)] ??= emptyRecord());
  const changed = () => onChange?.(state);

  return {
    async load(transferId, operation) {
      return structuredClone(record(transferId, operation));
    },
    async begin(transferId, operation, totals) {
      const r = record(transferId, operation);
      r.status = { state: 'running' };
      r.progress = { operation, done: 0, failed: 0, bytesDone: 0, ...r.progress, ...totals };
      changed();
    },
    async reset(transferId, operation) {
      state[key(transferId, operation)] = { ...emptyRecord(), status: record(transferId, operation).status };
      changed();
    },
    async commit(transferId, { checkpoint, done, bytesDone, failed, failures }) {
      const r = record(transferId, checkpoint.operation);
      const progress = (r.progress ??= { operation: checkpoint.operation, total: 0, done: 0, failed: 0, bytesTotal: null, bytesDone: 0 });
      progress.done += done;
      progress.bytesDone += bytesDone;
      progress.failed += failed;
      r.failures.push(...failures);
      r.checkpoints = [...r.checkpoints.filter((c: Checkpoint) => !sameContainer(c, checkpoint)), checkpoint];
      changed();
    },
    async saveReceipt(transferId, receipt) {
      const r = record(transferId, receipt.operation);
      r.receipts = [...r.receipts.filter((x) => !sameContainer(x, receipt)), receipt];
      changed();
    },
    async end(transferId, operation, status) {
      record(transferId, operation).status = status;
      changed();
    },
    snapshot: () => structuredClone(state),
  };
}
