import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import { cachedCatalogue, catalogueKey } from './catalogue-cache.ts';

describe('the catalogue cache', () => {
  it('builds the catalogue over a broken or older file, keeps it under its key, and reads it from there next time', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-catalogue-cache-'));
    try {
      const current = path.join(dir, `catalogue-${catalogueKey()}.v8`);
      const older = path.join(dir, 'catalogue-0123456789abcdef.v8');
      writeFileSync(older, 'a catalogue other code built');
      writeFileSync(current, 'half a file');

      const built = cachedCatalogue(dir);
      assert.ok(built.airportByCode.get('LHR'), 'the real catalogue, built');
      assert.deepEqual(
        readdirSync(dir),
        [path.basename(current)],
        'the older file gone, no partial file left',
      );

      // What the cache holds is what the next process gets: marked here, the mark comes back.
      writeFileSync(current, v8.serialize({ ...built, languages: ['xx'] }));
      const read = cachedCatalogue(dir);
      assert.deepEqual(read.languages, ['xx']);
      assert.equal(
        read.airportByCode.get('LHR'),
        read.airports.find((a) => a.iata === 'LHR'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the catalogue where the cache cannot be written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-catalogue-cache-'));
    try {
      const notADirectory = path.join(dir, 'file');
      writeFileSync(notADirectory, '');
      const built = cachedCatalogue(path.join(notADirectory, 'cache'));
      assert.ok(built.cityById.size > 1000);
      assert.equal(existsSync(path.join(notADirectory, 'cache')), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the catalogue after what builds it', () => {
    assert.match(catalogueKey(), /^[0-9a-f]{16}$/);
    assert.equal(catalogueKey(), catalogueKey());
  });
});
