import type { Kysely, Selectable } from 'kysely';
import { logChanges } from '../../../db/change-log.ts';
import { chunks } from '../../../db/chunks.ts';
import { claimDue, settleClaimed } from '../../../db/claims.ts';
import type {
  ChannelConnectionsTable,
  ChannelDeliveriesTable,
  Database,
  RateNightsTable,
} from '../../../db/tables.ts';
import { type Outcome, type Settlement, settledColumns } from '../../../jobs/outbox.ts';
import { rateNightOf } from '../inventory/hotel-inventory-repository.ts';
import type { RateNight } from '../inventory/rate-nights.ts';

export type ConnectionRow = Selectable<ChannelConnectionsTable>;
export type ChannelDelivery = Selectable<ChannelDeliveriesTable>;

/** A reservation message's status for each outcome of the outbox. */
export const DELIVERY_STATUS = {
  done: 'delivered',
  pending: 'pending',
  dead: 'failed',
} as const satisfies Record<Outcome, ChannelDelivery['status']>;

/** What a channel update writes of one rate plan, room type and night: the fields it sets. */
export type RateNightChange = {
  room_type_id: string;
  rate_plan_id: string;
  night: string;
} & Partial<RateNight>;

/** A room type's rooms for sale on a night: the allotment itself, or what is left to sell on top of sales. */
export type CountChange = { room_type_id: string; night: string; countType: 1 | 2; count: number };

const key = (r: { room_type_id: string; rate_plan_id: string; night: string }) =>
  `${r.room_type_id}|${r.rate_plan_id}|${r.night}`;

const NO_NIGHT: RateNight = {
  amount: null,
  byGuests: null,
  extras: null,
  closed: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStay: null,
  maxStay: null,
};

const rowOf = (c: { room_type_id: string; rate_plan_id: string; night: string }, n: RateNight) =>
  ({
    room_type_id: c.room_type_id,
    rate_plan_id: c.rate_plan_id,
    night: c.night,
    amount: n.amount,
    by_guests: n.byGuests === null ? null : JSON.stringify(n.byGuests),
    extras: n.extras === null ? null : JSON.stringify(n.extras),
    closed: n.closed ? 1 : 0,
    closed_to_arrival: n.closedToArrival ? 1 : 0,
    closed_to_departure: n.closedToDeparture ? 1 : 0,
    min_stay: n.minStay,
    max_stay: n.maxStay,
  }) satisfies Selectable<RateNightsTable>;

/** Channel connections, and what channel managers write of rate plans' and room types' nights. */
export function createChannelRepository(db: Kysely<Database>) {
  return {
    /** New reservation messages, in the transaction of the booking change they tell. */
    async enqueue(trx: Kysely<Database>, rows: ChannelDelivery[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('channel_deliveries').values(rows).execute();
    },
    claimDue: (now: string, leaseUntil: string, limit: number): Promise<ChannelDelivery[]> =>
      claimDue(db, 'channel_deliveries', now, leaseUntil, limit),
    settle: (
      id: string,
      leaseUntil: string,
      s: Settlement,
      attempt: { last_status_code: number | null } | undefined,
    ) =>
      settleClaimed(db, 'channel_deliveries', id, leaseUntil, {
        ...settledColumns(s, DELIVERY_STATUS),
        last_attempt_at: s.at,
        last_status_code: attempt?.last_status_code ?? null,
      }),
    /** Keeps the hotel's confirmation number on its booking (a new version of it, as any change). */
    async setHotelConfirmation(bookingId: string, value: string): Promise<void> {
      await db
        .updateTable('hotel_bookings')
        .set((eb) => ({ hotel_confirmation: value, version: eb('version', '+', 1) }))
        .where('id', '=', bookingId)
        .where((eb) => eb.or([eb('hotel_confirmation', 'is', null), eb('hotel_confirmation', '!=', value)]))
        .execute();
    },
    /** Whether an earlier message of the same booking to the same connection is still to be sent. */
    async earlierPending(d: ChannelDelivery): Promise<boolean> {
      const row = await db
        .selectFrom('channel_deliveries')
        .select('id')
        .where('connection_id', '=', d.connection_id)
        .where('booking_id', '=', d.booking_id)
        .where('status', '=', 'pending')
        .where('id', '<', d.id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A connection's messages, newest first, of one booking when asked. */
    deliveries: (connectionId: string, bookingId: string | undefined, limit: number) => {
      let q = db
        .selectFrom('channel_deliveries')
        .selectAll()
        .where('connection_id', '=', connectionId)
        .orderBy('id', 'desc')
        .limit(limit);
      if (bookingId) q = q.where('booking_id', '=', bookingId);
      return q.execute();
    },
    async insertConnection(row: ConnectionRow): Promise<void> {
      await db.insertInto('channel_connections').values(row).execute();
    },
    findConnection: (id: string): Promise<ConnectionRow | undefined> =>
      db.selectFrom('channel_connections').selectAll().where('id', '=', id).executeTakeFirst(),
    listConnections: (): Promise<ConnectionRow[]> =>
      db.selectFrom('channel_connections').selectAll().orderBy('created_at').execute(),
    async setActive(id: string, active: boolean): Promise<boolean> {
      const r = await db
        .updateTable('channel_connections')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Active connections that cover a hotel, by its code (through its chain, or by name). */
    async coveringHotel(trx: Kysely<Database>, hotelCode: string): Promise<ConnectionRow[]> {
      const hotel = await trx
        .selectFrom('hotels')
        .select(['code', 'chain'])
        .where('code', '=', hotelCode)
        .executeTakeFirst();
      if (!hotel) return [];
      const rows = await trx.selectFrom('channel_connections').selectAll().where('active', '=', 1).execute();
      return rows.filter((c) => covers(c, hotel));
    },

    /**
     * Writes what changes set on each night, each field it carries over what was stored (a message
     * setting a minimum stay keeps the night's price), inside the caller's transaction; the nights'
     * changes are logged so every process's next search reads them.
     */
    async mergeRateNights(trx: Kysely<Database>, changes: readonly RateNightChange[]): Promise<void> {
      if (changes.length === 0) return;
      type Keyed = { room_type_id: string; rate_plan_id: string; night: string };
      const merged = new Map<string, RateNight & { at: Keyed }>();
      const byRoom = Map.groupBy(changes, (c) => c.room_type_id);
      for (const [roomTypeId, list] of byRoom) {
        const nights = list.map((c) => c.night).sort();
        const stored = await trx
          .selectFrom('rate_nights')
          .selectAll()
          .where('room_type_id', '=', roomTypeId)
          .where('night', '>=', nights[0]!)
          .where('night', '<=', nights[nights.length - 1]!)
          .execute();
        for (const s of stored) merged.set(key(s), { ...rateNightOf(s), at: s });
      }
      for (const c of changes) {
        const { room_type_id: _r, rate_plan_id: _p, night: _n, ...set } = c;
        const before = merged.get(key(c)) ?? { ...NO_NIGHT, at: c };
        merged.set(key(c), { ...before, ...set, at: c });
      }
      const rows = [...new Set(changes.map(key))].map((k) => {
        const m = merged.get(k)!;
        return rowOf(m.at, m);
      });
      for (const chunk of chunks(rows))
        await trx
          .insertInto('rate_nights')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['room_type_id', 'rate_plan_id', 'night']).doUpdateSet((eb) => ({
              amount: eb.ref('excluded.amount'),
              by_guests: eb.ref('excluded.by_guests'),
              extras: eb.ref('excluded.extras'),
              closed: eb.ref('excluded.closed'),
              closed_to_arrival: eb.ref('excluded.closed_to_arrival'),
              closed_to_departure: eb.ref('excluded.closed_to_departure'),
              min_stay: eb.ref('excluded.min_stay'),
              max_stay: eb.ref('excluded.max_stay'),
            })),
          )
          .execute();
      await logChanges(trx, 'rooms', [...new Set(changes.map((c) => c.night))]);
    },

    /**
     * Sets rooms for sale per room type and night, keeping its stop-sell flags: the count itself
     * (CountType 1), or what is sold now plus the count (CountType 2, rooms still to sell).
     */
    async setCounts(trx: Kysely<Database>, changes: readonly CountChange[]): Promise<void> {
      for (const [roomTypeId, list] of Map.groupBy(changes, (c) => c.room_type_id)) {
        const nights = list.map((c) => c.night);
        const [sold, overrides] = await Promise.all([
          trx
            .selectFrom('room_nights_sold')
            .select(['night', 'sold'])
            .where('room_type_id', '=', roomTypeId)
            .where('night', 'in', nights)
            .execute(),
          trx
            .selectFrom('room_night_overrides')
            .selectAll()
            .where('room_type_id', '=', roomTypeId)
            .where('night', 'in', nights)
            .execute(),
        ]);
        const soldOn = new Map(sold.map((s) => [s.night, s.sold]));
        const flags = new Map(overrides.map((o) => [o.night, o]));
        const rows = list.map((c) => ({
          room_type_id: roomTypeId,
          night: c.night,
          rooms: c.countType === 1 ? c.count : (soldOn.get(c.night) ?? 0) + c.count,
          closed: flags.get(c.night)?.closed ?? 0,
          closed_to_arrival: flags.get(c.night)?.closed_to_arrival ?? 0,
        }));
        for (const chunk of chunks(rows))
          await trx
            .insertInto('room_night_overrides')
            .values(chunk)
            .onConflict((oc) =>
              oc
                .columns(['room_type_id', 'night'])
                .doUpdateSet((eb) => ({ rooms: eb.ref('excluded.rooms') })),
            )
            .execute();
      }
      await logChanges(trx, 'rooms', [...new Set(changes.map((c) => c.night))]);
    },
  };
}

/** Whether a connection may update a hotel: one of its chain's, or one it names. */
export function covers(
  c: Pick<ConnectionRow, 'chain' | 'hotel_codes'>,
  hotel: { code: string; chain: string | null },
) {
  return (
    (c.chain !== null && hotel.chain === c.chain) ||
    (JSON.parse(c.hotel_codes) as string[]).includes(hotel.code)
  );
}

export type ChannelRepository = ReturnType<typeof createChannelRepository>;
