import path from 'node:path';
import type { Config } from '../config.ts';
import { openStorage, type Storage, type StorageOptions } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createArgon2Hasher } from '../ports/password-hasher.ts';

/** Where the configured storage is: the engine, its file or server, and schema. */
export function storageOptionsOf(config: Config): StorageOptions {
  return {
    databaseUrl: config.storage.databaseUrl,
    sqliteFile: path.join(config.storage.dataDir, 'itinera.db'),
    ...(config.storage.databaseSchema ? { schema: config.storage.databaseSchema } : {}),
  };
}

/** Storage for a command: the configured engine, migrated when the configuration says so. */
export async function openConfiguredStorage(config: Config, options: { migrate: boolean }): Promise<Storage> {
  const storage = await openStorage({ ...storageOptionsOf(config), checkpointApart: true });
  if (options.migrate) await migrateToLatest(storage.db, storage.schema);
  return storage;
}

export function hasherFor(config: Config) {
  return createArgon2Hasher({
    concurrency: config.auth.hashConcurrency,
    queueLimit: config.auth.hashQueueLimit,
  });
}

export function describeStorage(config: Config): string {
  if (!config.storage.databaseUrl) return `SQLite ${path.join(config.storage.dataDir, 'itinera.db')}`;
  const url = new URL(config.storage.databaseUrl);
  const schema = config.storage.databaseSchema ? ` schema ${config.storage.databaseSchema}` : '';
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}${schema}`;
}
