/** The purge as a worker node runs it (server/wiring.ts), over a harness's configuration and clock. */
import type { Logger } from 'pino';
import { createPurge, type Purge } from '../../../server/background/purge.ts';
import { createDestinationGrantsStore } from '../../../server/db/destination-grants-store.ts';
import type { Db } from '../../../server/db/open.ts';
import { createLogger } from '../../../server/http/logger.ts';
import type { Harness } from './harness.ts';

/** `db`: another node's handle on the harness's database; the harness's own by default. */
export function purgeOf(harness: Harness, options: { db?: Db; logger?: Logger } = {}): Purge {
  const db = options.db ?? harness.db;
  const grants = createDestinationGrantsStore(db);
  return createPurge({
    db,
    config: harness.config,
    grants: { purge: () => grants.purge(harness.clock.now) },
    now: () => harness.clock.now,
    logger: options.logger ?? createLogger('silent'),
  });
}
