import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Reads a compiled query's rows as arrays of values, in the order of its select list. */
export type ArrayReader = (query: CompiledQuery) => Promise<unknown[][]>;

const readers = new WeakMap<object, ArrayReader>();

/** Lets `readArrays` use an engine's own driver for a database (see `openStorage`). */
// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely instance
export function registerArrayReader(db: Kysely<any>, reader: ArrayReader): void {
  readers.set(db, reader);
}

/**
 * The rows of a query as arrays of values in select order, for reading hundreds of thousands of rows
 * into an in-memory index: each engine's driver hands rows over as arrays (`node:sqlite`
 * `setReturnArrays`, `pg` `rowMode: 'array'`), which costs far less than an object a row. Outside a
 * transaction only, on a database `openStorage` opened.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely instance
export async function readArrays<T extends unknown[]>(db: Kysely<any>, query: Compilable): Promise<T[]> {
  const reader = readers.get(db);
  if (!reader) throw new Error('readArrays needs a database opened by openStorage');
  return (await reader(query.compile())) as T[];
}
