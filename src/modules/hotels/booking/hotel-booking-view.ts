import { daysBetween } from '../../../shared/calendar.ts';
import type { BookingEvent } from '../../bookings/index.ts';
import { sumPricing } from '../../pricing/index.ts';
import { cancellationTimeline, penaltyAt } from '../inventory/hotel-cancellation-rules.ts';
import type { HotelBookingRecord, HotelBookingRoomRecord } from './hotel-booking-record.ts';
import { isLive, live } from './hotel-booking-rooms.ts';
import { hotelAllowedActions, type StayClock } from './hotel-booking-states.ts';

export function hotelEtag(row: Pick<HotelBookingRecord, 'version'>): string {
  return `"v${row.version}"`;
}

/** Whether cancelling every live room costs nothing at `now`. */
export function freeToCancel(
  rooms: HotelBookingRoomRecord[],
  checkIn: string,
  timeZone: string,
  now: Date,
): boolean {
  return live(rooms).every((r) => {
    const policy = r.price.cancellation_policy;
    return policy.refundable && penaltyAt(policy, checkIn, timeZone, r.total_amount, now) === 0;
  });
}

/** The trade terms are the agency's business: shown on its bookings (over the live rooms), never on a customer's. */
function tradeTerms(row: HotelBookingRecord, rooms: HotelBookingRoomRecord[]) {
  if (row.agency_id === null) return {};
  const pricing = sumPricing(live(rooms).map((r) => r.price.pricing));
  return pricing ? { pricing } : {};
}

/** The API shape of a hotel booking. */
export function hotelBookingView(
  row: HotelBookingRecord,
  rooms: HotelBookingRoomRecord[],
  events: BookingEvent[],
  stay: StayClock,
) {
  const hotel = row.hotel;
  const roomViews = rooms.map((r) => {
    const price = r.price;
    return {
      id: r.id,
      status: r.status,
      room_type: { code: price.room_type.code, name: price.room_type.name, beds: price.room_type.beds },
      rate_plan: { code: price.rate_plan.code, name: price.rate_plan.name },
      board: price.board,
      adults: r.adults,
      child_ages: r.child_ages,
      guests: r.guests.map((g) => ({
        given_name: g.given_name,
        family_name: g.family_name,
        age: g.age ?? null,
      })),
      special_requests: r.special_requests,
      total_amount: r.total_amount,
      currency: price.currency,
      tax_included_amount: price.tax_included_amount,
      payable_at_hotel_amount: price.payable_at_hotel_amount,
      nightly: price.nightly,
      cancellation: cancellationTimeline(
        price.cancellation_policy,
        row.check_in,
        hotel.time_zone,
        r.total_amount,
      ),
      penalty_amount: r.penalty_amount,
    };
  });
  const liveViews = roomViews.filter(isLive);
  const deadlines = liveViews.map((r) => r.cancellation.free_cancellation_until);
  return {
    id: row.id,
    reference: row.reference,
    product: 'hotel' as const,
    status: row.status,
    hold_expires_at: row.hold_expires_at,
    client_reference: row.client_reference,
    hotel_confirmation: row.hotel_confirmation,
    created_at: row.created_at,
    updated_at: row.updated_at,
    cancelled_at: row.cancelled_at,
    hotel,
    check_in: row.check_in,
    check_out: row.check_out,
    nights: daysBetween(row.check_in, row.check_out),
    holder: row.holder,
    special_requests: row.special_requests,
    rooms: roomViews,
    total_amount: row.total_amount,
    currency: row.currency,
    payable_at_hotel_amount: liveViews.reduce((n, r) => n + r.payable_at_hotel_amount, 0),
    free_cancellation_until:
      liveViews.length > 0 && deadlines.every((d) => d !== null)
        ? [...(deadlines as string[])].sort()[0]!
        : null,
    penalty_amount: row.penalty_amount,
    ...tradeTerms(row, rooms),
    payment_type: rooms[0]?.price.rate_plan.payment_type ?? 'pay_now',
    payment: row.payment,
    guarantee: row.guarantee && { type: row.guarantee.type, card: row.guarantee.card },
    allowed_actions: hotelAllowedActions(row.status, stay),
    events,
  };
}
