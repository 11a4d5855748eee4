/**
 * A query built and compiled once, then run with new values. Kysely has no prepared queries of its
 * own, and building plus compiling a select costs about as much as the indexed read it runs; on the
 * status poll and the token check that is avoidable per-request work.
 *
 * `build` declares one parameter per value and must use each of them in the query (no defaults, no
 * rest parameters: their count is `build.length`). It runs once, with markers in place of values.
 */
import type { Compilable, Kysely } from 'kysely';

export function compileOnce<DB, Params extends unknown[], Row>(
  db: Kysely<DB>,
  build: (...params: Params) => Compilable<Row>,
): (...params: Params) => Promise<Row[]> {
  const markers = Array.from({ length: build.length }, (_, index) => Symbol(`parameter ${index}`));
  // The markers stand in for values of the declared types: Kysely only carries a value through to
  // the compiled query's parameter list, where each is found again below.
  const compiled = build(...(markers as unknown as Params)).compile();
  const slots = compiled.parameters.map((value) => markers.findIndex((marker) => marker === value));
  const unused = markers.filter((marker) => !compiled.parameters.includes(marker));
  if (unused.length > 0) throw new Error(`compileOnce: ${unused.map(String).join(', ')} not used in ${compiled.sql}`);
  return async (...params) => {
    const parameters = compiled.parameters.map((value, index) => {
      const slot = slots[index] ?? -1;
      return slot === -1 ? value : params[slot];
    });
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
