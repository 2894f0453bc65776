import type { Kysely } from 'kysely';

/** How a fare moves with the calendar (advance purchase, weekday, season), as JSON; null when it does not. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fares').addColumn('pricing', 'text').execute();
}
