/** The opt-out state of each account, as updated through comcast-update-opt-out-state; it wins over the scenario's. */
import type { ServerOptOutState } from '../../contract/index.ts';
import type { Db } from './open.ts';

export type StoredOptOut = { state: ServerOptOutState; updatedAt: number };

export type OptOutStore = ReturnType<typeof createOptOutStore>;

const key = (email: string) => email.trim().toLowerCase();

export function createOptOutStore(db: Db) {
  return {
    async find(email: string): Promise<StoredOptOut | null> {
      const row = await db.selectFrom('opt_out_states').select(['state', 'updated_at']).where('email', '=', key(email)).executeTakeFirst();
      // Only states this module wrote are stored.
      return row ? { state: row.state as ServerOptOutState, updatedAt: row.updated_at } : null;
    },
    async save(email: string, state: ServerOptOutState, now: number): Promise<void> {
      await db
        .insertInto('opt_out_states')
        .values({ email: key(email), state, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet((row) => ({ state: row.ref('excluded.state'), updated_at: row.ref('excluded.updated_at') })),
        )
        .execute();
    },
  };
}
