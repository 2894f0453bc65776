import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Where the engines differ in what a query may ask: here, and nowhere else. SQLite runs one writer at
 * a time, so row locks are PostgreSQL's alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's executor answers this
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
