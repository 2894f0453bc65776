/**
 * Backups of each engine, as the command line takes and restores them: SQLite's online backup API, and
 * PostgreSQL's own client programs (`pg_dump`, `pg_restore`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/** A backup that cannot be taken or put back, said in words for the operator. */
export class BackupProblem extends Error {
  override name = 'BackupProblem';
}

/** Pages per step of SQLite's backup that no database reaches (the most it takes). */
const ALL_PAGES = 2 ** 31 - 1;

/** What every SQLite database file begins with. */
const SQLITE_HEADER = 'SQLite format 3\0';

/** The table Kysely's migrator keeps: every database of Itinera's has it. */
const MIGRATIONS_TABLE = 'kysely_migration';

/**
 * Copies the SQLite database at `file` to the new file `out` (mode 0600) in one step of SQLite's online
 * backup: one read transaction, so the copy is the database as of one moment, while writers in other
 * connections and processes go on (WAL). Answers the copy's migrations, read back from it.
 */
export async function backupSqlite(file: string, out: string): Promise<string[]> {
  if (!fs.existsSync(file)) throw new BackupProblem(`there is no database at ${file}`);
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    fs.closeSync(fs.openSync(out, 'wx', 0o600));
    // Every page in one step: SQLite's backup restarts a step-wise copy each time another connection
    // writes, and a busy server writes all the time.
    await backup(source, out, { rate: ALL_PAGES });
  } catch (error) {
    fs.rmSync(out, { force: true });
    throw error;
  } finally {
    source.close();
  }
  // The copy is kept as one file (no write-ahead log beside it) until a server opens it again.
  const copy = new DatabaseSync(out);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return sqliteMigrations(out);
}

/** The migrations a SQLite file of Itinera's has had; a problem if it is not one, or is damaged. */
export function sqliteMigrations(file: string): string[] {
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_HEADER)
    throw new BackupProblem(`${file} is not a SQLite database`);
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const check = db.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    if (check.integrity_check !== 'ok')
      throw new BackupProblem(`${file} is damaged: ${check.integrity_check}`);
    const table = db
      .prepare("select name from sqlite_master where type = 'table' and name = ?")
      .get(MIGRATIONS_TABLE);
    if (!table) throw new BackupProblem(`${file} is not an Itinera database (no ${MIGRATIONS_TABLE} table)`);
    return (db.prepare(`select name from ${MIGRATIONS_TABLE} order by name`).all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

/** Runs one of PostgreSQL's client programs; a problem with its standard error when it fails. */
function runClient(program: string, args: string[]): void {
  const done = spawnSync(program, args, { encoding: 'utf8' });
  if (done.error)
    throw new BackupProblem(
      `${program} could not run (${done.error.message}): install PostgreSQL's client programs`,
    );
  if (done.status !== 0) throw new BackupProblem(`${program} failed:\n${done.stderr.trim()}`);
}

/** `pg_dump` of the database at `url` (one schema when given) to `out`, custom format, mode 0600. */
export function dumpPostgres(url: string, schema: string | undefined, out: string): void {
  runClient('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...(schema ? [`--schema=${schema}`] : []),
    `--file=${out}`,
    `--dbname=${url}`,
  ]);
  fs.chmodSync(out, 0o600);
}

/** How many tables the schema (`public` when none) of the database at `url` holds. */
export async function postgresTables(url: string, schema: string | undefined): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = $1',
      [schema ?? 'public'],
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** `pg_restore` of a dump into the database at `url`, dropping what the dump holds first with `clean`. */
export function restorePostgres(url: string, from: string, clean: boolean): void {
  runClient('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    ...(clean ? ['--clean', '--if-exists'] : []),
    `--dbname=${url}`,
    from,
  ]);
}
