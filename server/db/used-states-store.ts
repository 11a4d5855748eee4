/**
 * Single use of a sign-in or consent flow's `state`: the states answered, as SHA-256 digests, until
 * the flow would have expired anyway (then its cookie is refused on its own). The primary key makes
 * "first answer wins" hold between two requests at once and between nodes; expired rows go in the
 * statement path that writes.
 */
import { sha256Hex } from '../crypto/digest.ts';
import type { Db } from './open.ts';

export type UsedStates = ReturnType<typeof createUsedStatesStore>;

export function createUsedStatesStore(db: Db) {
  return {
    /** Records the state as answered; false when it already was (a replay, or a second answer racing). */
    async markUsed(state: string, expiresAt: number, now: number): Promise<boolean> {
      await db.deleteFrom('used_flow_states').where('expires_at', '<=', now).execute();
      const inserted = await db
        .insertInto('used_flow_states')
        .values({ state_digest: sha256Hex(state), expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('state_digest').doNothing())
        .returning('state_digest')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
