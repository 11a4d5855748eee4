/** What a migration is given: a schema-level handle (tables are what it creates) and the dialect. */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export type SchemaMigration = {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
};

/** An auto-numbered primary key: SQLite's rowid alias (INTEGER PRIMARY KEY), Postgres's bigserial. */
export function autoId(dialect: Dialect): ['integer' | 'bigserial', (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return dialect === 'postgres'
    ? ['bigserial', (column) => column.primaryKey()]
    : ['integer', (column) => column.primaryKey().autoIncrement()];
}
