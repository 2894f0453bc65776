import { randomBytes } from 'node:crypto';
import { dropPostgresSchema, openStorage, type Storage } from '../../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';

/** `TEST_ENGINE=postgres` (with TEST_DATABASE_URL) runs the suite on PostgreSQL; SQLite otherwise. */
export function testEngine(): 'sqlite' | 'postgres' {
  const engine = process.env.TEST_ENGINE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`TEST_ENGINE=${engine} is not an engine`);
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) {
    throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  }
  return engine;
}

/**
 * A fresh, migrated database: an in-memory SQLite, or a PostgreSQL schema of its own, dropped on close.
 * `migratedTo` stops at that migration (the schema an earlier version left) instead of the latest.
 */
export async function openTestStorage(options: { migratedTo?: string } = {}): Promise<Storage> {
  const migrate = (storage: Storage, schema?: string) =>
    options.migratedTo
      ? migrateTo(storage.db, options.migratedTo, schema)
      : migrateToLatest(storage.db, schema);
  if (testEngine() === 'sqlite') {
    const storage = await openStorage({ sqliteFile: ':memory:' });
    await migrate(storage);
    return storage;
  }
  const url = process.env.TEST_DATABASE_URL!;
  // Under scripts/run-tests.ts the runner drops this run's schemas at the end (dropping one while other
  // files migrate breaks their set-up); a file run on its own drops its schema when it closes.
  const runId = process.env.TEST_RUN_ID;
  const schema = `t_${runId ?? 'solo'}_${randomBytes(6).toString('hex')}`;
  const storage = await openStorage({ databaseUrl: url, schema, poolSize: 5 });
  await migrate(storage, schema);
  return {
    ...storage,
    close: async () => {
      await storage.close();
      if (!runId) await dropPostgresSchema(url, schema);
    },
  };
}
