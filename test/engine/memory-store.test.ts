/** The engine's in-memory store against the store contract every TransferStateStore must keep. */
import { createMemoryStateStore } from '../../server/engine/index.ts';
import { describeStateStoreContract } from './support/state-store-contract.ts';

describeStateStoreContract('memory store', async () => ({ store: createMemoryStateStore(), close: async () => undefined }));
