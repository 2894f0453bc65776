import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Amounts in minor units outgrow 32 bits in currencies with many units to the euro: a month in a
 * five-star hotel in Jakarta is billions of rupiah cents. On PostgreSQL every money column becomes
 * bigint; SQLite's integers are 64-bit already.
 */
const MONEY_COLUMNS: Record<string, string[]> = {
  fares: ['adult_amount', 'child_amount', 'infant_amount', 'tax_amount', 'infant_tax_amount'],
  flight_bookings: ['total_amount', 'refund_amount'],
  rate_plans: ['base_amount'],
  hotel_bookings: ['total_amount', 'penalty_amount'],
  hotel_booking_rooms: ['total_amount', 'penalty_amount'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS))
    for (const column of columns)
      await db.schema
        .alterTable(table)
        .alterColumn(column, (c) => c.setDataType('bigint'))
        .execute();
}
