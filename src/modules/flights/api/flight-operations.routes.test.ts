import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  dayAfter,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('operator functions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let customer: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    admin = await signIn(t, 'admin');
    customer = await signIn(t);
  });
  after(() => t.close());

  const post = (url: string, payload: object, auth = admin.auth) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const schedule = (over: Record<string, unknown> = {}) => ({
    carrier: 'AF',
    flight_number: 4242,
    origin: 'CDG',
    destination: 'LIS',
    departure_time: '07:05',
    duration_minutes: 150,
    days_of_week: '1234567',
    valid_from: dayAfter(t, 0),
    valid_to: dayAfter(t, 40),
    aircraft: '320',
    capacity: { economy: 120 },
    ...over,
  });
  const fare = {
    carrier: 'AF',
    origin: 'CDG',
    destination: 'LIS',
    cabin: 'economy',
    brand: 'light',
    currency: 'EUR',
    adult: 9000,
    child: 6800,
    infant: 900,
    tax: 3000,
    infant_tax: 700,
    checked_bags: 0,
    cabin_bags: 1,
    change: { allowed: false, penalty: 0 },
    refund: { allowed: false, penalty: 0 },
  };
  const lisbonOffers = async () => {
    await t.flights.refreshNetwork();
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: customer.auth,
      payload: searchBody(t, [['CDG', 'LIS', 9]], { max_connections: 0, limit: 50 }),
    });
    return res.json().data.filter((o: any) => o.slices[0].segments[0].flight_number === 'AF4242');
  };

  it('imports schedules and fares through the API, all or nothing, naming every bad field', async () => {
    const bad = await post('/import_flights', {
      schedules: [schedule(), schedule({ flight_number: 4243, departure_time: '25:00', origin: 'XXX' })],
      fares: [fare],
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'VALIDATION_FAILED');
    assert.deepEqual(
      bad.json().errors.map((e: any) => e.pointer),
      ['/schedules/1/origin', '/schedules/1/departure_time'],
    );
    assert.equal((await lisbonOffers()).length, 0, 'nothing of the rejected file was imported');
    const denied = await post('/import_flights', { schedules: [schedule()], fares: [fare] }, customer.auth);
    assert.equal(denied.statusCode, 403);
    const ok = await post('/import_flights', { schedules: [schedule()], fares: [fare] });
    assert.deepEqual(ok.json(), {
      schedules: 1,
      fares: 1,
      oversold: [],
      changed_bookings: [],
      disrupted_bookings: [],
    });
    const offers = await lisbonOffers();
    assert.equal(offers[0].total_amount, 12_000);
    const again = await post('/import_flights', {
      schedules: [schedule({ departure_time: '08:05' })],
      fares: [{ ...fare, adult: 9500 }],
    });
    assert.equal(again.statusCode, 200);
    const updated = await lisbonOffers();
    assert.equal(updated.length, offers.length, 'the same flight was updated, not duplicated');
    assert.equal(updated[0].total_amount, 12_500);
    assert.match(updated[0].slices[0].segments[0].departing_at, /T08:05:00/);
  });

  it('refuses a file that names one schedule or fare twice, pointing at the repeat', async () => {
    const res = await post('/import_flights', {
      schedules: [schedule(), schedule({ flight_number: 4243 }), schedule({ departure_time: '09:00' })],
      fares: [fare, { ...fare, adult: 1 }],
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res.json().errors.map((e: any) => [e.pointer, e.detail]),
      [
        ['/schedules/2', 'repeats /schedules/0 (same carrier, flight_number, origin and valid_from)'],
        ['/fares/1', 'repeats /fares/0 (same carrier, origin, destination, cabin and brand)'],
      ],
    );
  });

  it('withdraws fares from sale', async () => {
    const brands = [...new Set((await lisbonOffers()).map((o: any) => o.brand))];
    assert.ok(brands.includes('light'));
    for (const brand of brands) {
      const res = await post('/withdraw_fare', {
        carrier: 'AF',
        origin: 'CDG',
        destination: 'LIS',
        cabin: 'economy',
        brand,
      });
      assert.deepEqual(res.json(), { withdrawn: true });
      assert.ok((await lisbonOffers()).every((o: any) => o.brand !== brand));
    }
    assert.equal((await lisbonOffers()).length, 0);
    assert.equal(
      (
        await post('/withdraw_fare', {
          carrier: 'AF',
          origin: 'CDG',
          destination: 'LIS',
          cabin: 'economy',
          brand: 'light',
        })
      ).statusCode,
      404,
    );
  });

  it('withdraws a schedule, disrupting the bookings on its future dates', async () => {
    const offer = await firstOffer(
      t,
      customer.auth,
      searchBody(t, [['LHR', 'MAD', 11]], { max_connections: 0 }),
    );
    const booking = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    const flightId = offer.slices[0].segments[0].flight_id;
    const res = await post('/withdraw_schedule', { flight_id: flightId, reason: 'route closed' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().disrupted_bookings, [booking.reference]);
    const read = (
      await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: customer.auth })
    ).json();
    assert.equal(read.status, 'disrupted');
    await t.flights.refreshNetwork();
    const after = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: customer.auth,
      payload: searchBody(t, [['LHR', 'MAD', 12]], { max_connections: 0, limit: 50 }),
    });
    assert.ok(after.json().data.every((o: any) => o.slices[0].segments[0].flight_id !== flightId));
    assert.equal(
      (await post('/withdraw_schedule', { flight_id: 'sch_unknown', reason: 'x' })).statusCode,
      404,
    );
  });
});
