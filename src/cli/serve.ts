import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import {
  createDemoAccounts,
  type DemoCredentials,
  demoCredentialsFile,
  readDemoCredentials,
} from '../modules/auth/index.ts';
import { loadCatalogue } from '../modules/catalog/index.ts';
import { generateNetwork } from '../modules/flights/index.ts';
import { generateHotels } from '../modules/hotels/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import { progressBar } from './progress.ts';
import { describeStorage, hasherFor, openConfiguredStorage } from './runtime.ts';

function wantsDemo(config: Config): boolean {
  if (config.demo.accounts === 'never') return false;
  return config.demo.accounts === 'always' || !config.storage.databaseUrl;
}

function howToGetAToken(baseUrl: string, demo: DemoCredentials, dataDir: string): string {
  return [
    '',
    `Demo accounts (also in ${demoCredentialsFile(dataDir)}):`,
    `  client_id  ${demo.client_id}`,
    `  customer   ${demo.customer.username} / ${demo.customer.password}`,
    `  agent      ${demo.agent.username} / ${demo.agent.password}  (agency ${demo.agent.agency})`,
    `  admin      ${demo.admin.username} / ${demo.admin.password}`,
    '',
    'Get a token:',
    `  curl -s ${baseUrl}/connect/token \\`,
    `    --data-urlencode grant_type=password --data-urlencode client_id=${demo.client_id} \\`,
    `    --data-urlencode username=${demo.customer.username} --data-urlencode 'password=${demo.customer.password}'`,
    'Then:',
    `  curl -s ${baseUrl}/b2c/places?q=lon -H "Authorization: Bearer <access_token>"`,
    '',
  ].join('\n');
}

/** Runs the service until SIGINT or SIGTERM, then closes connections in order. */
export async function serve(config: Config): Promise<void> {
  const storage = await openConfiguredStorage(config, { migrate: config.storage.migrateOnStart });
  const redis = config.storage.redisUrl
    ? new Redis(config.storage.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  const hasher = hasherFor(config);
  const catalogue = loadCatalogue();
  const { app, accounts, flights, hotels } = await buildApp({
    config,
    storage,
    redis,
    hasher,
    clock: systemClock,
    ids: randomIds,
    catalogue,
  });
  const demo = wantsDemo(config)
    ? ((await createDemoAccounts(accounts, config.storage.dataDir)) ??
      readDemoCredentials(config.storage.dataDir))
    : undefined;

  if (wantsDemo(config) && (await flights.countSchedules()) === 0) {
    const preset = config.demo.preset;
    const file = generateNetwork(catalogue, preset, new Date().toISOString().slice(0, 10));
    const bar = progressBar(`Demo flight network (preset ${preset})`);
    await flights.importNetwork(file, bar.update);
    bar.stop();
    await flights.refreshNetwork();
  }
  if (wantsDemo(config) && (await hotels.countHotels()) === 0) {
    const preset = config.demo.preset;
    const bar = progressBar(`Demo hotels (preset ${preset})`);
    await hotels.importHotels(
      generateHotels(catalogue, preset, new Date().toISOString().slice(0, 10)),
      bar.update,
    );
    bar.stop();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    redis?.disconnect();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.http.host, port: config.http.port });
  const baseUrl = config.http.publicUrl;
  process.stdout.write(
    `\nItinera is serving on ${baseUrl} (storage: ${describeStorage(config)}${redis ? ', rate limits in Redis' : ''})\n` +
      `OpenAPI: ${baseUrl}/openapi.json\n` +
      (demo ? howToGetAToken(baseUrl, demo, config.storage.dataDir) : ''),
  );
}
