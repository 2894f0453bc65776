import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { loadCatalogue } from '../modules/catalog/index.ts';
import { generateHotels, type HotelFile, type HotelPreset } from '../modules/hotels/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import { UsageError } from './accounts-commands.ts';
import { progressBar } from './progress.ts';
import { hasherFor, openConfiguredStorage } from './runtime.ts';

const USAGE =
  'hotels import FILE | hotels generate --preset S|M|L [--start YYYY-MM-DD] [--out FILE] [--import]';

async function importFile(config: Config, file: HotelFile): Promise<void> {
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const { app, hotels } = await buildApp({
      config: { ...config, flights: { networkPollMs: 0, holdSweepMs: 0 } },
      storage,
      hasher: hasherFor(config),
      clock: systemClock,
      ids: randomIds,
      catalogue: loadCatalogue(),
      logger: false,
    });
    try {
      const bar = progressBar('Importing hotels');
      const result = await hotels.importHotels(file, bar.update);
      bar.stop();
      process.stdout.write(
        `imported ${result.hotels} hotels, ${result.room_types} room types, ${result.rate_plans} rate plans, ${result.allotment_nights} allotment nights\n`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

/** `itinera hotels import|generate`: load hotel content and rates, or make a demo set of a preset size. */
export async function hotelsCommand(config: Config, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'import') {
    const path = rest[0];
    if (!path) throw new UsageError(USAGE);
    let file: HotelFile;
    try {
      file = JSON.parse(fs.readFileSync(path, 'utf8')) as HotelFile;
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return importFile(config, file);
  }
  if (action === 'generate') {
    const { values } = parseArgs({
      args: rest,
      options: {
        preset: { type: 'string', default: 'M' },
        start: { type: 'string' },
        out: { type: 'string' },
        import: { type: 'boolean', default: false },
      },
    });
    if (!['S', 'M', 'L'].includes(values.preset!)) throw new UsageError('--preset must be S, M or L');
    const start = values.start ?? new Date().toISOString().slice(0, 10);
    const file = generateHotels(loadCatalogue(), values.preset as HotelPreset, start);
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(file));
    process.stdout.write(`generated ${file.hotels.length} hotels (preset ${values.preset}, from ${start})\n`);
    if (values.import) await importFile(config, file);
    else if (!values.out) throw new UsageError('give --out FILE, --import, or both');
    return;
  }
  throw new UsageError(USAGE);
}
