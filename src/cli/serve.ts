import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../db/database.ts';
import { demoRemovedAt } from '../db/demo-removal.ts';
import {
  createDemoAccounts,
  DEMO_USERNAMES,
  type DemoCredentials,
  demoCredentialsFile,
  readDemoCredentials,
} from '../modules/auth/index.ts';
import { type Catalogue, cachedCatalogue } from '../modules/catalog/index.ts';
import { generateNetwork } from '../modules/flights/index.ts';
import { generateHotels } from '../modules/hotels/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import type { SearchPool } from '../search-threads/search-pool.ts';
import { serverSearchThreads } from '../search-threads/server-threads.ts';
import type { Press } from '../shared/pdf/paper.ts';
import { createPressPool } from '../shared/pdf/press-pool.ts';
import { progressBar } from './progress.ts';
import { describeStorage, hasherFor, openConfiguredStorage, storageOptionsOf } from './runtime.ts';
import { CommandError } from './usage-error.ts';
import { isWorker, serveInWorkers } from './workers.ts';

function wantsDemo(config: Config): boolean {
  if (config.demo.accounts === 'never') return false;
  if (config.demo.accounts === 'always') return true;
  return !config.storage.databaseUrl && !config.demo.production;
}

/**
 * Why a production server does not start on this database: its demo accounts can sign in (their
 * passwords sit in a file, and every installation's have the same names). Undefined when none can, or
 * when `DEMO_ACCOUNTS=always` says to start anyway.
 */
export function demoAccountsRefusal(
  config: Config,
  enabledDemoAccounts: readonly string[],
): string | undefined {
  if (!config.demo.production || config.demo.accounts === 'always' || enabledDemoAccounts.length === 0)
    return undefined;
  return (
    `this database has demo accounts that can sign in (${enabledDemoAccounts.join(', ')}), and NODE_ENV is ` +
    'production: disable them (itinera users disable --username …), or set DEMO_ACCOUNTS=always to start anyway'
  );
}

/**
 * The demo accounts and how to get a token with them. Their passwords stay in the credentials file
 * (readable by this user only), never in what the server prints: its output often ends up in logs.
 */
function howToGetAToken(baseUrl: string, demo: DemoCredentials, dataDir: string): string {
  const file = path.resolve(demoCredentialsFile(dataDir));
  return [
    '',
    `Demo accounts (their passwords are in ${file}):`,
    `  client_id  ${demo.client_id}`,
    `  customer   ${demo.customer.username}`,
    `  agent      ${demo.agent.username}  (agency ${demo.agent.agency})`,
    `  admin      ${demo.admin.username}`,
    '',
    'Get a token:',
    `  curl -s ${baseUrl}/connect/token \\`,
    `    --data-urlencode grant_type=password --data-urlencode client_id=${demo.client_id} \\`,
    `    --data-urlencode username=${demo.customer.username} \\`,
    `    --data-urlencode "password=$(node -p 'require(process.argv[1]).customer.password' '${file}')"`,
    'Then:',
    `  curl -s ${baseUrl}/b2c/places?q=lon -H "Authorization: Bearer <access_token>"`,
    '',
  ].join('\n');
}

/** Demo accounts, network and hotels on a first start of the embedded engine; the credentials to show. */
async function prepareDemo(
  config: Config,
  built: Pick<Awaited<ReturnType<typeof buildApp>>, 'accounts' | 'flights' | 'hotels'> & { storage: Storage },
  catalogue: Catalogue,
): Promise<DemoCredentials | undefined> {
  const { accounts, flights, hotels } = built;
  const refusal = demoAccountsRefusal(config, await accounts.enabledAmong(DEMO_USERNAMES));
  if (refusal) throw new CommandError(refusal);
  // Once `itinera demo remove` took the demo out, no server puts it back.
  if (!wantsDemo(config) || (await demoRemovedAt(built.storage.db))) return undefined;
  const demo =
    (await createDemoAccounts(accounts, config.storage.dataDir)) ??
    readDemoCredentials(config.storage.dataDir);
  const preset = config.demo.preset;
  const today = new Date().toISOString().slice(0, 10);
  if ((await flights.countSchedules()) === 0) {
    const bar = progressBar(`Demo flight network (preset ${preset})`);
    await flights.importNetwork(generateNetwork(catalogue, preset, today), bar.update);
    bar.stop();
  }
  if ((await hotels.countHotels()) === 0) {
    const bar = progressBar(`Demo hotels (preset ${preset})`);
    await hotels.importHotels(generateHotels(catalogue, preset, today), bar.update);
    bar.stop();
  }
  return demo;
}

/** What a server says once it listens: where, on what, and how to get a token with the demo accounts. */
function banner(config: Config, demo: DemoCredentials | undefined, extra = ''): string {
  const baseUrl = config.http.publicUrl;
  return (
    `\nItinera is serving on ${baseUrl} (storage: ${describeStorage(config)}${extra})\n` +
    (config.http.webDir
      ? `Website: ${baseUrl}/${demo ? `  (sign in as ${demo.customer.username}; the password is in the file below)` : ''}\n`
      : '') +
    `API reference: ${baseUrl}/docs  (OpenAPI: ${baseUrl}/openapi.json)\n` +
    (demo
      ? howToGetAToken(baseUrl, demo, config.storage.dataDir)
      : '\nNo demo accounts here. The first admin:\n' +
        '  printf %s "$PASSWORD" | npx itinera users create --username admin --role admin --password-stdin\n' +
        '  npx itinera clients create --client-id my-shop   (docs/deploy.md)\n')
  );
}

/** The app on the configured storage, with what it stands on, ready to prepare and listen. */
export async function open(
  config: Config,
  migrate: boolean,
  threads: { searchThreads?: SearchPool | undefined; press?: Press } = {},
) {
  const storage = await openConfiguredStorage(config, { migrate });
  const redis = config.storage.redisUrl
    ? new Redis(config.storage.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  const catalogue = cachedCatalogue();
  const built = await buildApp({
    config,
    storage,
    redis,
    hasher: hasherFor(config),
    clock: systemClock,
    ids: randomIds,
    catalogue,
    searchThreads: threads.searchThreads,
    press: threads.press,
  });
  const close = async () => {
    await built.app.close();
    redis?.disconnect();
    await storage.close();
  };
  return { ...built, storage, catalogue, redis, close };
}

/**
 * Runs the service until SIGINT or SIGTERM, then closes connections in order. With WORKERS above one,
 * this process prepares the database in a first worker and then supervises that many serving workers
 * sharing the port (`workers.ts`); each of them comes back here to serve.
 */
export async function serve(config: Config): Promise<void> {
  if (config.http.workers > 1 || isWorker()) return serveInWorkers(config, { prepare, serveOne });
  await serveOne(config, { prepareFirst: true, onListening: (text) => process.stdout.write(text) });
}

/** Migrates and fills the demo data, then closes: what a first worker does before the servers start. */
async function prepare(config: Config): Promise<DemoCredentials | undefined> {
  const opened = await open(config, config.storage.migrateOnStart);
  try {
    return await prepareDemo(config, opened, opened.catalogue);
  } finally {
    await opened.close();
  }
}

/** One server: the app (prepared first unless a worker), its indexes loaded, listening until a signal. */
async function serveOne(
  config: Config,
  options: { prepareFirst: boolean; onListening: (banner: string) => void },
): Promise<void> {
  const threads = serverSearchThreads(config, {
    env: process.env,
    storage: storageOptionsOf(config),
    onFailure: (error) =>
      opened.app.log.error({ err: error }, 'no search thread could start; searching on this thread'),
  });
  // Documents (tickets, vouchers, invoices, mail attachments) are drawn in a thread of their own.
  const press = createPressPool({
    onFailure: (error) =>
      opened.app.log.error({ err: error }, 'the press thread could not start; drawing here'),
  });
  const opened = await open(config, options.prepareFirst && config.storage.migrateOnStart, {
    searchThreads: threads?.pool,
    press: press.press,
  });
  // The press thread starts at once: papers wait for it (the mail outbox may have some from before a
  // restart) rather than being drawn here while the server starts.
  press.start();
  const demo = options.prepareFirst
    ? await prepareDemo(config, opened, opened.catalogue)
    : wantsDemo(config)
      ? readDemoCredentials(config.storage.dataDir)
      : undefined;
  // Both search indexes loaded before serving, so the first search pays for neither (the hotel index
  // from its snapshot when there is one); the places autocomplete likewise.
  await Promise.all([opened.flights.refreshNetwork(), opened.hotels.refreshIndex()]);
  opened.catalogueService.warm();
  await threads?.prepare(opened.catalogue);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    opened.app.log.info({ signal }, 'shutting down');
    await threads?.close();
    await opened.close();
    await press.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await opened.app.listen({ host: config.http.host, port: config.http.port });
  options.onListening(banner(config, demo, opened.redis ? ', rate limits in Redis' : ''));
  // Once listening (saving the catalogue for them takes a moment): until a thread is ready, searches run here.
  if (threads) {
    const ready = await threads.start({ catalogue: opened.catalogue, indexSaved: opened.hotels.indexSaved });
    if (ready) opened.app.log.info({ threads: config.load.searchThreads }, 'searches run in search threads');
  }
}
