import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { loadCatalogue } from '../modules/catalog/index.ts';
import { generateNetwork, type NetworkFile, type Preset } from '../modules/flights/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import { UsageError } from './accounts-commands.ts';
import { progressBar } from './progress.ts';
import { hasherFor, openConfiguredStorage } from './runtime.ts';

const USAGE =
  'flights import FILE | flights generate --preset S|M|L [--start YYYY-MM-DD] [--out FILE] [--import]';

async function importFile(config: Config, file: NetworkFile): Promise<void> {
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const { app, flights } = await buildApp({
      config: { ...config, flights: { networkPollMs: 0, holdSweepMs: 0 } },
      storage,
      hasher: hasherFor(config),
      clock: systemClock,
      ids: randomIds,
      catalogue: loadCatalogue(),
      logger: false,
    });
    try {
      const bar = progressBar('Importing');
      const result = await flights.importNetwork(file, bar.update);
      bar.stop();
      process.stdout.write(`imported ${result.schedules} schedules and ${result.fares} fares\n`);
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

/** `itinera flights import|generate`: load a schedule file, or make a demo network of a preset size. */
export async function flightsCommand(config: Config, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'import') {
    const path = rest[0];
    if (!path) throw new UsageError(USAGE);
    let file: NetworkFile;
    try {
      file = JSON.parse(fs.readFileSync(path, 'utf8')) as NetworkFile;
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
    const file = generateNetwork(loadCatalogue(), values.preset as Preset, start);
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(file));
    process.stdout.write(
      `generated ${file.schedules.length} schedules and ${file.fares.length} fares (preset ${values.preset}, from ${start})\n`,
    );
    if (values.import) await importFile(config, file);
    else if (!values.out) throw new UsageError('give --out FILE, --import, or both');
    return;
  }
  throw new UsageError(USAGE);
}
