import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import { adult, CONTACT, dayAfter, seedFlights } from '../../../test/helpers/flights.ts';
import { PARIS, seedHotels, TEST_CARD } from '../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('trips', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
  });
  after(() => t.close());

  it('searches, books and cancels a flight and a stay as one trip', async () => {
    const customer = await signIn(t, 'customer');
    const found = await t.app.inject({
      method: 'POST',
      url: '/search_trips',
      headers: customer.auth,
      payload: {
        origin: 'LHR',
        destination: { city_id: PARIS },
        departure_date: dayAfter(t, 30),
        return_date: dayAfter(t, 34),
        travellers: { adults: 2 },
      },
    });
    assert.equal(found.statusCode, 200, found.body);
    const pkg = found.json().data[0];
    console.log(found.json().total_count, pkg.total_amount, pkg.currency, pkg.stay, pkg.hotel_amount, pkg.flight.total_amount);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/book_trip',
      headers: { ...customer.auth, 'idempotency-key': 'trip-1' },
      payload: {
        package_id: pkg.package_id,
        passengers: [adult(0), adult(1)],
        contact: CONTACT,
        expected_total: { amount: pkg.total_amount, currency: pkg.currency },
        payment: TEST_CARD,
      },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const trip = booked.json();
    console.log(JSON.stringify({ ...trip, parts: undefined }, null, 1));
    assert.equal(trip.parts.flight.status, 'confirmed');
    assert.equal(trip.parts.hotel.status, 'confirmed');
    const guarded = await t.app.inject({
      method: 'POST',
      url: '/quote_cancellation',
      headers: customer.auth,
      payload: { booking_id: trip.flight_booking_id },
    });
    console.log(guarded.statusCode, guarded.body);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/quote_cancellation',
      headers: customer.auth,
      payload: { booking_id: trip.id },
    });
    console.log(quote.statusCode, quote.body);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: customer.auth,
      payload: { booking_id: trip.id, quote_id: quote.json().quote_id },
    });
    console.log(cancelled.statusCode, JSON.stringify({ ...cancelled.json(), parts: undefined }));
  });
});
