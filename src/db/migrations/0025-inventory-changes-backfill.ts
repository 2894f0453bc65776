import { type Kysely, sql } from 'kysely';

/**
 * Every day that holds stored inventory from before the change log (0022) gets one change, so that a day
 * the log counts no change on holds no stored inventory at all: a search then reads nothing for it.
 * Seats by departure date; rooms by night, sold or re-allotted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into inventory_changes (scope, day, weight)
    select 'seats', departure_date, 1 from seat_inventory
    where departure_date not in (select day from inventory_changes where scope = 'seats')
    group by departure_date`.execute(db);
  await sql`
    insert into inventory_changes (scope, day, weight)
    select 'rooms', night, 1 from (
      select night from room_nights_sold union select night from room_night_overrides
    ) nights
    where night not in (select day from inventory_changes where scope = 'rooms')
    group by night`.execute(db);
}
