import { type DatabaseIntrospector, type Kysely, sql, type TableMetadata } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The database as Kysely's migrator should see it. The migrator asks whether its own two tables exist by
 * listing every column of every table in the whole database (kysely-org/kysely#1707, open in 0.29): on a
 * PostgreSQL database that also holds other schemas (installations side by side, a test run's schemas)
 * each start pays for all of them, seconds with a hundred. Here its introspection lists the tables of the
 * one schema the migrations work in, by name, from the catalogue; SQLite's file holds one schema anyway.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
export function forMigrator(db: Kysely<any>, schema: string | undefined): Kysely<any> {
  if (!isPostgres(db)) return db;
  const tables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${schema ?? null}::text, current_schema()) and c.relkind in ('r', 'p', 'v')`.execute(
      db,
    );
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === 'v', columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: tables,
    getMetadata: async () => ({ tables: await tables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      // Kysely's methods reach private fields: they run on the database itself, not on this view.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
