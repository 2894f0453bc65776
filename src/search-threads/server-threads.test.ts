import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { removeLeftSnapshots } from './server-threads.ts';

describe('catalogue snapshots left by servers', () => {
  it('removes those of processes that no longer run, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-snapshots-'));
    try {
      // A process that has ended: its id names no running process (until the system reuses it).
      const ended = spawnSync(process.execPath, ['-e', '0']).pid;
      assert.ok(ended);
      const names = [
        `itinera-catalogue-${ended}-1795706000000.v8`,
        `itinera-catalogue-${process.pid}-1795706000000.v8`,
        `itinera-catalogue-${ended}-1795706000000.v8.partial`,
        'itinera-catalogue-notes.txt',
        'other.v8',
      ];
      for (const name of names) writeFileSync(path.join(dir, name), 'x');

      assert.deepEqual(removeLeftSnapshots(dir), [names[0]]);
      assert.deepEqual(readdirSync(dir).sort(), names.slice(1).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks about each snapshot’s process, and keeps those of the ones that run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-snapshots-'));
    try {
      writeFileSync(path.join(dir, 'itinera-catalogue-1-1795706000000.v8'), 'x');
      writeFileSync(path.join(dir, 'itinera-catalogue-2-1795706000000.v8'), 'x');
      const removed = removeLeftSnapshots(dir, (pid) => pid === 1);
      assert.deepEqual(removed, ['itinera-catalogue-2-1795706000000.v8']);
      assert.deepEqual(readdirSync(dir), ['itinera-catalogue-1-1795706000000.v8']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves what it may not remove, and goes on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-snapshots-'));
    try {
      // As a file of another user's in a shared /tmp: removing it fails (here, a folder that is not empty).
      const stuck = 'itinera-catalogue-2-1795706000000.v8';
      mkdirSync(path.join(dir, stuck));
      writeFileSync(path.join(dir, stuck, 'inside'), 'x');
      writeFileSync(path.join(dir, 'itinera-catalogue-3-1795706000000.v8'), 'x');
      assert.deepEqual(
        removeLeftSnapshots(dir, () => false),
        ['itinera-catalogue-3-1795706000000.v8'],
      );
      assert.deepEqual(readdirSync(dir), [stuck]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
