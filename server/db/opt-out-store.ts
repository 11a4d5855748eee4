/** The opt-out state of each account, as updated through comcast-update-opt-out-state; it wins over the scenario's. */
import type { ServerOptOutState } from '../../contract/index.ts';
import type { Db } from './open.ts';

export type StoredOptOut = { state: ServerOptOutState; updatedAt: number };

export type OptOutStore = ReturnType<typeof createOptOutStore>;

export function createOptOutStore(db: Db) {
  const get = db.prepare<[string], { state: string; updated_at: number }>(
    'SELECT state, updated_at FROM opt_out_states WHERE email = ?',
  );
  const put = db.prepare(`
    INSERT INTO opt_out_states (email, state, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`);
  const key = (email: string) => email.trim().toLowerCase();
  return {
    find(email: string): StoredOptOut | null {
      const row = get.get(key(email));
      // Only states this module wrote are stored.
      return row ? { state: row.state as ServerOptOutState, updatedAt: row.updated_at } : null;
    },
    save(email: string, state: ServerOptOutState, now: number): void {
      put.run(key(email), state, now);
    },
  };
}
