/** The service as `npm start` runs it (argon2id, the real catalogue), on a data directory of the benchmark's. */
import { buildApp } from '../src/app.ts';
import { hasherFor, openConfiguredStorage } from '../src/cli/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { systemClock } from '../src/ports/clock.ts';
import { randomIds } from '../src/ports/ids.ts';

export async function buildBenchApp(dataDir: string) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_ANONYMOUS_MAX: '1000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    HOLD_SWEEP_MS: '0',
    // One account drives every scenario over many connections: its search cap would refuse most of them.
    SEARCHES_PER_CLIENT: process.env.SEARCHES_PER_CLIENT ?? '256',
    PURGE_INTERVAL_MS: '0',
  });
  const storage = await openConfiguredStorage(config, { migrate: true });
  const built = await buildApp({
    config,
    storage,
    hasher: hasherFor(config),
    clock: systemClock,
    ids: randomIds,
    catalogue: loadCatalogue(),
  });
  built.app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  return { ...built, storage };
}
