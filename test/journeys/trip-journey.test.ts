import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { adult, CONTACT, dayAfter, numberedAdult, seedFlights } from '../helpers/flights.ts';
import { limitRooms, PARIS, seedHotels, TEST_CARD } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

type Auth = Record<string, string>;

/** What the database holds of places and money: seats and room nights sold, trips, bookings, payments. */
async function holdings(t: TestApp) {
  const db = t.storage.db;
  const sum = async (table: 'seat_inventory' | 'room_nights_sold') =>
    (await db.selectFrom(table).select('sold').execute()).reduce((n, r) => n + Number(r.sold), 0);
  const count = async (table: 'trips' | 'flight_bookings' | 'hotel_bookings') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    seats: await sum('seat_inventory'),
    nights: await sum('room_nights_sold'),
    trips: await count('trips'),
    flights: await count('flight_bookings'),
    hotels: await count('hotel_bookings'),
  };
}

/** The types of a booking's events in the log, oldest first. */
async function eventsOf(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.storage.db
    .selectFrom('events')
    .select('type')
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  return rows.map((e) => e.type);
}

/** An operator retimes the first flight of a trip's outbound (asserting it did). */
async function retimeOutbound(
  t: TestApp,
  admin: Auth,
  trip: any,
  times: { departure_time: string; duration_minutes?: number },
) {
  const outbound = trip.parts.flight.slices[0].segments[0];
  const retimed = await t.app.inject({
    method: 'POST',
    url: '/retime_flight',
    headers: admin,
    payload: {
      flight_id: outbound.flight_id,
      departure_date: outbound.departure_date,
      ...times,
      reason: 'slot',
    },
  });
  assert.equal(retimed.statusCode, 200, retimed.body);
}

/** Every currency of the ledger sums to zero. */
async function assertBalanced(t: TestApp) {
  const perCurrency = new Map<string, number>();
  for (const s of await t.ledger.sums())
    perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
  for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
}

function searchTrips(t: TestApp, auth: Auth, extra: Record<string, unknown> = {}, days = [30, 34]) {
  return t.app.inject({
    method: 'POST',
    url: '/search_trips',
    headers: auth,
    payload: {
      origin: 'LHR',
      destination: { city_id: PARIS },
      departure_date: dayAfter(t, days[0]!),
      return_date: dayAfter(t, days[1]!),
      travellers: { adults: 2 },
      ...extra,
    },
  });
}

function bookTrip(t: TestApp, auth: Auth, pkg: any, passengers: unknown[], key: string, extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/book_trip',
    headers: { ...auth, 'idempotency-key': key },
    payload: {
      package_id: pkg.package_id,
      passengers,
      contact: CONTACT,
      expected_total: { amount: pkg.total_amount, currency: pkg.currency },
      payment: TEST_CARD,
      ...extra,
    },
  });
}

/**
 * Flights and a stay sold together over HTTP: searched as packages whose stay fits the flights, booked in
 * one transaction with one payment, read with both parts, cancelled whole; a room sold out after the
 * search refuses the whole trip with nothing held; concurrent trips for the last rooms sell exactly them.
 */
describe('trips: a flight and a stay as one booking', () => {
  let t: TestApp;
  let customer: { auth: Auth };
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
    customer = await signIn(t, 'customer');
  });
  after(() => t.close());

  it('pairs each hotel with the cheapest flights for a stay that starts on landing and ends on the day back', async () => {
    const res = await searchTrips(t, customer.auth);
    assert.equal(res.statusCode, 200, res.body);
    const { data, total_count } = res.json();
    assert.ok(data.length > 3 && total_count >= data.length, res.body.slice(0, 300));
    const totals = data.map((p: any) => p.total_amount);
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => a - b),
      'cheapest first',
    );
    for (const p of data) {
      const out = p.flight.slices[0].segments;
      const landed = out[out.length - 1].arriving_at as string;
      const early = Number(landed.slice(11, 13)) < 6;
      const arrivalDay = landed.slice(0, 10);
      assert.equal(p.stay.check_in <= arrivalDay, true);
      assert.equal(p.stay.check_in === arrivalDay, !early, `${landed} → ${p.stay.check_in}`);
      assert.equal(p.stay.check_out, p.flight.slices[1].segments[0].departing_at.slice(0, 10));
      assert.equal(p.total_amount, p.flight.total_amount + p.hotel_amount.amount);
      assert.equal(p.currency, p.flight.total_currency);
      assert.equal(p.hotel.options.length, 1);
      assert.equal(p.hotel.options[0].payment_type, 'pay_now');
      assert.equal(p.hotel.hotel.city_id, PARIS);
    }
    const page2 = await searchTrips(t, customer.auth, {
      cursor: res.json().next_cursor ?? undefined,
      limit: 2,
    });
    assert.equal(page2.statusCode, 200, page2.body);
  });

  it('books flights, stay and one payment together, and cancels them together', async () => {
    const before = await holdings(t);
    const found = await searchTrips(t, customer.auth, { filters: { refundable_only: true } });
    assert.equal(found.statusCode, 200, found.body);
    const pkg = found.json().data[0];
    const key = 'trip-journey-1';
    const booked = await bookTrip(t, customer.auth, pkg, [adult(0), adult(1)], key);
    assert.equal(booked.statusCode, 201, booked.body);
    const trip = booked.json();
    assert.match(trip.reference, /^[A-Z0-9]{7}$/);
    assert.equal(trip.status, 'confirmed');
    assert.deepEqual([trip.total_amount, trip.currency], [pkg.total_amount, pkg.currency]);
    assert.deepEqual(
      [trip.payment.status, trip.payment.amount, trip.payment.currency],
      ['paid', pkg.total_amount, pkg.currency],
    );
    const { flight, hotel } = trip.parts;
    assert.equal(flight.status, 'confirmed');
    assert.equal(flight.passengers.length, 2);
    assert.ok(flight.tickets.length === 2, 'ticketed');
    assert.equal(hotel.status, 'confirmed');
    assert.deepEqual([hotel.check_in, hotel.check_out], [pkg.stay.check_in, pkg.stay.check_out]);
    assert.deepEqual(
      hotel.rooms[0].guests.map((g: any) => g.given_name),
      [adult(0).given_name, adult(1).given_name],
    );
    assert.equal(flight.payment, null, 'the trip pays, not its parts');
    assert.equal(hotel.payment, null);
    const nights = pkg.stay.nights;
    const flights = flight.slices.flatMap((s: any) => s.segments).length;
    const during = await holdings(t);
    assert.deepEqual(during, {
      seats: before.seats + 2 * flights,
      nights: before.nights + nights,
      trips: before.trips + 1,
      flights: before.flights + 1,
      hotels: before.hotels + 1,
    });
    await assertBalanced(t);
    const sales = await t.storage.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'product'])
      .where('booking_id', '=', trip.id)
      .execute();
    assert.deepEqual(
      sales.map((r) => `${r.kind}/${r.product}`),
      ['sale/trip'],
    );

    // The same request again answers the same trip; a part cannot be changed on its own.
    const again = await bookTrip(t, customer.auth, pkg, [adult(0), adult(1)], key);
    assert.equal(again.json().id, trip.id);
    assert.equal((await holdings(t)).trips, during.trips);
    for (const [url, payload] of [
      ['/quote_cancellation', { booking_id: trip.hotel_booking_id }],
      ['/modify_hotel_booking', { booking_id: trip.hotel_booking_id, special_requests: 'Quiet room' }],
      [
        '/search_changes',
        { booking_id: trip.flight_booking_id, slices: [{ slice: 0, departure_date: dayAfter(t, 31) }] },
      ],
    ] as const) {
      const refused = await t.app.inject({ method: 'POST', url, headers: customer.auth, payload });
      assert.equal(refused.statusCode, 409, `${url}: ${refused.body}`);
      assert.equal(refused.json().code, 'PART_OF_TRIP');
      assert.equal(refused.json().trip_id, trip.id);
    }
    // Another customer sees no such trip, nor its parts.
    const stranger = await signIn(t, 'customer');
    for (const id of [trip.id, trip.flight_booking_id, trip.hotel_booking_id]) {
      const read = await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: stranger.auth });
      assert.equal(read.statusCode, 404, `${id}: ${read.body}`);
    }
    const byReference = await t.app.inject({
      method: 'GET',
      url: `/booking?reference=${trip.reference}`,
      headers: customer.auth,
    });
    assert.equal(byReference.json().id, trip.id, byReference.body);
    const listed = await t.app.inject({
      method: 'POST',
      url: '/search_booking',
      headers: customer.auth,
      payload: { product: 'trip' },
    });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      listed.json().data.map((x: any) => x.id),
      [trip.id],
    );

    // The quote is the flights' refund and the stay's, as each part's rules give them now.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/quote_cancellation',
      headers: customer.auth,
      payload: { booking_id: trip.id },
    });
    assert.equal(quote.statusCode, 200, quote.body);
    const q = quote.json();
    assert.equal(q.refund_amount + q.penalty_amount, trip.total_amount, quote.body);
    // The stay is cancelled free (all of it back); the flights give back what their fare allows.
    const fromFlights = q.refund_amount - hotel.total_amount;
    assert.ok(fromFlights > 0 && fromFlights <= flight.price.total_amount, quote.body);
    assert.equal(flight.price.total_amount + hotel.total_amount, trip.total_amount);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: customer.auth,
      payload: { booking_id: trip.id, quote_id: q.quote_id },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const done = cancelled.json();
    assert.equal(done.status, 'cancelled');
    assert.equal(done.refund_amount, q.refund_amount);
    assert.equal(done.parts.flight.status, 'cancelled');
    assert.equal(done.parts.hotel.status, 'cancelled');
    assert.equal(done.payment.refunded_amount, q.refund_amount);
    assert.deepEqual(await holdings(t), { ...during, seats: before.seats, nights: before.nights });
    await assertBalanced(t);
    assert.deepEqual(await eventsOf(t, trip.id), ['trip.created', 'trip.cancelled']);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: customer.auth,
      payload: { booking_id: trip.id, quote_id: q.quote_id },
    });
    assert.equal(twice.statusCode, 409, twice.body);
  });

  it('refuses the whole trip when its room sold out after the search: no seat held, no money moved', async () => {
    const found = await searchTrips(t, customer.auth, {}, [40, 43]);
    const pkg = found.json().data[0];
    const before = await holdings(t);
    // A card the bank declines: 402 before anything is taken.
    const declined = await bookTrip(t, customer.auth, pkg, [adult(0), adult(1)], 'trip-declined', {
      payment: { type: 'card', card_token: 'tok_declined' },
    });
    assert.equal(declined.json().code, 'PAYMENT_DECLINED', declined.body);
    assert.deepEqual(await holdings(t), before);
    const paymentsBefore = await t.storage.db.selectFrom('payments').select(['id', 'status']).execute();
    await limitRooms(t, pkg.hotel.hotel.id, pkg.hotel.options[0].room_type.code, 40, pkg.stay.nights + 1, 0);
    const refused = await bookTrip(t, customer.auth, pkg, [adult(0), adult(1)], 'trip-sold-out');
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().code, 'NO_AVAILABILITY');
    assert.deepEqual(await holdings(t), before);
    const paymentsAfter = await t.storage.db.selectFrom('payments').select(['id', 'status']).execute();
    const made = paymentsAfter.filter((p) => !paymentsBefore.some((b) => b.id === p.id));
    assert.ok(
      made.every((p) => p.status === 'voided'),
      JSON.stringify(made),
    );
    await assertBalanced(t);
  });

  it('moves the stay with the flights when a retime lands them a day later, in one change the traveller accepts', async () => {
    const admin = await signIn(t, 'admin');
    const found = await searchTrips(t, customer.auth, { travellers: { adults: 1 } }, [60, 64]);
    const pkg = found.json().data.find((p: any) => p.flight.slices[0].segments.length === 1);
    assert.ok(pkg, 'a package flying out direct');
    const booked = await bookTrip(t, customer.auth, pkg, [adult(0)], 'trip-retime');
    assert.equal(booked.statusCode, 201, booked.body);
    const trip = booked.json();
    const before = await holdings(t);
    const notYet = await t.app.inject({
      method: 'POST',
      url: '/accept_trip_change',
      headers: customer.auth,
      payload: {
        booking_id: trip.id,
        expected_total: { amount: trip.total_amount, currency: trip.currency },
      },
    });
    assert.equal(notYet.json().code, 'INVALID_STATE_TRANSITION', notYet.body);
    // The operator moves the outbound late in the evening with a long delay: it lands after 06:00 next day.
    await retimeOutbound(t, admin.auth, trip, { departure_time: '23:00', duration_minutes: 600 });
    const read = (
      await t.app.inject({ method: 'GET', url: `/booking?id=${trip.id}`, headers: customer.auth })
    ).json();
    assert.equal(read.parts.flight.status, 'schedule_changed');
    const change = read.schedule_change;
    assert.deepEqual(
      change.stay,
      { check_in: dayAfter(t, 61), check_out: pkg.stay.check_out },
      JSON.stringify(change),
    );
    assert.ok(change.total_amount < trip.total_amount, 'a night fewer costs less');
    assert.ok(read.allowed_actions.includes('accept_schedule_change'));
    const alone = await t.app.inject({
      method: 'POST',
      url: '/accept_schedule_change',
      headers: customer.auth,
      payload: { booking_id: trip.flight_booking_id },
    });
    assert.equal(alone.json().code, 'PART_OF_TRIP', alone.body);
    const notATrip = await t.app.inject({
      method: 'POST',
      url: '/accept_trip_change',
      headers: customer.auth,
      payload: { booking_id: trip.flight_booking_id, expected_total: { amount: 1, currency: trip.currency } },
    });
    assert.equal(notATrip.json().errors?.[0]?.pointer, '/booking_id', notATrip.body);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/accept_trip_change',
      headers: customer.auth,
      payload: {
        booking_id: trip.id,
        expected_total: { amount: trip.total_amount, currency: trip.currency },
      },
    });
    assert.equal(stale.json().code, 'PRICE_CHANGED', stale.body);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/accept_trip_change',
      headers: customer.auth,
      payload: {
        booking_id: trip.id,
        expected_total: { amount: change.total_amount, currency: change.currency },
      },
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const after = accepted.json();
    assert.equal(after.parts.flight.status, 'confirmed');
    assert.equal(after.parts.flight.slices[0].segments[0].departing_at.slice(11, 16), '23:00');
    assert.deepEqual(
      [after.parts.hotel.check_in, after.parts.hotel.check_out],
      [dayAfter(t, 61), pkg.stay.check_out],
    );
    assert.equal(after.total_amount, change.total_amount);
    assert.equal(
      after.payment.refunded_amount,
      trip.total_amount - change.total_amount,
      'the night given back',
    );
    assert.equal(after.schedule_change, undefined);
    assert.deepEqual(await holdings(t), { ...before, nights: before.nights - 1 }, 'the first night released');
    await assertBalanced(t);
    assert.deepEqual(await eventsOf(t, trip.id), ['trip.created', 'trip.changed']);
  });

  it('gives everything back when the airline changed the flights, even a stay its own terms would keep', async () => {
    const admin = await signIn(t, 'admin');
    const found = await searchTrips(t, customer.auth, { travellers: { adults: 1 } }, [70, 73]);
    const pkg = found
      .json()
      .data.find(
        (p: any) => !p.hotel.options[0].cancellation.refundable && p.flight.slices[0].segments.length === 1,
      );
    assert.ok(pkg, 'a non-refundable stay flown to direct');
    const trip = (await bookTrip(t, customer.auth, pkg, [adult(0)], 'trip-altered')).json();
    const quoteOf = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/quote_cancellation',
          headers: customer.auth,
          payload: { booking_id: trip.id },
        })
      ).json();
    assert.ok((await quoteOf()).penalty_amount >= trip.parts.hotel.total_amount, 'the stay alone is kept');
    const departs = trip.parts.flight.slices[0].segments[0].departing_at.slice(11, 16);
    await retimeOutbound(t, admin.auth, trip, { departure_time: departs === '18:00' ? '19:00' : '18:00' });
    const quote = await quoteOf();
    assert.deepEqual(
      [quote.refund_amount, quote.penalty_amount],
      [trip.total_amount, 0],
      JSON.stringify(quote),
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: customer.auth,
      payload: { booking_id: trip.id, quote_id: quote.quote_id },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const done = cancelled.json();
    assert.deepEqual([done.payment.status, done.payment.refunded_amount], ['refunded', trip.total_amount]);
    assert.equal(done.parts.hotel.status, 'cancelled');
    assert.ok(done.parts.hotel.penalty_amount > 0, 'the stay’s own penalty, borne by the seller');
    await assertBalanced(t);
  });

  it('answers a package that is not ours 400, one whose party differs 400, and another total 400', async () => {
    const found = await searchTrips(t, customer.auth, { travellers: { adults: 1, children: [7] } }, [50, 53]);
    assert.equal(found.statusCode, 200, found.body);
    const pkg = found.json().data[0];
    const child = { ...adult(1), type: 'child', born_on: dayAfter(t, 50 - 365 * 7 - 30) };
    const forged = await bookTrip(
      t,
      customer.auth,
      { ...pkg, package_id: `${pkg.package_id}x` },
      [adult(0), child],
      'f1',
    );
    assert.equal(forged.json().errors[0].pointer, '/package_id');
    const wrongParty = await bookTrip(t, customer.auth, pkg, [adult(0), adult(1)], 'f2');
    assert.equal(wrongParty.statusCode, 400, wrongParty.body);
    assert.equal(wrongParty.json().errors[0].pointer, '/passengers');
    const wrongTotal = await bookTrip(
      t,
      customer.auth,
      { ...pkg, total_amount: pkg.total_amount - 1 },
      [adult(0), child],
      'f3',
    );
    assert.equal(wrongTotal.json().errors[0].pointer, '/expected_total');
    const right = await bookTrip(t, customer.auth, pkg, [adult(0), child], 'f4');
    assert.equal(right.statusCode, 201, right.body);
    const guests = right.json().parts.hotel.rooms[0].guests;
    assert.deepEqual(
      guests.map((g: any) => g.age ?? null),
      [null, 7],
    );
    for (const [bad, pointer] of [
      [{ travellers: { adults: 1, children: [0, 1] } }, '/travellers/children'],
      [{ rooms: 2, travellers: { adults: 1 } }, '/rooms'],
      [{ return_date: dayAfter(t, 50) }, '/return_date'],
      [{ cursor: 'nonsense' }, '/cursor'],
      // The flight search's own checks, named as the trip request names its fields.
      [{ origin: 'XXX' }, '/origin'],
      [{ destination: { city_id: 'cty_0' } }, '/destination/city_id'],
    ] as const) {
      const res = await searchTrips(t, customer.auth, bad, [50, 53]);
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      assert.equal(res.json().errors[0].pointer, pointer, res.body);
    }
  });
});

describe('trips: concurrent bookings for the last rooms', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    storage = await openTestStorage();
    const clockStart = new Date();
    one = await buildTestApp({ storage, clockStart });
    two = await buildTestApp({ storage, clockStart });
    await seedFlights(one);
    await seedHotels(one);
    await two.flights.refreshNetwork();
    await two.hotels.refreshIndex();
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  it('sells 5 trips of 30 asked at once for the last 5 rooms, and nothing of the 25 refused', async () => {
    const agent = await signIn(one, 'agent');
    const found = await searchTrips(one, agent.auth, { travellers: { adults: 1 } }, [20, 23]);
    assert.equal(found.statusCode, 200, found.body);
    const pkg = found.json().data[0];
    await limitRooms(one, pkg.hotel.hotel.id, pkg.hotel.options[0].room_type.code, 20, pkg.stay.nights, 5);
    const before = await holdings(one);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bookTrip(i % 2 ? two : one, agent.auth, pkg, [numberedAdult(i, 'Trip', 'T')], `race-${i}`),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 'booked' : r.json().code));
    assert.equal(codes.filter((c) => c === 'booked').length, 5, codes.join(','));
    assert.deepEqual(new Set(codes.filter((c) => c !== 'booked')), new Set(['NO_AVAILABILITY']));
    const flightsPerTrip = pkg.flight.slices.flatMap((s: any) => s.segments).length;
    assert.deepEqual(await holdings(one), {
      seats: before.seats + 5 * flightsPerTrip,
      nights: before.nights + 5 * pkg.stay.nights,
      trips: before.trips + 5,
      flights: before.flights + 5,
      hotels: before.hotels + 5,
    });
    // Seats sold are the seats of live bookings, rooms sold the rooms of live stays.
    const seated = await storage.db
      .selectFrom('flight_booking_segments')
      .innerJoin('flight_bookings', 'flight_bookings.id', 'flight_booking_segments.booking_id')
      .where('flight_bookings.status', 'in', ['confirmed', 'held'])
      .select('seats')
      .execute();
    const sold = await storage.db.selectFrom('seat_inventory').select('sold').execute();
    assert.equal(
      seated.reduce((n, r) => n + Number(r.seats), 0),
      sold.reduce((n, r) => n + Number(r.sold), 0),
    );
    const paid = await storage.db
      .selectFrom('payments')
      .select('status')
      .where('product', '=', 'trip')
      .execute();
    assert.equal(paid.filter((p) => p.status === 'paid').length, 5);
    await assertBalanced(one);
  });
});
