import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { openSqlite } from './sqlite-database.ts';
import { checkpointApart } from './wal-checkpoints.ts';

describe('WAL checkpoints on a thread of their own', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'itinera-wal-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The rows the database file holds by itself, without its log: what a checkpoint has copied. */
  const rowsInFileAlone = (file: string) => {
    const copy = path.join(dir, `alone-${Math.random().toString(36).slice(2)}.db`);
    copyFileSync(file, copy);
    const db = new DatabaseSync(copy, { readOnly: true });
    try {
      const tables = db.prepare("select count(*) as n from sqlite_master where name = 't'").get() as {
        n: number;
      };
      return tables.n === 0 ? 0 : (db.prepare('select count(*) as n from t').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  const filled = (db: DatabaseSync) => {
    db.exec('create table t (id integer primary key, note text)');
    const insert = db.prepare('insert into t (note) values (?)');
    db.exec('begin');
    for (let i = 0; i < 20_000; i++) insert.run(`row ${i} ${'x'.repeat(100)}`);
    db.exec('commit');
  };
  const autocheckpoint = (db: DatabaseSync) =>
    (db.prepare('pragma wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

  it('leaves a large commit in the log, and the thread copies it into the file', async () => {
    const file = path.join(dir, 'apart.db');
    const db = openSqlite(file);
    const checkpoints = checkpointApart(db, file, 3_600_000);
    assert.equal(autocheckpoint(db), 0);
    filled(db);
    // Far past SQLite's own threshold (1,000 pages), and the committing connection copied nothing.
    assert.equal(rowsInFileAlone(file), 0);
    await checkpoints.stop();
    assert.equal(rowsInFileAlone(file), 20_000);
    // Stopped, the connection checkpoints again as by default.
    assert.equal(autocheckpoint(db), 1_000);
    db.close();
  });

  it('checkpoints every interval while it runs', async () => {
    const file = path.join(dir, 'every.db');
    const db = openSqlite(file);
    const checkpoints = checkpointApart(db, file, 10);
    filled(db);
    await checkpoints.checkpointed();
    assert.equal(rowsInFileAlone(file), 20_000);
    await checkpoints.stop();
    db.close();
  });
});
