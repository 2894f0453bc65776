import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { type Catalogue, cachedCatalogue } from '../modules/catalog/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import { progressBar } from './progress.ts';
import { hasherFor, openConfiguredStorage } from './runtime.ts';
import { UsageError } from './usage-error.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
type Preset = 'S' | 'M' | 'L';

/** One kind of data operators load: how to import a file into the app, and how to make a demo one. */
export interface DataKind<F> {
  noun: string;
  /** Reads a file that is not JSON (an industry format); undefined when the text is not one it knows. */
  parseText?(text: string): F | undefined;
  load(app: App, file: F, progress: (done: number, total: number) => void): Promise<string>;
  /** Makes a demo file; `catalogue` loads the places (about a second) for a kind that needs them. */
  generate(catalogue: () => Catalogue, preset: Preset, start: string): F;
  describe(file: F): string;
}

async function importInto<F>(
  config: Config,
  kind: DataKind<F>,
  file: F,
  catalogue: () => Catalogue,
): Promise<void> {
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const app = await buildApp({
      config: {
        ...config,
        jobs: {
          ...config.jobs,
          networkRefreshMs: 0,
          hotelIndexRefreshMs: 0,
          ratesRefreshMs: 0,
          pricingRefreshMs: 0,
          holdSweepMs: 0,
          purgeMs: 0,
        },
      },
      storage,
      hasher: hasherFor(config),
      clock: systemClock,
      ids: randomIds,
      catalogue: catalogue(),
      logger: false,
    });
    try {
      const bar = progressBar(`Importing ${kind.noun}`);
      const summary = await kind.load(app, file, bar.update);
      bar.stop();
      process.stdout.write(`imported ${summary}\n`);
    } finally {
      await app.app.close();
    }
  } finally {
    await storage.close();
  }
}

/** `itinera <kind> import FILE` and `itinera <kind> generate --preset S|M|L [--start] [--out] [--import]`. */
export async function dataCommand<F>(config: Config, kind: DataKind<F>, args: string[]): Promise<void> {
  const usage = `${kind.noun} import FILE | ${kind.noun} generate --preset S|M|L [--start YYYY-MM-DD] [--out FILE] [--import]`;
  const [action, ...rest] = args;
  // Loaded when first needed, and once: a generated file imported at once is made from the same places.
  let loaded: Catalogue | undefined;
  const catalogue = () => {
    loaded ??= cachedCatalogue();
    return loaded;
  };
  if (action === 'import') {
    const path = rest[0];
    if (!path) throw new UsageError(usage);
    let file: F;
    try {
      const text = fs.readFileSync(path, 'utf8');
      file = kind.parseText?.(text) ?? (JSON.parse(text) as F);
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return importInto(config, kind, file, catalogue);
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
    const file = kind.generate(catalogue, values.preset as Preset, start);
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(file));
    process.stdout.write(`generated ${kind.describe(file)} (preset ${values.preset}, from ${start})\n`);
    if (values.import) await importInto(config, kind, file, catalogue);
    else if (!values.out) throw new UsageError('give --out FILE, --import, or both');
    return;
  }
  throw new UsageError(usage);
}
