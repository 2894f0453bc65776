import type { Kysely } from 'kysely';

/** A rate plan is paid when booked (`pay_now`, every plan so far) or at the hotel (`pay_at_hotel`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rate_plans')
    .addColumn('payment_type', 'text', (c) => c.notNull().defaultTo('pay_now'))
    .execute();
}
