import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { openStorage } from './database.ts';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('the embedded database on disk', () => {
  it('makes its folders and files readable by this user only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-files-'));
    try {
      const file = path.join(dir, 'data', 'deeper', 'itinera.db');
      const storage = await openStorage({ sqliteFile: file });
      try {
        await sql`create table t (x integer)`.execute(storage.db);
        await sql`insert into t values (1)`.execute(storage.db);
        assert.equal(modeOf(path.join(dir, 'data')), 0o700);
        assert.equal(modeOf(path.join(dir, 'data', 'deeper')), 0o700);
        assert.equal(modeOf(file), 0o600);
        assert.ok(existsSync(`${file}-wal`), 'a write-ahead log');
        assert.equal(modeOf(`${file}-wal`), 0o600);
      } finally {
        await storage.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
