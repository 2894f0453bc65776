import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Pricing rules: a scope (product, channel, agency, carrier and route, city or hotel, travel dates; null
 * is any) and terms (markup in basis points and a fixed amount per unit, agent commission in basis
 * points). Edits bump `version`; a retired rule stays, so the rule a booking records can still be read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('pricing_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product', 'text')
    .addColumn('channel', 'text')
    .addColumn('agency_id', 'text')
    .addColumn('carrier', 'text')
    .addColumn('origin', 'text')
    .addColumn('destination', 'text')
    .addColumn('city_id', 'text')
    .addColumn('hotel_id', 'text')
    .addColumn('travel_from', 'text')
    .addColumn('travel_to', 'text')
    .addColumn('markup_bp', 'integer', (c) => c.notNull())
    .addColumn('markup_fixed_amount', money, (c) => c.notNull())
    .addColumn('markup_fixed_currency', 'text')
    .addColumn('commission_bp', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();
}
