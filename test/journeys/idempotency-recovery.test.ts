import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../helpers/factories.ts';
import { bookFlight, bookingBody, firstOffer, searchBody, seedFlights } from '../helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * What a retry finds after the process died mid-booking, simulated at the two points that matter by
 * putting the key back as the dead process left it: claimed, with no answer kept.
 */
describe('retrying a booking after its process died', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
  });
  after(() => t.close());

  /** The key as a process leaves it when it dies after claiming it and before keeping the answer. */
  const abandon = (key: string) =>
    t.storage.db
      .updateTable('idempotency_keys')
      .set({ status: 'in_progress', response_status: null, response_body: null })
      .where('key', '=', key)
      .execute();
  const count = async (table: 'flight_bookings' | 'hotel_bookings') =>
    Number(
      (
        await t.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const seatsSold = async () =>
    Number(
      (
        await t.storage.db
          .selectFrom('seat_inventory')
          .select((eb) => eb.fn.sum<number>('sold').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );

  it('finds the booking that committed before the crash, and books nothing twice', async () => {
    const buyer = await signIn(t);
    const offer = await firstOffer(t, buyer.auth, searchBody(t, [['LHR', 'CDG', 10]]));
    const key = 'crash-after-commit';
    const first = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(first.statusCode, 201, first.body);
    await abandon(key);
    const [bookings, sold] = [await count('flight_bookings'), await seatsSold()];

    const soon = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(soon.statusCode, 409, 'the claim may still belong to a live process');
    assert.equal(soon.json().code, 'IDEMPOTENCY_IN_PROGRESS');

    t.clock.advance(61);
    const retry = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.json().id, first.json().id, 'the same booking');
    assert.equal(await count('flight_bookings'), bookings);
    assert.equal(await seatsSold(), sold);
    const replay = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(replay.headers['idempotent-replayed'], 'true', 'and the answer is kept now');
  });

  it('books once when the crash came before the booking committed', async () => {
    const buyer = await signIn(t);
    const offer = await firstOffer(t, buyer.auth, searchBody(t, [['LHR', 'CDG', 11]]));
    const key = 'crash-before-commit';
    const first = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(first.statusCode, 201);
    // Undo what the booking wrote, as a transaction that never committed leaves it.
    const id = first.json().id as string;
    const segments = await t.storage.db
      .selectFrom('flight_booking_segments')
      .selectAll()
      .where('booking_id', '=', id)
      .execute();
    for (const s of segments)
      await t.storage.db
        .updateTable('seat_inventory')
        .set((eb) => ({ sold: eb('sold', '-', s.seats) }))
        .where('schedule_id', '=', s.schedule_id)
        .where('departure_date', '=', s.departure_date)
        .where('cabin', '=', s.cabin)
        .execute();
    await t.storage.db.deleteFrom('booking_events').where('booking_id', '=', id).execute();
    await t.storage.db.deleteFrom('flight_booking_segments').where('booking_id', '=', id).execute();
    await t.storage.db.deleteFrom('flight_bookings').where('id', '=', id).execute();
    await abandon(key);
    const [bookings, sold] = [await count('flight_bookings'), await seatsSold()];

    t.clock.advance(61);
    const retry = await bookFlight(t, buyer.auth, bookingBody(offer), key);
    assert.equal(retry.statusCode, 201, retry.body);
    assert.notEqual(retry.json().id, id);
    assert.equal(await count('flight_bookings'), bookings + 1);
    assert.equal(await seatsSold(), sold + 1);
  });

  it('does the same for hotel bookings', async () => {
    const buyer = await signIn(t);
    const { option } = await firstRate(t, buyer.auth, stay(t, 20, 2));
    const body = hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
      amount: option.total_amount,
      currency: option.currency,
    });
    const first = await bookHotel(t, buyer.auth, body, 'hotel-crash');
    assert.equal(first.statusCode, 201, first.body);
    await abandon('hotel-crash');
    const bookings = await count('hotel_bookings');
    t.clock.advance(61);
    const retry = await bookHotel(t, buyer.auth, body, 'hotel-crash');
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.json().id, first.json().id);
    assert.equal(await count('hotel_bookings'), bookings);
  });
});
