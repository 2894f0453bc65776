import { addDays, daysBetween } from '../../shared/calendar.ts';

/** A hotel room's party: adults, and each child's age on arrival. */
export interface Occupancy {
  adults: number;
  children: number[];
}

/** Before this local hour an arrival is the night's end: the room must be the previous night's. */
export const LATE_ARRIVAL_BEFORE_HOUR = 6;

/**
 * The stay a trip's flights call for, from the local times (with offset, as offers show them) of the
 * outbound's arrival and the return's departure at the destination: check-in on the arrival day (the
 * day before when landing after midnight and before 06:00, so the room is there on arrival), check-out
 * on the day the return departs (even before the hotel's check-out time: no night is added for it).
 * Null when that leaves no night.
 */
export function stayOf(
  arrivingAt: string,
  leavingAt: string,
): { check_in: string; check_out: string } | null {
  const arrivalDate = arrivingAt.slice(0, 10);
  const arrivalHour = Number(arrivingAt.slice(11, 13));
  const checkIn = arrivalHour < LATE_ARRIVAL_BEFORE_HOUR ? addDays(arrivalDate, -1) : arrivalDate;
  const checkOut = leavingAt.slice(0, 10);
  return daysBetween(checkIn, checkOut) >= 1 ? { check_in: checkIn, check_out: checkOut } : null;
}

/** Ages from which an airline sells an adult fare, and below which a child flies on a lap. */
const ADULT_FARE_FROM = 12;
const INFANT_BELOW = 2;

/**
 * The flight passengers of a party: adults and children of 12 and over fly as adults, 2–11 as children,
 * under 2 as infants on a lap. Null when there are more infants than adults to hold them.
 */
export function flightParty(
  adults: number,
  childAges: readonly number[],
): { adults: number; children?: number[]; infants?: number } | null {
  const teens = childAges.filter((a) => a >= ADULT_FARE_FROM).length;
  const children = childAges.filter((a) => a >= INFANT_BELOW && a < ADULT_FARE_FROM);
  const infants = childAges.filter((a) => a < INFANT_BELOW).length;
  if (infants > adults + teens) return null;
  return {
    adults: adults + teens,
    ...(children.length ? { children } : {}),
    ...(infants ? { infants } : {}),
  };
}

/**
 * A party shared between `rooms` rooms: adults as evenly as possible (the first rooms get one more), then
 * each child, oldest first, into the room with the fewest people so far. Null when a room would have no
 * adult.
 */
export function splitParty(adults: number, childAges: readonly number[], rooms: number): Occupancy[] | null {
  if (rooms < 1 || adults < rooms) return null;
  const out: Occupancy[] = Array.from({ length: rooms }, (_, i) => ({
    adults: Math.floor(adults / rooms) + (i < adults % rooms ? 1 : 0),
    children: [],
  }));
  const size = (o: Occupancy) => o.adults + o.children.length;
  for (const age of [...childAges].sort((a, b) => b - a)) {
    const room = out.reduce((best, o) => (size(o) < size(best) ? o : best), out[0]!);
    room.children.push(age);
  }
  return out;
}

/** A person's age in whole years on a date (both `YYYY-MM-DD`). */
export function ageOn(bornOn: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(bornOn.slice(0, 4));
  return date.slice(5) < bornOn.slice(5) ? years - 1 : years;
}

/**
 * Which passengers sleep in which room: each room takes its adults (18 and over on check-in), then the
 * children of the ages it was searched with. Answers the passengers' positions per room, or the detail of
 * why the passengers are not the party searched.
 */
export function roomsOfPassengers(
  occupancy: readonly Occupancy[],
  bornOn: readonly string[],
  checkIn: string,
): { rooms: number[][] } | { problem: string } {
  const ages = bornOn.map((b) => ageOn(b, checkIn));
  const adults = ages.flatMap((a, i) => (a >= 18 ? [i] : []));
  const children = ages.flatMap((a, i) => (a < 18 ? [i] : []));
  const wantedAdults = occupancy.reduce((n, o) => n + o.adults, 0);
  const wantedAges = occupancy.flatMap((o) => o.children).sort((a, b) => a - b);
  const givenAges = children.map((i) => ages[i]!).sort((a, b) => a - b);
  if (adults.length !== wantedAdults || givenAges.join(',') !== wantedAges.join(','))
    return {
      problem:
        `must be the party searched: ${wantedAdults} adult(s)` +
        (wantedAges.length ? ` and children aged ${wantedAges.join(', ')} on check-in` : ''),
    };
  const left = [...children];
  let next = 0;
  const rooms = occupancy.map((o) => {
    const room = adults.slice(next, next + o.adults);
    next += o.adults;
    for (const age of o.children) {
      const k = left.findIndex((i) => ages[i] === age);
      room.push(left[k]!);
      left.splice(k, 1);
    }
    return room;
  });
  return { rooms };
}

/** `part` of `whole`, carried into another currency where `whole` is worth `wholeThere`: rounded. */
export function shareIn(part: number, whole: number, wholeThere: number): number {
  return whole === 0 ? 0 : Math.round((part * wholeThere) / whole);
}

type Sale = {
  total: number;
  tax: number;
  currency: string;
  markup?: number | undefined;
  commission?: number | undefined;
};

/**
 * The trip's one sale: the flights' as sold, and the stay's carried into the flights' currency at the
 * amount it was sold for there (its taxes, markup and commission in proportion).
 */
export function tripSale(flight: Sale, hotel: Sale, hotelInCurrency: number): Sale {
  const carry = (n: number | undefined) => shareIn(n ?? 0, hotel.total, hotelInCurrency);
  return {
    total: flight.total + hotelInCurrency,
    tax: flight.tax + carry(hotel.tax),
    currency: flight.currency,
    markup: (flight.markup ?? 0) + carry(hotel.markup),
    commission: (flight.commission ?? 0) + carry(hotel.commission),
  };
}
