import { generateNetwork } from '../../src/modules/flights/index.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { type TestApp, testCatalogue } from './test-app.ts';

/** The S preset network, valid from the test clock's date, imported through the real import path. */
export async function seedFlights(t: TestApp): Promise<void> {
  const today = t.clock.now().toISOString().slice(0, 10);
  await t.flights.importNetwork(generateNetwork(testCatalogue(), 'S', today));
  await t.flights.refreshNetwork();
}

/** A date `days` after the test clock's date. */
export function dayAfter(t: TestApp, days: number): string {
  return addDays(t.clock.now().toISOString().slice(0, 10), days);
}

export function searchBody(
  t: TestApp,
  slices: Array<[string, string, number]>,
  extra: Record<string, unknown> = {},
) {
  return {
    slices: slices.map(([origin, destination, days]) => ({
      origin,
      destination,
      departure_date: dayAfter(t, days),
    })),
    passengers: { adults: 1 },
    ...extra,
  };
}

export function adult(i = 0) {
  return {
    type: 'adult',
    title: 'ms',
    given_name: ['Ada', 'Grace', 'Alan', 'Edsger'][i % 4],
    family_name: 'Traveller',
    gender: 'f',
    born_on: '1985-03-14',
    document: {
      type: 'passport',
      number: `P${1000000 + i}`,
      issuing_country: 'GB',
      nationality: 'GB',
      expires_on: '2035-01-01',
    },
  };
}

/**
 * Adult `i` of many booked in one test: a family name and a passport number of its own (Test plus two
 * letters; the prefix and a serial), so no two of its bookings are of the same traveller.
 */
export function numberedAdult(i: number, givenName: string, passportPrefix: string) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return {
    type: 'adult',
    title: 'mr',
    given_name: givenName,
    family_name: `Test${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}`,
    gender: 'm',
    born_on: '1980-01-01',
    document: {
      type: 'passport',
      number: `${passportPrefix}${1_000_000 + i}`,
      issuing_country: 'GB',
      nationality: 'GB',
      expires_on: '2035-01-01',
    },
  };
}

/** An infant on an adult's lap, born this year, with a passport. */
export function infant() {
  return {
    type: 'infant',
    title: 'mr',
    given_name: 'Leo',
    family_name: 'Traveller',
    gender: 'm',
    born_on: '2026-06-01',
    document: { ...adult().document, number: 'P2000001' },
  };
}

export const CONTACT = { email: 'traveller@example.com', phone: '+442071234567' };

/** The cheapest offer of a search, asserting there is one. */
export async function firstOffer(t: TestApp, auth: Record<string, string>, body: unknown): Promise<any> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/search_flight',
    headers: auth,
    payload: body as object,
  });
  const offer = res.json().data?.[0];
  if (!offer) throw new Error(`no offer: ${res.body.slice(0, 300)}`);
  return offer;
}

let keyCounter = 0;
export function bookFlight(
  t: TestApp,
  auth: Record<string, string>,
  payload: unknown,
  key = `key-${process.pid}-${++keyCounter}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/book_flight',
    headers: { ...auth, 'idempotency-key': key },
    payload: payload as object,
  });
}

export function bookingBody(
  offer: any,
  passengers: unknown[] = [adult()],
  extra: Record<string, unknown> = {},
) {
  return {
    offer_id: offer.id,
    passengers,
    contact: CONTACT,
    expected_total: { amount: offer.total_amount, currency: offer.total_currency },
    // Paid by the test gateway's approving card (a hold: authorized, captured at confirmation); a test
    // wanting a hold to pay later passes `payment: undefined`.
    payment: { type: 'card', card_token: 'tok_visa' },
    ...extra,
  };
}

/** A daily schedule in the import format, sold for 60 days from the test clock's date. */
export function scheduleRecord(
  t: TestApp,
  carrier: string,
  flight_number: number,
  route: [string, string],
  departure_time: string,
  duration_minutes: number,
) {
  return {
    carrier,
    flight_number,
    origin: route[0],
    destination: route[1],
    departure_time,
    duration_minutes,
    days_of_week: '1234567',
    valid_from: dayAfter(t, 0),
    valid_to: dayAfter(t, 60),
    aircraft: '320',
    capacity: { economy: 150 },
  };
}

/** An economy fare in the import format: no bags, changes or refunds unless `over` says otherwise. */
export function fareRecord(
  carrier: string,
  route: [string, string],
  brand: string,
  over: Record<string, unknown> = {},
) {
  return {
    carrier,
    origin: route[0],
    destination: route[1],
    cabin: 'economy' as const,
    brand,
    currency: 'GBP',
    adult: 6_000,
    child: 6_000,
    infant: 1_000,
    tax: 0,
    infant_tax: 0,
    checked_bags: 0,
    cabin_bags: 1,
    change: { allowed: false, penalty: 0 },
    refund: { allowed: false, penalty: 0 },
    ...over,
  };
}
