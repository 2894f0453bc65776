import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** An operator retimes a flight: bookings learn of it, and accept, move for free or cancel in full. */
describe('flight retimes', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const fare = (carrier: string, route: [string, string]) =>
      fareRecord(carrier, route, 'light', { currency: 'EUR', adult: 8_000, child: 8_000, tax: 2_000 });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80),
        scheduleRecord(t, 'EI', 105, ['DUB', 'JFK'], '11:00', 450),
      ],
      fares: [fare('BA', ['LHR', 'DUB']), fare('EI', ['DUB', 'JFK'])],
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const read = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: auth })).json();
  const offer = async (days: number, destination: string) => {
    const res = await post(
      '/search_flight',
      searchBody(t, [['LHR', destination, days]], { max_connections: 1 }),
    );
    const found = res.json().data[0];
    assert.ok(found, `an offer to ${destination}`);
    return found;
  };
  const retime = (flight_id: string, days: number, departure_time: string) =>
    post(
      '/retime_flight',
      { flight_id, departure_date: dayAfter(t, days), departure_time, reason: 'slot' },
      admin,
    );

  it('puts a confirmed booking on hold for an answer, shows a hold the new time, and accepts it', async () => {
    const confirmed = (await bookFlight(t, auth, bookingBody(await offer(10, 'DUB')))).json();
    const held = (
      await bookFlight(
        t,
        auth,
        bookingBody(await offer(10, 'DUB'), [adult()], { type: 'hold', payment: undefined }),
      )
    ).json();
    const flight = confirmed.slices[0].segments[0].flight_id;
    const res = await retime(flight, 10, '09:30');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().changed_bookings.sort(), [confirmed.reference, held.reference].sort());

    const waiting = await read(confirmed.id);
    assert.equal(waiting.status, 'schedule_changed');
    assert.deepEqual(waiting.allowed_actions, ['accept', 'change', 'cancel', 'update', 'cancel_part']);
    assert.match(waiting.schedule_change.previous.departing_at, /T08:00:00/);
    assert.match(waiting.schedule_change.current.departing_at, /T09:30:00/);
    assert.equal(waiting.schedule_change.connection_broken, false);
    assert.match(waiting.slices[0].segments[0].departing_at, /T08:00:00/, 'booked times until accepted');
    const hold = await read(held.id);
    assert.equal(hold.status, 'held');
    assert.match(hold.slices[0].segments[0].departing_at, /T09:30:00/);
    await t.flights.refreshNetwork(); // as every process does within NETWORK_POLL_MS
    assert.match((await offer(10, 'DUB')).slices[0].segments[0].departing_at, /T09:30:00/, 'search shows it');

    const accepted = await post('/accept_schedule_change', { booking_id: confirmed.id });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().status, 'confirmed');
    assert.match(accepted.json().slices[0].segments[0].departing_at, /T09:30:00/);
    assert.equal(accepted.json().schedule_change, undefined);
    assert.deepEqual(
      accepted
        .json()
        .events.slice(-2)
        .map((e: any) => e.type),
      ['schedule_changed', 'schedule_change_accepted'],
    );
    const twice = await post('/accept_schedule_change', { booking_id: confirmed.id });
    assert.equal(twice.json().code, 'INVALID_STATE_TRANSITION');
  });

  it('never books the old time without a change just after a retime: the new time, or told of it', async () => {
    const earlier = await offer(33, 'DUB');
    const flight = earlier.slices[0].segments[0].flight_id;
    assert.match(earlier.slices[0].segments[0].departing_at, /T08:00:00/);
    assert.equal((await retime(flight, 33, '21:05')).statusCode, 200);
    // Booked at once on the offer found before: this process's network may not have the retime yet.
    const booked = await bookFlight(t, auth, bookingBody(earlier));
    assert.equal(booked.statusCode, 201, booked.body);
    const b = booked.json();
    const departing = b.status === 'schedule_changed' ? b.schedule_change.current : b.slices[0].segments[0];
    assert.match(departing.departing_at, /T21:05:00/, `${b.status}: never 08:00 with no change`);
    await t.flights.refreshNetwork();
  });

  it('tells a booking made on times a retime committed elsewhere has replaced, before this process heard of it', async () => {
    const earlier = await offer(34, 'DUB');
    const heldEarlier = await offer(34, 'DUB');
    const flight = earlier.slices[0].segments[0].flight_id;
    // Another process's retime, committed, its notice not yet here: the row alone, the network unchanged.
    await t.storage.db
      .insertInto('flight_retimes')
      .values({
        schedule_id: flight,
        departure_date: dayAfter(t, 34),
        departure_time: '21:05',
        duration_minutes: 80,
        reason: 'slot',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const booked = await bookFlight(t, auth, bookingBody(earlier));
    assert.equal(booked.statusCode, 201, booked.body);
    assert.equal(booked.json().status, 'schedule_changed');
    assert.match(booked.json().schedule_change.previous.departing_at, /T08:00:00/);
    assert.match(booked.json().schedule_change.current.departing_at, /T21:05:00/);
    assert.deepEqual(
      booked.json().events.map((e: any) => e.type),
      ['confirmed', 'schedule_changed'],
    );
    const held = await bookFlight(
      t,
      auth,
      bookingBody(heldEarlier, [adult()], { type: 'hold', payment: undefined }),
    );
    assert.equal(held.statusCode, 201, held.body);
    assert.equal(held.json().status, 'held');
    assert.match(held.json().slices[0].segments[0].departing_at, /T21:05:00/, 'a hold shows the new time');
  });

  it('flags a broken connection, refuses to accept it, and offers a free move or a full refund', async () => {
    const trip = await offer(20, 'JFK');
    assert.equal(trip.slices[0].segments.length, 2, 'a connection through Dublin');
    const booking = (await bookFlight(t, auth, bookingBody(trip))).json();
    const first = booking.slices[0].segments[0].flight_id;
    assert.equal((await retime(first, 20, '10:30')).statusCode, 200);
    const waiting = await read(booking.id);
    assert.equal(waiting.schedule_change.connection_broken, true);
    assert.deepEqual(waiting.allowed_actions, ['change', 'cancel', 'update', 'cancel_part'], 'no accept');
    const accept = await post('/accept_schedule_change', { booking_id: booking.id });
    assert.equal(accept.statusCode, 409);
    assert.equal(accept.json().code, 'CHANGE_NOT_ALLOWED');

    const quote = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    assert.equal(
      quote.refund_amount,
      booking.price.total_amount,
      'a full refund, though the fare is not refundable',
    );

    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 21) }],
    });
    assert.equal(found.statusCode, 200, found.body);
    const option = found.json().data[0];
    assert.equal(option.involuntary, true);
    assert.equal(option.change_total_amount, 0, 'free, though the fare does not allow changes');
    const moved = await t.app.inject({
      method: 'POST',
      url: '/change_booking',
      headers: { ...auth, 'idempotency-key': 'retime-move-1' },
      payload: {
        change_offer_id: option.id,
        expected_total: { amount: booking.price.total_amount, currency: 'EUR' },
      },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().status, 'confirmed');
    assert.equal(moved.json().slices[0].departure_date, dayAfter(t, 21));
    assert.equal(moved.json().schedule_change, undefined);
  });

  it('refuses a retime of a date the flight does not fly, or in the past', async () => {
    const flight = (await offer(30, 'DUB')).slices[0].segments[0].flight_id;
    assert.equal(
      (
        await post(
          '/retime_flight',
          { flight_id: flight, departure_date: dayAfter(t, 90), departure_time: '09:00', reason: 'x' },
          admin,
        )
      ).statusCode,
      400,
    );
    assert.equal((await retime('sch_nothing', 30, '09:00')).statusCode, 404);
    assert.equal((await retime(flight, 30, '09:00').then(() => retime(flight, 30, '25:00'))).statusCode, 400);
    assert.equal(
      (
        await post('/retime_flight', {
          flight_id: flight,
          departure_date: dayAfter(t, 30),
          departure_time: '09:00',
          reason: 'x',
        })
      ).statusCode,
      403,
    );
  });

  it('retimes booked dates when an import moves the schedule, and disrupts dates it no longer flies', async () => {
    const schedule = scheduleRecord(t, 'BA', 900, ['LHR', 'DUB'], '14:00', 80);
    const imported = await t.flights.importNetwork({ schedules: [schedule], fares: [] });
    assert.deepEqual([imported.changed_bookings, imported.disrupted_bookings], [[], []]);
    await t.flights.refreshNetwork();
    const ba900 = async (days: number) => {
      const res = await post('/search_flight', searchBody(t, [['LHR', 'DUB', days]], { max_connections: 0 }));
      const found = res.json().data.find((o: any) => o.slices[0].segments[0].flight_number === 'BA900');
      assert.ok(found, 'a BA900 offer');
      return found;
    };
    const first = (await bookFlight(t, auth, bookingBody(await ba900(40)))).json();
    const own = (await bookFlight(t, auth, bookingBody(await ba900(41)))).json();
    const hold = (
      await bookFlight(t, auth, bookingBody(await ba900(42), [adult()], { type: 'hold', payment: undefined }))
    ).json();
    const flight = first.slices[0].segments[0].flight_id;
    assert.equal((await retime(flight, 41, '15:00')).statusCode, 200, 'one date moved on its own');
    assert.equal((await post('/accept_schedule_change', { booking_id: own.id })).statusCode, 200);

    const moved = await t.flights.importNetwork({
      schedules: [{ ...schedule, departure_time: '16:00' }],
      fares: [],
    });
    assert.deepEqual(moved.changed_bookings.sort(), [first.reference, hold.reference].sort());
    assert.deepEqual(moved.disrupted_bookings, []);
    const waiting = await read(first.id);
    assert.equal(waiting.status, 'schedule_changed');
    assert.match(waiting.schedule_change.previous.departing_at, /T14:00:00/);
    assert.match(waiting.schedule_change.current.departing_at, /T16:00:00/);
    assert.match(
      (await read(hold.id)).slices[0].segments[0].departing_at,
      /T16:00:00/,
      'a hold shows it at once',
    );
    const kept = await read(own.id);
    assert.equal(kept.status, 'confirmed', 'the date retimed on its own keeps its time');
    assert.match(kept.slices[0].segments[0].departing_at, /T15:00:00/);

    const again = await t.flights.importNetwork({
      schedules: [{ ...schedule, departure_time: '16:00' }],
      fares: [],
    });
    assert.deepEqual(again.changed_bookings, [], 'the same file twice tells nobody twice');
    assert.equal((await read(first.id)).events.filter((e: any) => e.type === 'schedule_changed').length, 1);

    const shorter = await t.flights.importNetwork({
      schedules: [{ ...schedule, departure_time: '16:00', valid_to: dayAfter(t, 40) }],
      fares: [],
    });
    assert.deepEqual(shorter.disrupted_bookings.sort(), [own.reference, hold.reference].sort());
    assert.equal((await read(own.id)).status, 'disrupted');
    assert.equal((await read(first.id)).status, 'schedule_changed', 'its date is still flown');
    const events = await t.app.inject({
      method: 'GET',
      url: '/events?types=flight_schedule.changed',
      headers: admin,
    });
    assert.equal(events.statusCode, 200, events.body);
    assert.deepEqual(
      events
        .json()
        .data.map((e: any) => [
          e.data.object.current.valid_to,
          e.data.object.changed_bookings.length,
          e.data.object.disrupted_bookings.length,
        ]),
      [
        [schedule.valid_to, 2, 0],
        [dayAfter(t, 40), 0, 2],
      ],
      'admins hear of each import that changed the schedule, oldest first',
    );
  });
});
