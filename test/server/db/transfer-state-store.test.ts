/** The transfer engine's state in the service's database, on the run's dialect, against the engine's store contract. */
import { createTransferStateStore } from '../../../server/db/transfer-state-store.ts';
import { describeStateStoreContract } from '../../engine/support/state-store-contract.ts';
import { openTestDatabase } from '../../support/test-database.ts';

describeStateStoreContract('database store', async () => {
  const { db, close } = await openTestDatabase();
  return { store: createTransferStateStore(db), close };
});
