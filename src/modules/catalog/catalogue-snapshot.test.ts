import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readCatalogueSnapshot, writeCatalogueSnapshot } from './catalogue-snapshot.ts';
import { loadCatalogue } from './load-catalogue.ts';

describe('catalogue snapshot', () => {
  it('reads back the catalogue it was made from, each shared object shared again', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-catalogue-'));
    try {
      const built = loadCatalogue();
      const file = path.join(dir, 'catalogue.v8');
      writeCatalogueSnapshot(built, file);
      const read = readCatalogueSnapshot(file);
      assert.deepStrictEqual(read, built);
      const heathrow = read.airports.find((a) => a.iata === 'LHR')!;
      assert.equal(read.airportByCode.get('LHR'), heathrow, 'one airport object, listed and indexed');
      assert.equal(read.cityById.get(read.cities[0]!.id), read.cities[0]);
      assert.equal(
        read.countryByCode.get('GB'),
        read.countries.find((c) => c.code === 'GB'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
