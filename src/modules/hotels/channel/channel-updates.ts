import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { addDays, isoWeekday } from '../../../shared/calendar.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { HotelRow, HotelsRepository, RatePlanRow, RoomTypeRow } from '../inventory/hotels-repository.ts';
import type { RateExtras } from '../inventory/rate-nights.ts';
import {
  type ChannelRepository,
  type ConnectionRow,
  type CountChange,
  covers,
  type RateNightChange,
} from './channel-repository.ts';
import { type AvailUpdate, readAvailNotif } from './ota-avail-notif.ts';
import { type CountUpdate, readInvCountNotif } from './ota-count-notif.ts';
import { type GuestAmount, type RateUpdate, readRateAmountNotif } from './ota-rate-notif.ts';
import { type Applied, ERR, EWT, type OtaError, problem, type Read } from './ota-read.ts';
import { minorAmount } from './ota-values.ts';

/** The notifications taken, by root element, with the answer each gets. */
export const NOTIFICATIONS = {
  OTA_HotelAvailNotifRQ: 'OTA_HotelAvailNotifRS',
  OTA_HotelRateAmountNotifRQ: 'OTA_HotelRateAmountNotifRS',
  OTA_HotelInvCountNotifRQ: 'OTA_HotelInvCountNotifRS',
} as const;
export type Notification = keyof typeof NOTIFICATIONS;

/** A hotel as an update resolves codes against it. */
interface Resolved {
  hotel: HotelRow;
  rooms: RoomTypeRow[];
  plans: RatePlanRow[];
}

/** The nights of an update's range on its weekdays. */
function appliedNights(u: Applied): string[] {
  const out: string[] = [];
  for (let night = u.start; night <= u.end; night = addDays(night, 1))
    if (!u.weekdays || u.weekdays.has(isoWeekday(night))) out.push(night);
  return out;
}

/**
 * Channel managers' notifications applied: each message read whole, its codes resolved against the
 * hotels the connection may update, and written in one transaction only when nothing in it is in error.
 */
export function createChannelUpdates(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  channels: ChannelRepository;
  audit: Pick<AuditLog, 'record'>;
}) {
  /** The hotel of a code, if the connection covers it; unknown and not covered look the same. */
  async function resolve(connection: ConnectionRow, code: string, cache: Map<string, Resolved | null>) {
    if (cache.has(code)) return cache.get(code) ?? undefined;
    const hotel = await deps.hotels.findHotelByCode(code);
    const found =
      hotel && covers(connection, hotel)
        ? {
            hotel,
            rooms: await deps.hotels.roomTypesOf(hotel.id),
            plans: await deps.hotels.ratePlansOf(hotel.id),
          }
        : null;
    cache.set(code, found);
    return found ?? undefined;
  }

  /** The room types and rate plans an update names (all of them where it names none), or its errors. */
  function targets(r: Resolved, u: Applied, errors: OtaError[]) {
    const rooms = u.roomCode ? r.rooms.filter((x) => x.code === u.roomCode) : r.rooms;
    const plans = u.planCode ? r.plans.filter((x) => x.code === u.planCode) : r.plans;
    if (u.roomCode && rooms.length === 0)
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidRoomType,
        text: `Hotel ${r.hotel.code} has no room type ${u.roomCode}`,
        tag: `${u.tag}/StatusApplicationControl/@InvTypeCode`,
      });
    if (u.planCode && plans.length === 0)
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidRateCode,
        text: `Hotel ${r.hotel.code} has no rate plan ${u.planCode}`,
        tag: `${u.tag}/StatusApplicationControl/@RatePlanCode`,
      });
    return { rooms, plans };
  }

  /** A rate plan's night price from the amounts given: its standard occupancy's, and by number of adults. */
  function pricesFor(plan: RatePlanRow, amounts: readonly GuestAmount[], errors: OtaError[]) {
    const vat = (JSON.parse(plan.taxes) as { vat_percent_included: number }).vat_percent_included;
    /** An amount in the plan's minor units, VAT included; undefined (with its error) when it is not one. */
    const minorOf = (a: GuestAmount): number | undefined => {
      const currency = a.currency ?? plan.currency;
      if (currency !== plan.currency) {
        errors.push(
          problem(
            EWT.bizRule,
            ERR.invalidCurrency,
            `CurrencyCode must be the rate plan's, ${plan.currency}`,
            `${a.tag}/@CurrencyCode`,
          ),
        );
        return undefined;
      }
      const text = a.afterTax ?? a.beforeTax!;
      const minor = minorAmount(text, currency, a.decimalPlaces);
      // A base price is more than nothing; a child may stay for free.
      if (minor === undefined || (minor === 0 && a.kind === 'base')) {
        const what = a.kind === 'base' ? 'positive' : 'whole';
        errors.push(
          problem(
            EWT.bizRule,
            ERR.invalidValue,
            `The amount ${JSON.stringify(text)} is not a ${what} ${currency} amount`,
            `${a.tag}/@${a.afterTax ? 'AmountAfterTax' : 'AmountBeforeTax'}`,
          ),
        );
        return undefined;
      }
      // Rates are kept with VAT included: an amount before tax has the plan's VAT added.
      return a.afterTax ? minor : Math.round((minor * (100 + vat)) / 100);
    };
    const byGuests: Record<string, number> = {};
    const extras: RateExtras = {};
    const children: Array<{ maxAge: number; amount: number }> = [];
    let any: number | undefined;
    for (const a of amounts) {
      const amount = minorOf(a);
      if (amount === undefined) continue;
      if (a.kind === 'adult') extras.adult = amount;
      else if (a.kind === 'child') children.push({ maxAge: a.maxAge ?? 17, amount });
      else if (a.guests === null) any = amount;
      else byGuests[String(a.guests)] = amount;
    }
    if (children.length > 0) extras.children = children.sort((x, y) => x.maxAge - y.maxAge);
    const counts = Object.keys(byGuests)
      .map(Number)
      .sort((x, y) => x - y);
    const standard =
      byGuests[String(plan.standard_adults)] ??
      any ??
      byGuests[String(counts.filter((n) => n < plan.standard_adults).pop() ?? counts[0])];
    return standard === undefined
      ? undefined
      : {
          amount: standard,
          byGuests: counts.length > 0 ? byGuests : null,
          extras: Object.keys(extras).length > 0 ? extras : null,
        };
  }

  async function changesOf(connection: ConnectionRow, name: Notification, root: Record<string, unknown>) {
    const read: Read<AvailUpdate | RateUpdate | CountUpdate> =
      name === 'OTA_HotelAvailNotifRQ'
        ? readAvailNotif(root)
        : name === 'OTA_HotelRateAmountNotifRQ'
          ? readRateAmountNotif(root)
          : readInvCountNotif(root);
    const errors = [...read.errors];
    const rates: RateNightChange[] = [];
    const counts: CountChange[] = [];
    const cache = new Map<string, Resolved | null>();
    for (const u of read.updates) {
      const resolved = u.hotelCode ? await resolve(connection, u.hotelCode, cache) : undefined;
      if (!resolved) {
        if (u.hotelCode)
          errors.push({
            type: EWT.bizRule,
            code: ERR.invalidHotelCode,
            text: `Hotel ${u.hotelCode} is not one this connection updates`,
            tag: `${u.tag.split('/').slice(0, 3).join('/')}/@HotelCode`,
          });
        continue;
      }
      const { rooms, plans } = targets(resolved, u, errors);
      const nights = appliedNights(u);
      if ('countType' in u || (u as AvailUpdate).available !== undefined) {
        const countType = 'countType' in u ? u.countType : 2;
        const count = 'countType' in u ? u.count : (u as AvailUpdate).available!;
        for (const room of rooms)
          for (const night of nights) counts.push({ room_type_id: room.id, night, countType, count });
      }
      if ('amounts' in u) {
        for (const plan of plans) {
          const prices = pricesFor(plan, u.amounts, errors);
          if (!prices) continue;
          for (const room of rooms)
            for (const night of nights)
              rates.push({ room_type_id: room.id, rate_plan_id: plan.id, night, ...prices });
        }
      } else if (!('countType' in u)) {
        const { closed, closedToArrival, closedToDeparture, minStay, maxStay } = u as AvailUpdate;
        const set = Object.fromEntries(
          Object.entries({ closed, closedToArrival, closedToDeparture, minStay, maxStay }).filter(
            ([, v]) => v !== undefined,
          ),
        );
        if (Object.keys(set).length > 0)
          for (const room of rooms)
            for (const plan of plans)
              for (const night of nights)
                rates.push({ room_type_id: room.id, rate_plan_id: plan.id, night, ...set });
      }
    }
    // Dedupe errors found once per plan or room (a currency wrong for every plan of a hotel).
    const unique = [...new Map(errors.map((e) => [`${e.tag}|${e.code}|${e.text}`, e])).values()];
    return {
      errors: unique,
      warnings: read.warnings,
      rates,
      counts,
      hotels: [...cache.values()].filter((r) => r !== null),
    };
  }

  return {
    /**
     * Applies a notification for a connection: its errors and warnings, and nothing written when there
     * is an error. Rates, restrictions and counts of one message are written in one transaction.
     */
    async apply(connection: ConnectionRow, name: Notification, root: Record<string, unknown>) {
      const found = await changesOf(connection, name, root);
      if (found.errors.length > 0) return { errors: found.errors, warnings: found.warnings };
      await deps.db.transaction().execute(async (trx) => {
        await deps.channels.mergeRateNights(trx, found.rates);
        await deps.channels.setCounts(trx, found.counts);
        await deps.audit.record(
          {
            action: 'channel.notification',
            target: { type: 'channel_connection', id: connection.id },
            after: {
              message: name,
              hotels: found.hotels.map((h) => h.hotel.code),
              rate_nights: found.rates.length,
              room_counts: found.counts.length,
            },
          },
          trx,
        );
      });
      return { errors: [], warnings: found.warnings };
    },
  };
}

export type ChannelUpdates = ReturnType<typeof createChannelUpdates>;
