/** The service as `npm start` runs it (argon2id, the real catalogue), on a data directory of the benchmark's. */
import { buildApp } from '../src/app.ts';
import { hasherFor, openConfiguredStorage, storageOptionsOf } from '../src/cli/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { systemClock } from '../src/ports/clock.ts';
import { randomIds } from '../src/ports/ids.ts';
import { serverSearchThreads } from '../src/search-threads/server-threads.ts';
import { createPressPool } from '../src/shared/pdf/press-pool.ts';

/**
 * The app as a server wires it, search threads (`SEARCH_THREADS`, one per core unless set) and the press
 * thread included: `startThreads` starts them once the indexes are loaded, as `npm start` does, and
 * resolves once the search threads take searches.
 */
export async function buildBenchApp(dataDir: string) {
  const env = {
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
  };
  const config = loadConfig(env);
  const storage = await openConfiguredStorage(config, { migrate: true });
  const threads = serverSearchThreads(config, {
    env,
    storage: storageOptionsOf(config),
    onFailure: (error) => process.stderr.write(`no search thread could start: ${String(error)}\n`),
  });
  const catalogue = loadCatalogue();
  const press = createPressPool({
    onFailure: (error) => process.stderr.write(`the press thread could not start: ${String(error)}\n`),
  });
  const built = await buildApp({
    config,
    storage,
    hasher: hasherFor(config),
    clock: systemClock,
    ids: randomIds,
    catalogue,
    searchThreads: threads?.pool,
    press: press.press,
  });
  built.app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  built.app.addHook('onClose', async () => {
    await threads?.close();
    await press.close();
  });
  return {
    ...built,
    storage,
    /** How many threads search beside the serving one (0: it searches itself). */
    searchThreads: config.load.searchThreads,
    startThreads: async (): Promise<boolean> => {
      press.start();
      return threads ? threads.start({ catalogue, indexSaved: built.hotels.indexSaved }) : false;
    },
  };
}

/**
 * A new account of `role`, signed in through the token endpoint with the public client `clientId`
 * (which must exist): its access token.
 */
export async function signInNew(
  built: Pick<Awaited<ReturnType<typeof buildBenchApp>>, 'app' | 'accounts'>,
  clientId: string,
  username: string,
  role: 'customer' | 'admin' | 'agent',
): Promise<string> {
  await built.accounts.createUser({
    username,
    password: 'bench-password-123',
    role,
    agencyName: role === 'agent' ? `Bench agency ${username}` : undefined,
  });
  const answer = await built.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username,
      password: 'bench-password-123',
    }).toString(),
  });
  return (answer.json() as { access_token: string }).access_token;
}
