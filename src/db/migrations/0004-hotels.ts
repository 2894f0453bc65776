import type { Kysely } from 'kysely';

/**
 * Hotels, kept compact for a year of nights at hundreds of thousands of hotels: prices are a base per
 * rate plan with season, weekday and room-type factors (no row per night), allotment is a default per
 * room type with sparse per-night overrides, and rooms sold get a row only once a night sells.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hotels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city_id', 'text', (c) => c.notNull())
    .addColumn('chain', 'text')
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('latitude', 'real', (c) => c.notNull())
    .addColumn('longitude', 'real', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('check_in_time', 'text', (c) => c.notNull())
    .addColumn('check_out_time', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amenities', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('policies', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hotels_city').on('hotels').column('city_id').execute();
  await db.schema.createIndex('hotels_updated').on('hotels').column('updated_at').execute();

  await db.schema
    .createTable('room_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hotel_id', 'text', (c) => c.notNull().references('hotels.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('beds', 'text', (c) => c.notNull())
    .addColumn('max_adults', 'integer', (c) => c.notNull())
    .addColumn('max_children', 'integer', (c) => c.notNull())
    .addColumn('max_occupancy', 'integer', (c) => c.notNull())
    .addColumn('size_m2', 'integer', (c) => c.notNull())
    .addColumn('amenities', 'text', (c) => c.notNull())
    .addColumn('rooms', 'integer', (c) => c.notNull())
    .addColumn('price_factor', 'real', (c) => c.notNull())
    .addUniqueConstraint('room_types_code', ['hotel_id', 'code'])
    .execute();

  await db.schema
    .createTable('rate_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hotel_id', 'text', (c) => c.notNull().references('hotels.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('base_amount', 'integer', (c) => c.notNull())
    .addColumn('standard_adults', 'integer', (c) => c.notNull())
    .addColumn('extra_adult_percent', 'integer', (c) => c.notNull())
    .addColumn('seasons', 'text', (c) => c.notNull())
    .addColumn('weekday_percents', 'text', (c) => c.notNull())
    .addColumn('child_bands', 'text', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull())
    .addColumn('cancellation', 'text', (c) => c.notNull())
    .addColumn('min_stay', 'integer', (c) => c.notNull())
    .addColumn('closed_to_arrival', 'text', (c) => c.notNull())
    .addUniqueConstraint('rate_plans_code', ['hotel_id', 'code'])
    .execute();

  await db.schema
    .createTable('room_night_overrides')
    .addColumn('room_type_id', 'text', (c) => c.notNull().references('room_types.id'))
    .addColumn('night', 'text', (c) => c.notNull())
    .addColumn('rooms', 'integer')
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addColumn('closed_to_arrival', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_night_overrides_pk', ['room_type_id', 'night'])
    .execute();

  await db.schema
    .createTable('room_nights_sold')
    .addColumn('room_type_id', 'text', (c) => c.notNull().references('room_types.id'))
    .addColumn('night', 'text', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_nights_sold_pk', ['room_type_id', 'night'])
    .execute();
}
