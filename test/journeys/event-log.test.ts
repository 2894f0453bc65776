import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CURRENT_API_VERSION } from '../../src/http/versioning.ts';
import { signIn } from '../helpers/factories.ts';
import { adult, bookFlight, bookingBody, firstOffer, searchBody, seedFlights } from '../helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every change of a booking or of the inventory is in the event log, written with the change: the
 * types in order, the booking as GET /booking shows it right after, visible as bookings are.
 */
describe('the event log', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
    customer = await signIn(t);
    other = await signIn(t);
    admin = await signIn(t, 'admin');
  });
  after(() => t.close());

  const post = (url: string, payload: object, auth = customer.auth, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
  const get = (url: string, auth = customer.auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const eventsOf = async (query: string, auth = customer.auth) => {
    const res = await get(`/events?${query}`, auth);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  it('tells a flight booking’s whole life, each event carrying the booking as it was right after', async () => {
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'JFK', 15]]));
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    const afterHold = (await get(`/booking?id=${held.id}`)).json();
    await post('/confirm_booking', { booking_id: held.id });
    const read = await get(`/booking?id=${held.id}`);
    await post(
      '/update_booking',
      { booking_id: held.id, contact: { email: 'new@example.com', phone: '+33123456789' } },
      customer.auth,
      { 'if-match': String(read.headers.etag) },
    );
    const quote = (await post('/quote_cancellation', { booking_id: held.id })).json();
    await post('/cancel_booking', { booking_id: held.id, quote_id: quote.quote_id });
    const final = (await get(`/booking?id=${held.id}`)).json();

    const log = await eventsOf(`booking_id=${held.id}`);
    assert.deepEqual(
      log.data.map((e: any) => e.type),
      [
        'flight_booking.created',
        'flight_booking.confirmed',
        'flight_booking.updated',
        'flight_booking.cancelled',
      ],
    );
    assert.equal(log.total_count, 4);
    for (const e of log.data) {
      assert.match(e.id, /^evt_/);
      assert.equal(e.api_version, CURRENT_API_VERSION);
    }
    assert.deepEqual(log.data[0].data.object, afterHold, 'created: the booking as it was then (held)');
    assert.equal(log.data[1].data.object.status, 'confirmed');
    assert.equal(log.data[2].data.object.contact.email, 'new@example.com');
    assert.deepEqual(log.data[3].data.object, final, 'cancelled: the booking as GET /booking shows it now');
    assert.equal(final.events.length, log.data.length, 'one event per entry of the booking’s history');
  });

  it('tells an expired hold, and a disruption when the operator cancels the flight (admins see that too)', async () => {
    const offer = await firstOffer(
      t,
      customer.auth,
      searchBody(t, [['CDG', 'MAD', 20]], { max_connections: 0 }),
    );
    const hold = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    const kept = (await bookFlight(t, customer.auth, bookingBody(offer, [adult(1)]))).json();
    t.clock.advance(25 * 3600);
    try {
      assert.equal(await t.flights.expireDueHolds(), 1);
    } finally {
      t.clock.advance(-25 * 3600);
    }
    const flightId = offer.slices[0].segments[0].flight_id;
    const cancelled = await post(
      '/cancel_flight',
      { flight_id: flightId, departure_date: offer.slices[0].departure_date, reason: 'weather' },
      admin.auth,
    );
    assert.equal(cancelled.statusCode, 200, cancelled.body);

    const expired = await eventsOf(`booking_id=${hold.id}&types=flight_booking.expired`);
    assert.equal(expired.data.length, 1);
    assert.equal(expired.data[0].data.object.status, 'expired');
    const disrupted = await eventsOf(`booking_id=${kept.id}&types=flight_booking.disrupted`);
    assert.equal(disrupted.data.length, 1);
    assert.equal(disrupted.data[0].data.object.status, 'disrupted');

    const operator = await eventsOf('types=flight.cancelled', admin.auth);
    assert.equal(operator.data.length, 1);
    assert.deepEqual(operator.data[0].data.object.disrupted_bookings, [kept.reference]);
    assert.equal((await eventsOf('types=flight.cancelled')).data.length, 0, 'operator events are for admins');
  });

  it('tells a hotel booking’s changes and cancellations', async () => {
    const { option } = await firstRate(
      t,
      customer.auth,
      stay(t, 30, 3, { rooms: [{ adults: 2 }, { adults: 1 }] }),
      (o) => o.rate_plan.code.startsWith('FLEX'),
    );
    const booked = (
      await bookHotel(
        t,
        customer.auth,
        hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }, { adults: 1 }], {
          amount: option.total_amount,
          currency: option.currency,
        }),
      )
    ).json();
    const read = await get(`/booking?id=${booked.id}`);
    const modified = await post(
      '/modify_hotel_booking',
      { booking_id: booked.id, special_requests: 'A quiet room' },
      customer.auth,
      { 'if-match': String(read.headers.etag) },
    );
    assert.equal(modified.statusCode, 200, modified.body);
    const roomId = booked.rooms[1].id;
    const roomQuote = (await post('/quote_cancellation', { booking_id: booked.id, room_id: roomId })).json();
    await post('/cancel_booking', { booking_id: booked.id, room_id: roomId, quote_id: roomQuote.quote_id });
    const quote = (await post('/quote_cancellation', { booking_id: booked.id })).json();
    await post('/cancel_booking', { booking_id: booked.id, quote_id: quote.quote_id });

    const log = await eventsOf(`booking_id=${booked.id}`);
    assert.deepEqual(
      log.data.map((e: any) => e.type),
      [
        'hotel_booking.created',
        'hotel_booking.modified',
        'hotel_booking.room_cancelled',
        'hotel_booking.cancelled',
      ],
    );
    assert.equal(log.data[2].data.object.rooms[1].status, 'cancelled');
    assert.equal(log.data[2].data.object.rooms[0].status, 'confirmed');
    assert.deepEqual(log.data[3].data.object, (await get(`/booking?id=${booked.id}`)).json());
  });

  it('shows each caller what they may see, oldest first, a page at a time', async () => {
    assert.equal((await eventsOf('limit=100', other.auth)).total_count, 0, 'another customer sees nothing');
    const mine = await eventsOf('limit=100');
    const all = await eventsOf('limit=100', admin.auth);
    assert.ok(mine.total_count >= 12);
    assert.equal(all.total_count, mine.total_count + 1, 'the admin sees the operator event too');
    const ids = mine.data.map((e: any) => e.id);
    assert.deepEqual(ids, [...ids].sort(), 'oldest first');

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await eventsOf(`limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.map((e: any) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(paged, ids);
    const bad = await get('/events?types=flight_booking.nope');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/types');
  });
});
