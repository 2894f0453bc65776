import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { forMigrator } from './migration-introspection.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as flights from './migrations/0002-flights.ts';
import * as flightBookings from './migrations/0003-flight-bookings.ts';
import * as hotels from './migrations/0004-hotels.ts';
import * as hotelBookings from './migrations/0005-hotel-bookings.ts';
import * as agencyNames from './migrations/0006-agency-names.ts';
import * as flightBookingNames from './migrations/0007-flight-booking-names.ts';
import * as bookingIdempotencyKeys from './migrations/0008-booking-idempotency-keys.ts';
import * as moneyBigint from './migrations/0009-money-bigint.ts';
import * as events from './migrations/0010-events.ts';
import * as webhooks from './migrations/0011-webhooks.ts';
import * as emailMessages from './migrations/0012-email-messages.ts';
import * as payments from './migrations/0013-payments.ts';
import * as exchangeRates from './migrations/0014-exchange-rates.ts';
import * as ratePlanPayment from './migrations/0015-rate-plan-payment.ts';
import * as ledgerAgency from './migrations/0016-ledger-agency.ts';
import * as pricingRules from './migrations/0017-pricing-rules.ts';
import * as seatMaps from './migrations/0018-seat-maps.ts';
import * as flightServices from './migrations/0019-flight-services.ts';
import * as flightRetimes from './migrations/0020-flight-retimes.ts';
import * as farePricing from './migrations/0021-fare-pricing.ts';
import * as inventoryChanges from './migrations/0022-inventory-changes.ts';
import * as indexChanges from './migrations/0023-index-changes.ts';
import * as webClient from './migrations/0024-web-client.ts';
import * as inventoryChangesBackfill from './migrations/0025-inventory-changes-backfill.ts';
import * as tickets from './migrations/0026-tickets.ts';
import * as invoices from './migrations/0027-invoices.ts';
import * as machineClients from './migrations/0028-machine-clients.ts';
import * as agencySuspension from './migrations/0029-agency-suspension.ts';
import * as installationSettings from './migrations/0030-installation-settings.ts';
import * as hotelsByCity from './migrations/0031-hotels-by-city.ts';
import * as passwordResets from './migrations/0032-password-resets.ts';
import * as auditEvents from './migrations/0033-audit-events.ts';
import * as agencyAdmins from './migrations/0034-agency-admins.ts';
import * as travellerProfiles from './migrations/0035-traveller-profiles.ts';
import * as secondFactors from './migrations/0036-second-factors.ts';
import * as clientKeys from './migrations/0037-client-keys.ts';
import * as agencyContacts from './migrations/0038-agency-contacts.ts';
import * as hotelHolds from './migrations/0039-hotel-holds.ts';
import * as hotelGuarantees from './migrations/0040-hotel-guarantees.ts';
import * as hotelReviews from './migrations/0041-hotel-reviews.ts';
import * as contentLanguages from './migrations/0042-content-languages.ts';
import * as channelManagers from './migrations/0043-channel-managers.ts';
import * as hotelImages from './migrations/0044-hotel-images.ts';
import * as trips from './migrations/0045-trips.ts';

/** Migrations in order; each runs on both engines. Add new ones at the end, never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-flights': flights,
  '0003-flight-bookings': flightBookings,
  '0004-hotels': hotels,
  '0005-hotel-bookings': hotelBookings,
  '0006-agency-names': agencyNames,
  '0007-flight-booking-names': flightBookingNames,
  '0008-booking-idempotency-keys': bookingIdempotencyKeys,
  '0009-money-bigint': moneyBigint,
  '0010-events': events,
  '0011-webhooks': webhooks,
  '0012-email-messages': emailMessages,
  '0013-payments': payments,
  '0014-exchange-rates': exchangeRates,
  '0015-rate-plan-payment': ratePlanPayment,
  '0016-ledger-agency': ledgerAgency,
  '0017-pricing-rules': pricingRules,
  '0018-seat-maps': seatMaps,
  '0019-flight-services': flightServices,
  '0020-flight-retimes': flightRetimes,
  '0021-fare-pricing': farePricing,
  '0022-inventory-changes': inventoryChanges,
  '0023-index-changes': indexChanges,
  '0024-web-client': webClient,
  '0025-inventory-changes-backfill': inventoryChangesBackfill,
  '0026-tickets': tickets,
  '0027-invoices': invoices,
  '0028-machine-clients': machineClients,
  '0029-agency-suspension': agencySuspension,
  '0030-installation-settings': installationSettings,
  '0031-hotels-by-city': hotelsByCity,
  '0032-password-resets': passwordResets,
  '0033-audit-events': auditEvents,
  '0034-agency-admins': agencyAdmins,
  '0035-traveller-profiles': travellerProfiles,
  '0036-second-factors': secondFactors,
  '0037-client-keys': clientKeys,
  '0038-agency-contacts': agencyContacts,
  '0039-hotel-holds': hotelHolds,
  '0040-hotel-guarantees': hotelGuarantees,
  '0041-hotel-reviews': hotelReviews,
  '0042-content-languages': contentLanguages,
  '0043-channel-managers': channelManagers,
  '0044-hotel-images': hotelImages,
  '0045-trips': trips,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface MigrationReport {
  applied: string[];
}

/** Brings the schema up to date. Safe to run from several processes at once: Kysely takes a lock. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<MigrationReport> {
  // With a schema of its own, the migration tables live there too (otherwise Kysely looks across schemas).
  const migrator = new Migrator({
    db: forMigrator(db, schema),
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/**
 * Brings the schema to the migration named and no further: the schema an earlier version left, for tests
 * that migrate its data forward.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
export async function migrateTo(db: Kysely<any>, name: string, schema?: string): Promise<MigrationReport> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration is named ${name}`);
  const migrator = new Migrator({
    db: forMigrator(db, schema),
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
