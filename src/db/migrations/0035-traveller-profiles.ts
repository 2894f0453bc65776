import type { Kysely } from 'kysely';

/**
 * Traveller profiles (a person's own, or shared by an agency's people), their birth date and documents
 * sealed; and when a flight booking's travel documents were deleted after its travel (their retention).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('traveller_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('title', 'text')
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('family_name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('loyalty_accounts', 'text', (c) => c.notNull())
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('traveller_profiles_user')
    .on('traveller_profiles')
    .columns(['user_id', 'family_name', 'id'])
    .execute();
  await db.schema
    .createIndex('traveller_profiles_agency')
    .on('traveller_profiles')
    .columns(['agency_id', 'family_name', 'id'])
    .execute();
  await db.schema.alterTable('flight_bookings').addColumn('documents_purged_at', 'text').execute();
}
