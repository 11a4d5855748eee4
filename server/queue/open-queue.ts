/**
 * The transfer queue the configuration calls for: pg-boss on Postgres (any number of workers on one
 * database), the table lease on SQLite (one machine). Both fill the TransferQueue port; why:
 * docs/decisions/0015-transfer-queue-pg-boss.md. `over(db)` makes the queue on a handle, so a load
 * can queue in the transaction that stores its transfer; `close()` stops pg-boss's maintenance.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { createTableTransferQueue } from '../db/transfer-queue.ts';
import type { TransferQueue } from '../ports.ts';
import { createPgBossQueue, startPgBoss } from './pg-boss.ts';

export type QueueFactory = { over: (db: Db) => TransferQueue; close: () => Promise<void> };

export async function openTransferQueue(config: Config, onError: (error: Error) => void): Promise<QueueFactory> {
  const { url } = config.database;
  if (!url) return { over: createTableTransferQueue, close: async () => undefined };
  const { leaseMs } = config.transfers;
  const boss = await startPgBoss({ url, leaseMs, onError });
  return {
    over: (db) => createPgBossQueue(boss, db, leaseMs),
    close: () => boss.stop({ graceful: false, wait: true }),
  };
}
