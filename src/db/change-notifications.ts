import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Storage } from './database.ts';
import { isPostgres } from './dialect.ts';

/** The PostgreSQL channel on which a counter's name is announced when a change to it commits. */
const CHANNEL = 'itinera_changes';
/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/**
 * Announces a change to the data behind a counter, in the transaction that makes it: PostgreSQL delivers
 * the notification to every listening process when (and only if) the transaction commits. The channel is
 * the whole database's, so the payload names the schema too (`schema:counter`): installations sharing a
 * database in schemas of their own hear only their own changes. Nothing on SQLite, whose processes poll.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's transaction
export async function announceChange(trx: Kysely<any>, name: string): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_notify(${CHANNEL}, current_schema() || ':' || ${name})`.execute(trx);
}

/**
 * Calls `onChange` with a counter's name whenever a change to it commits in any process (PostgreSQL
 * LISTEN on a connection of its own, made again if lost). On SQLite nothing is heard: polling stays the
 * way changes are found there, and the fallback on PostgreSQL. Returns what stops listening.
 */
export function listenForChanges(
  storage: Storage,
  onChange: (name: string) => void,
  onError: (error: unknown) => void,
): { close(): Promise<void> } {
  const pool = storage.pool;
  if (!pool) return { close: async () => {} };
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client(pool.options);
    client = c;
    // This connection's schema (its search_path is the pool's): changes announced in others are not ours.
    let own: string | undefined;
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload || own === undefined) return;
      const at = n.payload.indexOf(':');
      if (n.payload.slice(0, at) === own) onChange(n.payload.slice(at + 1));
    });
    c.on('error', (error) => {
      onError(error);
      again();
    });
    c.on('end', again);
    try {
      await c.connect();
      own = (await c.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema;
      await c.query(`listen ${CHANNEL}`);
    } catch (error) {
      onError(error);
      again();
    }
  };
  function again() {
    if (closed || retry) return;
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      await c?.end().catch(() => {});
    },
  };
}
