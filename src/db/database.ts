import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { registerArrayReader } from './bulk-read.ts';
import { kyselySqlite, openSqlite, toSqlite } from './sqlite-database.ts';
import type { Database } from './tables.ts';
import { checkpointApart } from './wal-checkpoints.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Storage {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; absent on SQLite. */
  readonly pool?: pg.Pool;
  /** The PostgreSQL schema in use when one was asked for. */
  readonly schema?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** The SQLite file, or `:memory:`. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (created if missing); tests give each run its own. */
  schema?: string;
  poolSize?: number;
  /**
   * SQLite file: checkpoint its log from a thread of its own (`wal-checkpoints.ts`), as a server should,
   * rather than in whichever commit fills it.
   */
  checkpointApart?: boolean;
  /** Refuse every write (a search thread's storage: it only reads what the serving thread writes). */
  readOnly?: boolean;
}

// BIGINT and NUMERIC come back as strings from pg by default; counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.schema, options.poolSize ?? 10, options.readOnly);
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    // Travellers' personal data: a folder and file made here are this user's only (SQLite gives its WAL
    // and shared-memory files the database file's mode).
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const raw = openSqlite(file);
  if (options.readOnly) raw.exec('PRAGMA query_only = ON');
  const checkpoints = options.checkpointApart && file !== ':memory:' ? checkpointApart(raw, file) : undefined;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselySqlite(raw) }) });
  registerArrayReader(db, async (query) => {
    const statement = raw.prepare(query.sql);
    statement.setReturnArrays(true);
    return statement.all(...query.parameters.map(toSqlite)) as unknown as unknown[][];
  });
  return {
    db,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  max: number,
  readOnly = false,
): Promise<Storage> {
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const settings = [
    ...(schema ? [`-c search_path=${schema}`] : []),
    ...(readOnly ? ['-c default_transaction_read_only=on'] : []),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerArrayReader(db, async (query) => {
    const result = await pool.query({ text: query.sql, values: [...query.parameters], rowMode: 'array' });
    return result.rows as unknown[][];
  });
  return {
    db,
    engine: 'postgres',
    pool,
    ...(schema ? { schema } : {}),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Drops a schema made by `openStorage({ schema })`; for tests. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
