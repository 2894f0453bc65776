import type { Kysely } from 'kysely';
import type { Database } from './tables.ts';

/**
 * Takes the next `count` numbers of a series, in the transaction that writes what they number, and
 * answers the first (a new series starts at 1). The series' row stays locked until that transaction
 * ends, so numbers are handed out in commit order with no gap and no repeat: a transaction that rolls
 * back (or a process killed in it) gives its numbers back with it. Take numbers last in a transaction,
 * so the lock is held briefly.
 */
export async function takeNumbers(trx: Kysely<Database>, series: string, count: number): Promise<number> {
  const row = await trx
    .insertInto('document_sequences')
    .values({ series, last: count })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ last: eb('document_sequences.last', '+', count) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last) - count + 1;
}
