/**
 * Work that must hold together, in one transaction: the caller's when `db` already is one (a store
 * created over a transaction joins it, so a caller can make several stores' writes atomic), else a
 * new one. Kysely does not nest transactions; this is how stores compose instead.
 */
import type { Db } from './open.ts';

export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
