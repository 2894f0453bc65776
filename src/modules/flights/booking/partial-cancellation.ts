import { AppError, invalidField } from '../../../http/app-error.ts';
import { type FlightService, type SeatService, servicesAmount } from '../ancillaries/ancillaries.ts';
import { sittersOf } from '../ancillaries/service-plan.ts';
import type { PriceBreakdown } from '../search/fare-rules.ts';
import { combinePrices } from '../search/offer-builder.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from '../search/sale-rules.ts';
import { totalled } from '../search/selling-price.ts';
import { refundFor } from './booking-rules.ts';
import type { BookingStatus } from './booking-states.ts';
import type { CancelledPart, SliceFares, StoredItinerary, StoredPassenger } from './flight-booking-record.ts';

/** What a client asks to cancel on its own: some passengers, or the booking's last slices. */
export type FlightPart = { passengerIds: readonly string[] } | { slices: readonly number[] };

/** A booking as a partial cancellation reads it. */
export interface PartialBooking {
  status: BookingStatus;
  itinerary: StoredItinerary;
  passengers: readonly StoredPassenger[];
}

/** A part cancelled: what it was sold for, what it gives back, and the booking without it. */
export interface PartCancellation {
  /** The part's share of the sale: fares and services, the taxes, markup and commission in them. */
  sale: { total: number; tax: number; markup: number; commission: number };
  refund: number;
  penalty: number;
  itinerary: StoredItinerary;
  passengers: StoredPassenger[];
  /** Seats no longer anyone's. */
  seatsFreed: SeatService[];
  /** Places given back: `seated` on every flight (passengers), or every place on the slices dropped. */
  release: { seated: number; slices: [] } | { seated: 0; slices: number[] };
}

const seatedCount = (passengers: readonly StoredPassenger[]) =>
  passengers.filter((p) => p.type !== 'infant').length;

/** A breakdown with some travellers of each type taken out. */
function without(price: PriceBreakdown, gone: ReadonlyMap<string, number>): PriceBreakdown {
  const passengers = price.passengers
    .map((p) => ({ ...p, count: p.count - (gone.get(p.type) ?? 0) }))
    .filter((p) => p.count > 0);
  return totalled({ ...price, passengers });
}

/** The pricing record with a part's fares (`fares`, their markup and commission) taken out. */
function pricingWithout(it: StoredItinerary, fares: number, sale: PartCancellation['sale']) {
  if (!it.pricing) return {};
  const p = it.pricing;
  return {
    pricing: {
      ...p,
      net_amount: p.net_amount - (fares - sale.markup),
      markup_amount: p.markup_amount - sale.markup,
      commission_amount: p.commission_amount - sale.commission,
    },
  };
}

/** `amount × part / whole` in whole minor units, rounded half up, exactly. */
function proportion(amount: number, part: number, whole: number): number {
  if (whole <= 0 || amount <= 0 || part <= 0) return 0;
  const share = BigInt(amount) * BigInt(Math.min(part, whole));
  return Number((2n * share + BigInt(whole)) / (2n * BigInt(whole)));
}

/** A part's share of the markup and commission: in proportion to its base fares. */
function tradeShare(it: StoredItinerary, partBase: number) {
  const base = it.price.base_amount;
  return {
    markup: proportion(it.pricing?.markup_amount ?? 0, partBase, base),
    commission: proportion(it.pricing?.commission_amount ?? 0, partBase, base),
  };
}

/** The booking's record of cancelled parts with one more. */
function withRecord(it: StoredItinerary, part: Omit<CancelledPart, 'cancelled_at'>, now: Date) {
  return { cancelled_parts: [...(it.cancelled_parts ?? []), { cancelled_at: now.toISOString(), ...part }] };
}

const nameOf = ({ id, type, given_name, family_name }: StoredPassenger) => ({
  id,
  type,
  given_name,
  family_name,
});

const departed = (departingAt: string, now: Date) =>
  Date.parse(departingAt) - now.getTime() < MIN_MINUTES_BEFORE_DEPARTURE * 60_000;

/**
 * Cancels some passengers: what they paid (their fares on every slice, and their seats and bags) is given
 * back as the fare allows, like a whole booking (a refundable fare less its penalty per seated passenger,
 * otherwise the taxes; everything after the airline's change). Those left must still travel lawfully:
 * at least one adult, no more infants than adults to carry them, and no adult who would now carry an
 * infant sitting in an exit row (`isExitRow`). Only before the trip begins.
 */
export function cancelPassengers(
  booking: PartialBooking,
  ids: readonly string[],
  now: Date,
  isExitRow: (seat: SeatService) => boolean,
): PartCancellation {
  const { itinerary: it, passengers } = booking;
  ids.forEach((id, i) => {
    if (!passengers.some((p) => p.id === id))
      throw invalidField(`/passenger_ids/${i}`, 'is not a passenger of this booking');
    if (ids.indexOf(id) !== i) throw invalidField(`/passenger_ids/${i}`, 'is named twice');
  });
  if (ids.length === passengers.length)
    throw invalidField('/passenger_ids', 'names every passenger: cancel the whole booking instead');
  if (departed(it.slices[0]!.segments[0]!.departing_at, now))
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      'The trip has begun: passengers can no longer be cancelled on their own; cancel the slices left',
    );
  const gone = passengers.filter((p) => ids.includes(p.id));
  const kept = passengers.filter((p) => !ids.includes(p.id));
  const count = (list: readonly StoredPassenger[], type: string) =>
    list.filter((p) => p.type === type).length;
  if (count(kept, 'adult') === 0)
    throw invalidField('/passenger_ids', 'would leave children or infants without an adult');
  if (count(kept, 'infant') > count(kept, 'adult'))
    throw invalidField(
      '/passenger_ids',
      'would leave more infants than adults to hold them: cancel an infant with the adult',
    );
  const services = it.services ?? [];
  const sitters = sittersOf(kept);
  for (const s of services)
    if (s.type === 'seat' && !ids.includes(s.passenger_id) && sitters.get(s.passenger_id)?.withInfant)
      if (isExitRow(s))
        throw invalidField(
          '/passenger_ids',
          `would leave an infant with the passenger in exit-row seat ${s.designator}: move them first (POST /add_services)`,
        );
  const byType = new Map<string, number>();
  for (const p of gone) byType.set(p.type, (byType.get(p.type) ?? 0) + 1);
  const per = new Map(it.price.passengers.map((p) => [p.type, p]));
  const fares = gone.reduce((n, p) => n + per.get(p.type)!.total_amount, 0);
  const tax = gone.reduce((n, p) => n + per.get(p.type)!.tax_amount, 0);
  const theirs = services.filter((s) => ids.includes(s.passenger_id));
  const total = fares + servicesAmount(theirs);
  const { refund, penalty } = refundFor(
    { status: booking.status, total, tax, seatedPassengers: seatedCount(gone) },
    {
      refundable: it.refund_terms.refundable,
      penaltyPerPassenger: it.refund_terms.penalty_per_passenger,
    },
  );
  const sale = { total, tax, ...tradeShare(it, fares - tax) };
  return {
    sale,
    refund,
    penalty,
    passengers: kept,
    itinerary: {
      ...it,
      price: without(it.price, byType),
      ...(it.fares_by_slice
        ? { fares_by_slice: it.fares_by_slice.map((f) => ({ ...f, price: without(f.price, byType) })) }
        : {}),
      ...pricingWithout(it, fares, sale),
      services: services.filter((s) => !ids.includes(s.passenger_id)),
      ...withRecord(
        it,
        { passengers: gone.map(nameOf), slices: [], refund_amount: refund, penalty_amount: penalty },
        now,
      ),
    },
    seatsFreed: theirs.filter((s): s is SeatService => s.type === 'seat'),
    release: { seated: seatedCount(gone), slices: [] },
  };
}

/** What changing or cancelling the slices kept costs, from their own fares' conditions. */
function conditionsOfSlices(fares: readonly SliceFares[], currency: string): StoredItinerary['conditions'] {
  const rule = (pick: (c: SliceFares['conditions']) => SliceFares['conditions']['change']) => {
    const allowed = fares.every((f) => pick(f.conditions).allowed);
    return {
      allowed,
      penalty_amount: allowed
        ? fares.reduce((n, f) => n + (pick(f.conditions).penalty_amount ?? 0), 0)
        : null,
      penalty_currency: allowed ? currency : null,
    };
  };
  return { change: rule((c) => c.change), refund: rule((c) => c.refund) };
}

/**
 * Cancels the booking's last slices (the return of a return): flights are flown in order, so a slice can
 * be given up only with every slice after it, and not once it departs. The slices' own fares say what
 * comes back (a refundable fare less its penalty per seated passenger, otherwise the taxes; everything
 * after the airline's change), with the seats and bags bought on them as the fare allows.
 */
export function cancelSlices(
  booking: PartialBooking,
  slices: readonly number[],
  now: Date,
): PartCancellation {
  const { itinerary: it, passengers } = booking;
  const n = it.slices.length;
  slices.forEach((k, i) => {
    if (k >= n) throw invalidField(`/slices/${i}`, 'is not a slice of this booking');
    if (slices.indexOf(k) !== i) throw invalidField(`/slices/${i}`, 'is named twice');
  });
  if (slices.length === n)
    throw invalidField('/slices', 'names every slice: cancel the whole booking instead');
  const from = n - slices.length;
  if (slices.some((k) => k < from))
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      'Flights are flown in order: a slice can be cancelled only with the slices after it (change its date instead)',
    );
  const byslice = it.fares_by_slice;
  if (!byslice)
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      'This booking was sold before each slice kept its own fare: cancel the whole booking instead',
    );
  slices.forEach((k, i) => {
    if (departed(it.slices[k]!.segments[0]!.departing_at, now))
      throw invalidField(`/slices/${i}`, 'has departed or is about to: it can no longer be cancelled');
  });
  const dropped = byslice.slice(from);
  const keptFares = byslice.slice(0, from);
  const services = it.services ?? [];
  const onDropped = (s: FlightService) => s.slice >= from;
  const fares = dropped.reduce((m, f) => m + f.price.total_amount, 0);
  const tax = dropped.reduce((m, f) => m + f.price.tax_amount, 0);
  const total = fares + servicesAmount(services.filter(onDropped));
  const terms = conditionsOfSlices(dropped, it.price.currency).refund;
  const { refund, penalty } = refundFor(
    { status: booking.status, total, tax, seatedPassengers: seatedCount(passengers) },
    { refundable: terms.allowed, penaltyPerPassenger: terms.penalty_amount ?? 0 },
  );
  const sale = { total, tax, ...tradeShare(it, fares - tax) };
  const price = combinePrices(keptFares.map((f) => f.price))!;
  const conditions = conditionsOfSlices(keptFares, it.price.currency);
  // An airline's retime of a flight given up no longer concerns the booking.
  const { schedule_change: change, ...rest } = it;
  const retimedKept = change?.slices
    .slice(0, from)
    .some((s) =>
      s.segments.some((g) => g.flight_id === change.flight_id && g.departure_date === change.departure_date),
    );
  const keptChange =
    change && retimedKept ? { schedule_change: { ...change, slices: change.slices.slice(0, from) } } : {};
  return {
    sale,
    refund,
    penalty,
    passengers: [...passengers],
    itinerary: {
      ...rest,
      ...keptChange,
      slices: it.slices.slice(0, from),
      price,
      conditions,
      refund_terms: {
        refundable: conditions.refund.allowed,
        penalty_per_passenger: keptFares.reduce((m, f) => m + (f.conditions.refund.penalty_amount ?? 0), 0),
      },
      fares_by_slice: keptFares,
      ...pricingWithout(it, fares, sale),
      services: services.filter((s) => !onDropped(s)),
      ...(it.service_terms
        ? {
            service_terms: {
              seat_fees: it.service_terms.seat_fees.slice(0, from),
              extra_bags: it.service_terms.extra_bags.slice(0, from),
            },
          }
        : {}),
      ...withRecord(
        it,
        {
          passengers: [],
          slices: it.slices.slice(from).map(({ origin, destination, departure_date }) => ({
            origin,
            destination,
            departure_date,
          })),
          refund_amount: refund,
          penalty_amount: penalty,
        },
        now,
      ),
    },
    seatsFreed: services.filter((s): s is SeatService => s.type === 'seat' && onDropped(s)),
    release: { seated: 0, slices: slices.toSorted((a, b) => a - b) },
  };
}
