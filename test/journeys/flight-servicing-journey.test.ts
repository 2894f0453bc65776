import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adult, CONTACT, dayAfter, seedFlights } from '../helpers/flights.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

type Call = Awaited<ReturnType<typeof signInOverHttp>>['call'];

/** The first seat of a seat map segment an adult may have, and what it costs. */
function freeSeat(segment: any, except: string[] = []): { designator: string; amount: number } {
  for (const row of segment.rows)
    for (const seat of row.seats)
      if (seat.offers.adult?.available && !except.includes(seat.designator))
        return { designator: seat.designator, amount: seat.offers.adult.amount };
  throw new Error('no free seat');
}

/**
 * A flight booking's life after the sale, over real HTTP on the demo network: search, seat map, book with a
 * seat and a bag, move seat after booking, change the date, the operator retimes and the traveller accepts,
 * the operator cancels and the traveller takes the free alternative, one of the two passengers cancels.
 * The total and the payment agree at every step.
 */
describe('flight servicing, end to end', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedFlights(server);
  });
  after(() => server.close());

  let n = 0;
  const keyed = (call: Call, path: string, body: unknown) =>
    call('POST', path, body, { 'idempotency-key': `servicing-${++n}` });

  it('goes from search to a free re-accommodation and one passenger’s cancellation, the money following each step', async () => {
    const { call } = await signInOverHttp(server);
    const { call: admin } = await signInOverHttp(server, 'admin');

    const search = await call('POST', '/search_flight', {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: dayAfter(server, 20) }],
      passengers: { adults: 2 },
      max_connections: 0,
      limit: 50,
    });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    const offer = search.body.data.find((o: any) => o.brand === 'standard');
    assert.ok(offer, 'a standard (changeable) offer');
    const bag = offer.available_services.checked_bags[0];
    assert.ok(bag, 'extra bags on sale');

    const map = await call('GET', `/seat_maps?offer_id=${encodeURIComponent(offer.id)}`);
    assert.equal(map.status, 200);
    const seat = freeSeat(map.body.segments[0]);
    const booked = await keyed(call, '/book_flight', {
      offer_id: offer.id,
      passengers: [adult(0), adult(1)],
      contact: CONTACT,
      seats: [{ passenger: 0, slice: 0, segment: 0, designator: seat.designator }],
      bags: [{ passenger: 0, slice: 0, quantity: 1 }],
      expected_total: {
        amount: offer.total_amount + seat.amount + bag.amount_per_bag,
        currency: offer.total_currency,
      },
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    let booking = booked.body;
    const passenger = booking.passengers[0].id;
    assert.equal(booking.payment.amount, booking.price.total_amount);

    // After the sale: a better seat from the booking's own seat map.
    const own = await call('GET', `/seat_maps?booking_id=${booking.id}`);
    const mine = own.body.segments[0].rows.flatMap((r: any) => r.seats).find((s: any) => s.passenger_id);
    assert.equal(mine.designator, seat.designator);
    const other = freeSeat(own.body.segments[0], [seat.designator]);
    const moved = await keyed(call, '/add_services', {
      booking_id: booking.id,
      seats: [{ passenger_id: passenger, slice: 0, segment: 0, designator: other.designator }],
      expected_amount: { amount: other.amount, currency: offer.total_currency },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    booking = moved.body;
    assert.equal(booking.payment.amount, booking.price.total_amount);

    // Two days later, paying what the fare asks.
    const changes = await call('POST', '/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(server, 22) }],
    });
    assert.equal(changes.status, 200, JSON.stringify(changes.body));
    const option = changes.body.data.find(
      (o: any) => o.slices[0].segments[0].flight_number === booking.slices[0].segments[0].flight_number,
    );
    assert.ok(option, 'the same flight two days later');
    assert.ok(option.penalty_amount > 0, 'the standard fare charges for a change');
    const changed = await keyed(call, '/change_booking', {
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: option.currency },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    booking = changed.body;
    assert.equal(booking.slices[0].departure_date, dayAfter(server, 22));
    assert.equal(booking.price.total_amount, option.new_total_amount);
    assert.equal(booking.payment.amount, option.new_total_amount);

    // The operator moves the flight an hour later; the traveller accepts.
    const flight = booking.slices[0].segments[0];
    const hour = Number(flight.departing_at.slice(11, 13));
    const later = `${String((hour + 1) % 24).padStart(2, '0')}${flight.departing_at.slice(13, 16)}`;
    const retimed = await admin('POST', '/retime_flight', {
      flight_id: flight.flight_id,
      departure_date: flight.departure_date,
      departure_time: later,
      reason: 'slot',
    });
    assert.equal(retimed.status, 200, JSON.stringify(retimed.body));
    assert.deepEqual(retimed.body.changed_bookings, [booking.reference]);
    const accepted = await call('POST', '/accept_schedule_change', { booking_id: booking.id });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.slices[0].segments[0].departing_at.slice(11, 16), later);

    // The operator cancels it; the traveller takes the next day's flight for nothing.
    const cancelled = await admin('POST', '/cancel_flight', {
      flight_id: flight.flight_id,
      departure_date: flight.departure_date,
      reason: 'crew',
    });
    assert.deepEqual(cancelled.body.disrupted_bookings, [booking.reference]);
    const alternatives = await call('POST', '/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(server, 23) }],
    });
    const free = alternatives.body.data[0];
    assert.equal(free.involuntary, true);
    assert.equal(free.change_total_amount, 0);
    const rebooked = await keyed(call, '/change_booking', {
      change_offer_id: free.id,
      expected_total: { amount: booking.price.total_amount, currency: free.currency },
    });
    assert.equal(rebooked.status, 200, JSON.stringify(rebooked.body));
    assert.equal(rebooked.body.status, 'confirmed');
    assert.equal(rebooked.body.price.total_amount, booking.price.total_amount);
    assert.equal(rebooked.body.reference, booked.body.reference);
    booking = rebooked.body;

    // One of the two stays at home: the other flies on, with the seat and the bag.
    const stays = booking.passengers[1];
    const quote = await call('POST', '/quote_cancellation', {
      booking_id: booking.id,
      passenger_ids: [stays.id],
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const adultFare = booking.price.passengers.find((p: any) => p.type === 'adult');
    assert.equal(quote.body.refund_amount + quote.body.penalty_amount, adultFare.total_amount);
    const partly = await call('POST', '/cancel_booking', {
      booking_id: booking.id,
      passenger_ids: [stays.id],
      quote_id: quote.body.quote_id,
    });
    assert.equal(partly.status, 200, JSON.stringify(partly.body));
    assert.equal(partly.body.status, 'confirmed');
    assert.deepEqual(
      partly.body.passengers.map((p: any) => p.id),
      [passenger],
    );
    assert.equal(partly.body.price.total_amount, booking.price.total_amount - adultFare.total_amount);
    assert.equal(
      partly.body.payment.amount - partly.body.payment.refunded_amount,
      partly.body.price.total_amount + quote.body.penalty_amount,
    );
    assert.deepEqual(
      partly.body.services.map((s: any) => [s.type, s.passenger_id]),
      booking.services.map((s: any) => [s.type, s.passenger_id]),
    );
    assert.equal(partly.body.reference, booked.body.reference);
    assert.deepEqual(
      partly.body.events.map((e: any) => e.type),
      [
        'confirmed',
        'services_added',
        'changed',
        'schedule_changed',
        'schedule_change_accepted',
        'disrupted',
        'changed',
        'partially_cancelled',
      ],
    );
  });
});
