import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import v8 from 'node:v8';
import type { Catalogue } from './catalogue.types.ts';

/**
 * The catalogue as one file of V8's structured serialization: maps, and every object the catalogue
 * reaches from two places (an airport in its list and in `airportByCode`), come back as they were. Made
 * once (building the catalogue from its packages takes about two seconds) and read by every process that
 * needs the same catalogue: each test process of a run.
 */
export function writeCatalogueSnapshot(catalogue: Catalogue, file: string): void {
  writeFileSync(file, v8.serialize(catalogue));
}

/** The same, written without holding the event loop while the disk is slow: what a serving process uses. */
export async function saveCatalogueSnapshot(catalogue: Catalogue, file: string): Promise<void> {
  await writeFile(file, v8.serialize(catalogue));
}

export function readCatalogueSnapshot(file: string): Catalogue {
  return v8.deserialize(readFileSync(file)) as Catalogue;
}
