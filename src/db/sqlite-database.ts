import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Opens a `node:sqlite` database tuned for a service: WAL so readers never wait for the writer,
 * foreign keys enforced, a busy timeout instead of instant SQLITE_BUSY, and `synchronous=FULL`
 * so a committed booking survives a power cut (docs/decisions/0002-storage.md).
 */
export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  // First, so that even switching to WAL waits for another process (one closing, a worker starting).
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA synchronous = FULL');
  return db;
}

/**
 * Adapts `node:sqlite` to the better-sqlite3 shape that Kysely's SqliteDialect drives. Prepared
 * statements are kept by SQL text (Kysely emits the same text for the same query shape), so a hot
 * query is parsed once, not on every call.
 */
export function kyselySqlite(db: DatabaseSync, cacheSize = 256): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const args = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) return hit;
      const stmt = db.prepare(sql);
      const wrapped: SqliteStatement = {
        reader: stmt.columns().length > 0,
        all: (parameters) => stmt.all(...args(parameters)),
        run: (parameters) => stmt.run(...args(parameters)),
        iterate: (parameters) => stmt.iterate(...args(parameters)) as IterableIterator<unknown>,
      };
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
      cache.set(sql, wrapped);
      return wrapped;
    },
  };
}

/** A value as `node:sqlite` binds it: booleans as 0/1, dates as ISO text. */
export function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}
