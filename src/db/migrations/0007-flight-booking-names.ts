import type { Kysely } from 'kysely';

/** Folding as it was when this migration was written, kept here so later changes never alter it. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function foldedNames(people: ReadonlyArray<{ given_name: string; family_name: string }>): string {
  return `|${[...new Set(people.map((p) => fold(`${p.given_name} ${p.family_name}`)))].join('|')}|`;
}

/**
 * Flight bookings get the folded names of their passengers, as hotel bookings have, so that one booking
 * search finds both by a traveller's name. Existing bookings are filled in here.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flight_bookings').addColumn('names', 'text').execute();
  const rows = await db.selectFrom('flight_bookings').select(['id', 'passengers']).execute();
  for (const row of rows as Array<{ id: string; passengers: string }>) {
    const passengers = JSON.parse(row.passengers) as Array<{ given_name: string; family_name: string }>;
    await db
      .updateTable('flight_bookings')
      .set({ names: foldedNames(passengers) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('flight_bookings_departure')
    .on('flight_bookings')
    .column('first_departure_at')
    .execute();
}
