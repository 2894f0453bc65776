import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Storage } from './db/database.ts';
import type { SearchGate } from './http/search-gate.ts';
import type { Catalogue } from './modules/catalog/index.ts';
import type { Clock } from './ports/clock.ts';
import type { IdGenerator } from './ports/ids.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { SearchThreads } from './ports/search-threads.ts';
import type { Press } from './shared/pdf/paper.ts';

/** What the app is built on: its settings, storage and catalogue, and the ports a caller may replace. */
export interface AppDeps {
  config: Config;
  storage: Storage;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  redis?: Redis | undefined;
  logger?: boolean | object;
  /**
   * Wraps the search gate made from `config.load` (a test holds a search in it to see what the next ones
   * meet, without depending on how long a search takes); none by default.
   */
  wrapSearchGate?: (gate: SearchGate) => SearchGate;
  /**
   * Threads that work out searches off this one (`search-threads/`): a server's; told here which
   * versions of the indexes this thread holds. None for tests and commands: searches run here.
   */
  searchThreads?: SearchThreads | undefined;
  /**
   * Draws documents (tickets, vouchers, invoices) as PDF: a server's press works in a thread of its own
   * (`shared/pdf/press-pool.ts`); tests and commands draw here.
   */
  press?: Press | undefined;
}
