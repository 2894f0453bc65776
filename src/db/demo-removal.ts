import type { Kysely } from 'kysely';
import { logChanges } from './change-log.ts';
import type { Database } from './tables.ts';
import { bumpVersion } from './versioned-cache.ts';

/** The setting that says when the demo data was removed: a server does not put it back. */
export const DEMO_REMOVED_AT = 'demo_removed_at';

/** When the demo data was taken out of this database, if it was. */
export async function demoRemovedAt(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('installation_settings')
    .select('value')
    .where('name', '=', DEMO_REMOVED_AT)
    .executeTakeFirst();
  return row?.value;
}

/** What the demo left in a database, and what else sold on it. */
export interface DemoFootprint {
  /** The demo accounts found, by id. */
  users: Array<{ id: string; username: string }>;
  /** Their agencies that no other account belongs to: removed with them. */
  agencyIds: string[];
  /** The demo client, when it is still there (a machine client has an account of its own, never a demo one). */
  clientIds: string[];
  flightBookings: number;
  hotelBookings: number;
  /** Bookings of any other account: while there is one, nothing is removed. */
  othersBookings: number;
  schedules: number;
  hotels: number;
}

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

/** Finds what the demo accounts and the demo client left, without changing anything. */
export async function demoFootprint(
  db: Kysely<Database>,
  demo: { usernames: readonly string[]; clientId: string },
): Promise<DemoFootprint> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'agency_id'])
    .where('username', 'in', [...demo.usernames])
    .orderBy('username')
    .execute();
  const ids = users.map((u) => u.id);
  const none = ['-'];
  const ofDemo = ids.length > 0 ? ids : none;
  const agencies = [...new Set(users.map((u) => u.agency_id).filter((a): a is string => a !== null))];
  const shared = agencies.length
    ? await db
        .selectFrom('users')
        .select('agency_id')
        .where('agency_id', 'in', agencies)
        .where('id', 'not in', ofDemo)
        .execute()
    : [];
  const kept = new Set(shared.map((r) => r.agency_id));
  const clients = await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_id', '=', demo.clientId)
    .execute();
  const bookings = async (table: 'flight_bookings' | 'hotel_bookings', mine: boolean) =>
    count(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', mine ? 'in' : 'not in', ofDemo),
    );
  return {
    users: users.map(({ id, username }) => ({ id, username })),
    agencyIds: agencies.filter((a) => !kept.has(a)),
    clientIds: clients.map((c) => c.client_id),
    flightBookings: await bookings('flight_bookings', true),
    hotelBookings: await bookings('hotel_bookings', true),
    othersBookings: (await bookings('flight_bookings', false)) + (await bookings('hotel_bookings', false)),
    schedules: await count(db.selectFrom('flight_schedules').select((eb) => eb.fn.countAll().as('n'))),
    hotels: await count(db.selectFrom('hotels').select((eb) => eb.fn.countAll().as('n'))),
  };
}

/**
 * Takes the demo out, in one transaction: every booking (all of them the demo accounts', which the caller
 * has checked) with its payments, ledger transactions, tickets, invoices, events, mails and webhook
 * deliveries, and the seats and rooms it held; the demo accounts with their sessions, cards, keys,
 * password resets and webhooks, their agency when nobody else belongs to it, the demo client; the document series (no
 * document is left, so the first real invoice is number 1); unless `keepInventory`, the whole flight
 * network and every hotel. Marks the database so that no server puts the demo back. Answers the events
 * removed, whose mails the caller may still hold as files.
 */
export async function removeDemo(
  db: Kysely<Database>,
  footprint: DemoFootprint,
  options: { keepInventory: boolean; at: string },
): Promise<{ eventIds: string[] }> {
  if (footprint.othersBookings > 0) throw new Error('other accounts have bookings: nothing is removed');
  const none = ['-'];
  const users = footprint.users.map((u) => u.id);
  const ofDemo = users.length > 0 ? users : none;
  const agencies = footprint.agencyIds.length > 0 ? footprint.agencyIds : none;
  const clients = footprint.clientIds.length > 0 ? footprint.clientIds : none;
  return db.transaction().execute(async (trx) => {
    // What the bookings held: every day whose seats or rooms change is logged, as a sale's release is.
    const seatDays = await trx.selectFrom('seat_inventory').select('departure_date').distinct().execute();
    const roomNights = await trx.selectFrom('room_nights_sold').select('night').distinct().execute();
    for (const table of [
      'flight_booking_segments',
      'seat_assignments',
      'flight_tickets',
      'invoices',
      'booking_events',
      'hotel_booking_rooms',
      'flight_bookings',
      'hotel_bookings',
      'seat_inventory',
      'room_nights_sold',
      'document_sequences',
    ] as const)
      await trx.deleteFrom(table).execute();
    await logChanges(
      trx,
      'seats',
      seatDays.map((r) => r.departure_date),
    );
    await logChanges(
      trx,
      'rooms',
      roomNights.map((r) => r.night),
    );

    // Money: the bookings' and the demo accounts' payments, and every ledger transaction of a booking,
    // of those payments or of a removed agency (each transaction balances by itself, so the books do).
    const payments = trx
      .selectFrom('payments')
      .select('id')
      .where((eb) => eb.or([eb('booking_id', 'is not', null), eb('user_id', 'in', ofDemo)]));
    // The built-in test gateway's side of those payments.
    const gatewayRefs = trx
      .selectFrom('payments')
      .select((eb) => eb.fn.coalesce('gateway_ref', eb.val('')).as('ref'))
      .where('id', 'in', payments);
    await trx.deleteFrom('test_gateway_refunds').where('payment_id', 'in', gatewayRefs).execute();
    await trx.deleteFrom('test_gateway_payments').where('id', 'in', gatewayRefs).execute();
    await trx.deleteFrom('payment_operations').where('payment_id', 'in', payments).execute();
    const transactions = trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('booking_id', 'is not', null),
          eb('payment_id', 'in', payments),
          eb('agency_id', 'in', agencies),
        ]),
      );
    await trx.deleteFrom('ledger_entries').where('transaction_id', 'in', transactions).execute();
    await trx.deleteFrom('ledger_transactions').where('id', 'in', transactions).execute();
    await trx
      .updateTable('ledger_transactions')
      .set({ created_by: null })
      .where('created_by', 'in', ofDemo)
      .execute();
    await trx.deleteFrom('payments').where('id', 'in', payments).execute();
    await trx.deleteFrom('agency_accounts').where('agency_id', 'in', agencies).execute();
    const rules = await trx.deleteFrom('pricing_rules').where('agency_id', 'in', agencies).executeTakeFirst();
    // The pricing module's counter: every process reads its rules again.
    if (Number(rules.numDeletedRows) > 0) await bumpVersion(trx, 'pricing_rules');

    // Events of bookings and of the demo accounts, with what was to be sent of them.
    const endpoints = trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where((eb) => eb.or([eb('user_id', 'in', ofDemo), eb('agency_id', 'in', agencies)]));
    const events = trx
      .selectFrom('events')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('booking_id', 'is not', null),
          eb('user_id', 'in', ofDemo),
          eb('agency_id', 'in', agencies),
        ]),
      );
    const eventIds = (await events.execute()).map((e) => e.id);
    await trx
      .deleteFrom('webhook_deliveries')
      .where((eb) => eb.or([eb('event_id', 'in', events), eb('endpoint_id', 'in', endpoints)]))
      .execute();
    await trx.deleteFrom('email_messages').where('event_id', 'in', events).execute();
    await trx.deleteFrom('events').where('id', 'in', events).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', 'in', endpoints).execute();

    // The accounts.
    await trx.deleteFrom('idempotency_keys').where('user_id', 'in', ofDemo).execute();
    await trx.deleteFrom('card_tokens').where('user_id', 'in', ofDemo).execute();
    await trx
      .deleteFrom('refresh_tokens')
      .where((eb) => eb.or([eb('user_id', 'in', ofDemo), eb('client_id', 'in', clients)]))
      .execute();
    await trx
      .deleteFrom('login_failures')
      .where(
        'account_key',
        'in',
        ofDemo.map((id) => `usr:${id}`),
      )
      .execute();
    const resets = trx.selectFrom('password_resets').select('id').where('user_id', 'in', ofDemo);
    await trx
      .deleteFrom('email_messages')
      .where('kind', '=', 'password_reset')
      .where('event_id', 'in', resets)
      .execute();
    await trx.deleteFrom('password_resets').where('user_id', 'in', ofDemo).execute();
    await trx.deleteFrom('oauth_clients').where('client_id', 'in', clients).execute();
    await trx.deleteFrom('users').where('id', 'in', ofDemo).execute();
    await trx.deleteFrom('agencies').where('id', 'in', agencies).execute();

    if (!options.keepInventory) {
      for (const table of [
        'flight_cancellations',
        'flight_retimes',
        'fares',
        'flight_schedules',
        'seat_layouts',
        'room_night_overrides',
        'rate_nights',
        'hotel_images',
        'rate_plans',
        'room_types',
        'hotels',
      ] as const)
        await trx.deleteFrom(table).execute();
      // Every process rebuilds its network and hotel index (the flights' and hotels' counters), and no
      // snapshot of the old index is used.
      await bumpVersion(trx, 'network');
      await bumpVersion(trx, 'hotels');
    }
    await trx
      .insertInto('installation_settings')
      .values({ name: DEMO_REMOVED_AT, value: options.at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: options.at }))
      .execute();
    return { eventIds };
  });
}
