import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import {
  BackupProblem,
  backupSqlite,
  dumpPostgres,
  postgresTables,
  restorePostgres,
  sqliteMigrations,
} from '../db/backup.ts';
import { openStorage } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { describeStorage, storageOptionsOf } from './runtime.ts';
import { CommandError, UsageError } from './usage-error.ts';

/** A backup problem said as the command's own: its message, exit code 1. */
async function said<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupProblem) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * `itinera backup --out FILE`: a consistent copy of the database, taken while servers keep serving.
 * SQLite: the online backup, the copy checked before it is called done. PostgreSQL: `pg_dump` (one
 * snapshot), of the configured schema when there is one. The file is readable by its owner only.
 */
export async function backupCommand(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('backup needs --out FILE');
  const out = path.resolve(values.out);
  if (fs.existsSync(out)) throw new CommandError(`${out} exists: give a new file`);
  await said(async () => {
    const url = config.storage.databaseUrl;
    let schemaAt = '';
    if (url) dumpPostgres(url, config.storage.databaseSchema, out);
    else {
      const migrations = await backupSqlite(storageOptionsOf(config).sqliteFile!, out);
      schemaAt = `, schema at ${migrations.at(-1)}`;
    }
    process.stdout.write(
      `backed up ${describeStorage(config)} to ${out} (${fs.statSync(out).size} bytes${schemaAt})\n`,
    );
  });
}

/**
 * `itinera restore FILE [--force]`: puts a backup in place of the configured database, then brings its
 * schema up to this version's. Refuses a database that holds anything unless `--force`: then SQLite's
 * file is kept beside (`itinera.db.before-restore-<time>`) and PostgreSQL's tables the dump holds are
 * dropped first. No server may run on the database meanwhile.
 */
export async function restoreCommand(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const from = positionals[0];
  if (!from) throw new UsageError('restore needs the backup FILE');
  if (!fs.existsSync(from)) throw new CommandError(`there is no file ${from}`);
  const options = storageOptionsOf(config);
  await said(async () => {
    const url = config.storage.databaseUrl;
    if (url) {
      if ((await postgresTables(url, config.storage.databaseSchema)) > 0 && !values.force)
        throw new BackupProblem(
          `${describeStorage(config)} is not empty: restore into an empty one, or stop its servers and give --force`,
        );
      restorePostgres(url, from, values.force!);
    } else {
      sqliteMigrations(from);
      const file = options.sqliteFile!;
      if (fs.existsSync(file) && fs.statSync(file).size > 0) {
        if (!values.force)
          throw new BackupProblem(`${file} exists: stop its servers and give --force (it is kept beside)`);
        const aside = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(file, aside);
        for (const extra of ['-wal', '-shm']) fs.rmSync(`${file}${extra}`, { force: true });
        process.stdout.write(`kept the database that was there as ${aside}\n`);
      }
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.copyFileSync(from, file, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(file, 0o600);
    }
    const storage = await openStorage(options);
    try {
      const { applied } = await migrateToLatest(storage.db, storage.schema);
      process.stdout.write(
        `restored ${from} into ${describeStorage(config)}${applied.length ? `; migrated: ${applied.join(', ')}` : ''}\n`,
      );
    } finally {
      await storage.close();
    }
  });
}
