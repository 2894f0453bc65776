import type { Kysely } from 'kysely';
import type { Database } from './tables.ts';

/** What the log counts changes of: flight seats by departure date, hotel rooms by night. */
export type ChangeScope = 'seats' | 'rooms';

/**
 * Counts changes to a scope's inventory on some days, in the transaction that makes them: a seat sold or
 * freed on a departure date, a room night sold, freed or re-allotted. Insert-only, so concurrent sales
 * never wait on each other here.
 */
export async function logChanges(
  trx: Kysely<Database>,
  scope: ChangeScope,
  days: readonly string[],
): Promise<void> {
  if (days.length === 0) return;
  await trx
    .insertInto('inventory_changes')
    .values(days.map((day) => ({ scope, day, weight: 1 })))
    .execute();
}

/**
 * How many changes each day has seen in a scope (0 for none). A day's figure moves with every committed
 * change on it, in any process, and with nothing else, so an answer built from inventory read after the
 * figure was read holds as long as the figure stays: read the figures first.
 */
export async function changesOn(
  db: Kysely<Database>,
  scope: ChangeScope,
  days: readonly string[],
): Promise<Map<string, number>> {
  const changes = new Map(days.map((d) => [d, 0]));
  if (days.length === 0) return changes;
  const rows = await db
    .selectFrom('inventory_changes')
    .select(['day', (eb) => eb.fn.sum<number>('weight').as('weight')])
    .where('scope', '=', scope)
    .where('day', 'in', days)
    .groupBy('day')
    .execute();
  for (const r of rows) changes.set(r.day, Number(r.weight));
  return changes;
}

/**
 * Folds each day's rows into one of the same weight (so `changesOn` reads a row or two a day) and forgets
 * days before `today`, which no search asks about. Safe beside sales: a row written meanwhile is neither
 * deleted nor counted in the fold. Returns how many days were folded.
 */
export async function compactChanges(db: Kysely<Database>, today: string, rowsPerDay = 32): Promise<number> {
  await db.deleteFrom('inventory_changes').where('day', '<', today).execute();
  const busy = await db
    .selectFrom('inventory_changes')
    .select(['scope', 'day'])
    .groupBy(['scope', 'day'])
    .having((eb) => eb.fn.countAll(), '>', rowsPerDay)
    .execute();
  for (const { scope, day } of busy)
    await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('inventory_changes')
        .where('scope', '=', scope)
        .where('day', '=', day)
        .returning('weight')
        .execute();
      const weight = gone.reduce((n, r) => n + Number(r.weight), 0);
      if (weight > 0) await trx.insertInto('inventory_changes').values({ scope, day, weight }).execute();
    });
  return busy.length;
}
