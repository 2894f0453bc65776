import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import {
  bookHotel,
  firstRate,
  guestsFor,
  hotelBookingBody,
  LONDON,
  limitRooms,
  seedHotels,
  stay,
} from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('check_rate and book_hotel', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let hotelIds: string[];
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    auth = (await signIn(t)).auth;
    hotelIds = (await t.hotels.repository.listActiveHotels())
      .filter((h) => h.city_id === LONDON)
      .map((h) => h.id);
  });
  after(() => t.close());
  /** Each test books at a hotel of its own, so no test sees another's sales or rate changes. */
  const at = (i: number, from: number, nights: number, extra: Record<string, unknown> = {}) =>
    stay(t, from, nights, { destination: { hotel_ids: [hotelIds[i]] }, ...extra });

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const sold = async (roomTypeId: string) =>
    Object.fromEntries(
      (
        await t.storage.db
          .selectFrom('room_nights_sold')
          .select(['night', 'sold'])
          .where('room_type_id', '=', roomTypeId)
          .execute()
      ).map((r) => [r.night, Number(r.sold)]),
    );
  const roomTypeIdOf = async (hotelId: string, code: string) =>
    (await t.hotels.repository.roomTypesOf(hotelId)).find((r) => r.code === code)!.id;

  it('checks a rate, then books two rooms from the quote, taking every night of both rooms', async () => {
    const rooms = [{ adults: 2 }, { adults: 1 }];
    const { hotel, option } = await firstRate(
      t,
      auth,
      at(0, 30, 3, { rooms }),
      (o) => o.rate_plan.code === 'FLEX-RO',
    );
    const check = await post('/check_rate', { rate_key: option.rate_key });
    assert.equal(check.status, 200, JSON.stringify(check.body));
    assert.equal(check.body.status, 'available');
    assert.equal(check.body.quote.total_amount, option.total_amount);
    assert.match(check.body.quote.quote_id, /^hq_/);
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody(
        { quote_id: check.body.quote.quote_id },
        rooms,
        {
          amount: option.total_amount,
          currency: option.currency,
        },
        { client_reference: 'PO-4711', special_requests: 'Late arrival' },
      ),
    );
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    assert.match(booking.id, /^hbk_/);
    assert.match(booking.reference, /^[A-Z0-9]{8}$/);
    assert.equal(res.headers.location, `/booking?id=${booking.id}`);
    assert.equal(booking.product, 'hotel');
    assert.equal(booking.status, 'confirmed');
    assert.equal(booking.hotel.id, hotel.id);
    assert.equal(booking.rooms.length, 2);
    assert.equal(booking.rooms[0].guests.length, 2);
    assert.equal(booking.total_amount, option.total_amount);
    assert.equal(
      booking.rooms.reduce((n: number, r: any) => n + r.total_amount, 0),
      booking.total_amount,
    );
    assert.equal(booking.client_reference, 'PO-4711');
    assert.deepEqual(booking.allowed_actions, ['cancel', 'modify', 'change_dates']);
    assert.deepEqual(
      booking.events.map((e: any) => e.type),
      ['confirmed'],
    );
    const nights = await sold(await roomTypeIdOf(hotel.id, option.room_type.code));
    assert.deepEqual(nights, { [dayAfter(t, 30)]: 2, [dayAfter(t, 31)]: 2, [dayAfter(t, 32)]: 2 });

    const read = await t.app.inject({
      method: 'GET',
      url: `/booking?reference=${booking.reference}`,
      headers: auth,
    });
    assert.equal(read.statusCode, 200);
    assert.equal(read.json().id, booking.id);
    assert.equal(read.headers.etag, '"v1"');
  });

  it('answers a changed price as a value with a new quote, and refuses the old total with 409 PRICE_CHANGED', async () => {
    const { hotel, option } = await firstRate(t, auth, at(1, 50, 2), (o) => o.rate_plan.code === 'FLEX-RO');
    await t.storage.db
      .updateTable('rate_plans')
      .set((eb) => ({ base_amount: eb('base_amount', '+', 1000) }))
      .where('hotel_id', '=', hotel.id)
      .execute();
    const check = await post('/check_rate', { rate_key: option.rate_key });
    assert.equal(check.body.status, 'price_changed');
    assert.equal(check.body.previous_total_amount, option.total_amount);
    assert.ok(check.body.quote.total_amount > option.total_amount);
    const stale = await bookHotel(
      t,
      auth,
      hotelBookingBody({ quote_id: check.body.quote.quote_id }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(stale.statusCode, 409);
    assert.equal(stale.json().code, 'PRICE_CHANGED');
    assert.equal(stale.json().total_amount, check.body.quote.total_amount);
    assert.deepEqual(await sold(await roomTypeIdOf(hotel.id, option.room_type.code)), {});
    const fresh = await bookHotel(
      t,
      auth,
      hotelBookingBody({ quote_id: check.body.quote.quote_id }, [{ adults: 2 }], {
        amount: check.body.quote.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(fresh.statusCode, 201, fresh.body);
  });

  it('answers sold out as a value, and refuses the booking with 409 NO_AVAILABILITY', async () => {
    const { hotel, option } = await firstRate(t, auth, at(2, 60, 2));
    const roomTypeId = await roomTypeIdOf(hotel.id, option.room_type.code);
    await t.storage.db
      .insertInto('room_night_overrides')
      .values({ room_type_id: roomTypeId, night: dayAfter(t, 61), rooms: 0, closed: 0, closed_to_arrival: 0 })
      .execute();
    const check = await post('/check_rate', { rate_key: option.rate_key });
    assert.equal(check.body.status, 'sold_out');
    assert.equal(check.body.quote, null);
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'NO_AVAILABILITY');
    assert.equal(res.json().night, dayAfter(t, 61));
    assert.deepEqual(await sold(roomTypeId), {}, 'the first night was not kept');
  });

  it('replays a retried booking with the same Idempotency-Key, and refuses the key with another body', async () => {
    const { hotel, option } = await firstRate(t, auth, at(3, 70, 1));
    const body = hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
      amount: option.total_amount,
      currency: option.currency,
    });
    const [a, b] = await Promise.all([
      bookHotel(t, auth, body, 'stay-70'),
      bookHotel(t, auth, body, 'stay-70'),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    assert.ok(
      JSON.stringify(statuses) === '[201,201]' || JSON.stringify(statuses) === '[201,409]',
      `got ${statuses}`,
    );
    const again = await bookHotel(t, auth, body, 'stay-70');
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.json().id, (a.statusCode === 201 ? a : b).json().id);
    assert.deepEqual(await sold(await roomTypeIdOf(hotel.id, option.room_type.code)), {
      [dayAfter(t, 70)]: 1,
    });
    const other = await bookHotel(t, auth, { ...body, special_requests: 'Quiet room' }, 'stay-70');
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED');
    const none = await t.app.inject({ method: 'POST', url: '/book_hotel', headers: auth, payload: body });
    assert.equal(none.json().code, 'IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses guests that do not match the searched rooms, forged keys and expired keys and quotes', async () => {
    const rooms = [{ adults: 2, children: [7] }];
    const { option } = await firstRate(t, auth, at(4, 80, 2, { rooms }));
    const total = { amount: option.total_amount, currency: option.currency };
    const wrongAge = hotelBookingBody({ rate_key: option.rate_key }, rooms, total);
    wrongAge.rooms[0]!.guests = guestsFor({ adults: 2, children: [9] });
    const res = await bookHotel(t, auth, wrongAge);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors[0].pointer, '/rooms/0/guests');

    const forged = `${option.rate_key.slice(0, -3)}AAA`;
    const bad = await bookHotel(t, auth, hotelBookingBody({ rate_key: forged }, rooms, total));
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/rate_key');
    const both = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key, quote_id: option.rate_key }, rooms, total),
    );
    assert.equal(both.statusCode, 400);
    const currency = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key }, rooms, { ...total, currency: 'USD' }),
    );
    assert.equal(currency.json().errors[0].pointer, '/expected_total/currency');

    const quote = (await post('/check_rate', { rate_key: option.rate_key })).body.quote;
    t.clock.advance(16 * 60);
    const oldQuote = await bookHotel(t, auth, hotelBookingBody({ quote_id: quote.quote_id }, rooms, total));
    assert.equal(oldQuote.statusCode, 410);
    assert.equal(oldQuote.json().code, 'QUOTE_EXPIRED');
    t.clock.advance(15 * 60);
    const oldKey = await post('/check_rate', { rate_key: option.rate_key });
    assert.equal(oldKey.status, 410);
    assert.equal(oldKey.body.code, 'OFFER_EXPIRED');
  });

  it('refuses a stay the rate no longer allows with 422 STAY_RESTRICTED', async () => {
    const { hotel, option } = await firstRate(t, auth, at(5, 90, 2), (o) => o.rate_plan.code === 'SAVER');
    await t.storage.db
      .updateTable('rate_plans')
      .set({ min_stay: 3 })
      .where('hotel_id', '=', hotel.id)
      .where('code', '=', 'SAVER')
      .execute();
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().restriction, 'STAY_TOO_SHORT');
    assert.equal(res.json().min_stay, 3);
  });
});

describe('the last room, wanted by overlapping stays at once', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
  });
  after(() => t.close());

  it('sells every night at most once: exactly one winner per clash, losers leave every other night untouched', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signIn(t)));
    const { hotel } = await firstRate(t, buyers[0]!.auth, stay(t, 100, 1));
    const fam = { id: await limitRooms(t, hotel.id, 'FAM', 100, 12, 1) };
    // Stays of 3 nights starting 0,1,…,7 days after day 100: neighbours overlap by two nights.
    const attempts = await Promise.all(
      buyers.map(async (buyer, i) => {
        const { option } = await firstRate(
          t,
          buyer.auth,
          stay(t, 100 + i, 3, { destination: { hotel_ids: [hotel.id] }, rooms: [{ adults: 3 }] }),
          (o) => o.room_type.code === 'FAM' && o.rate_plan.code === 'FLEX-RO',
        );
        return { start: i, option, buyer };
      }),
    );
    const results = await Promise.all(
      attempts.map(({ option, buyer }) =>
        bookHotel(
          t,
          buyer.auth,
          hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 3 }], {
            amount: option.total_amount,
            currency: option.currency,
          }),
        ),
      ),
    );
    for (const r of results) assert.ok([201, 409].includes(r.statusCode), r.body);
    const winners = attempts.filter((_, i) => results[i]!.statusCode === 201).map((a) => a.start);
    assert.ok(winners.length >= 1);
    for (const r of results.filter((x) => x.statusCode === 409))
      assert.equal(r.json().code, 'NO_AVAILABILITY');
    // Winners never overlap…
    for (let a = 0; a < winners.length; a++)
      for (let b = a + 1; b < winners.length; b++) assert.ok(Math.abs(winners[a]! - winners[b]!) >= 3);
    // …and the nights sold are exactly the winners' nights: nothing a loser touched stayed taken.
    const rows = await t.storage.db
      .selectFrom('room_nights_sold')
      .select(['night', 'sold'])
      .where('room_type_id', '=', fam.id)
      .execute();
    const soldNights = Object.fromEntries(
      rows.filter((r) => Number(r.sold) > 0).map((r) => [r.night, Number(r.sold)]),
    );
    const expected = Object.fromEntries(
      winners.flatMap((s) => [0, 1, 2].map((d) => [dayAfter(t, 100 + s + d), 1])),
    );
    assert.deepEqual(soldNights, expected);
    const bookings = await t.storage.db.selectFrom('hotel_bookings').select('id').execute();
    assert.equal(bookings.length, winners.length);
  });

  it('keeps nights sold equal to the live bookings’ nights while bookings, moves and cancellations race', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signIn(t)));
    const { hotel } = await firstRate(t, buyers[0]!.auth, stay(t, 150, 1));
    const std = { id: await limitRooms(t, hotel.id, 'STD', 150, 10, 2) };
    const only = (o: any) => o.room_type.code === 'STD' && o.rate_plan.code === 'FLEX-RO';
    const body = (from: number, nights: number) =>
      stay(t, from, nights, { destination: { hotel_ids: [hotel.id] }, rooms: [{ adults: 2 }] });
    const book = async (buyer: (typeof buyers)[number], from: number, nights: number) => {
      const found = await t.app.inject({
        method: 'POST',
        url: '/search_hotels',
        headers: buyer.auth,
        payload: body(from, nights),
      });
      const option = found.json().data[0]?.options.find(only);
      // Sold out already when searched, while the others race: as good as a 409.
      if (!option) return { statusCode: 409, body: 'sold out at search', json: () => ({}) };
      return bookHotel(
        t,
        buyer.auth,
        hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
          amount: option.total_amount,
          currency: option.currency,
        }),
      );
    };
    const a = (await book(buyers[0]!, 150, 3)).json();
    const b = (await book(buyers[1]!, 154, 3)).json();
    const move = async (buyer: (typeof buyers)[number], booking: any, from: number) => {
      const probe = await t.app.inject({
        method: 'POST',
        url: '/modify_hotel_booking',
        headers: { ...buyer.auth, 'if-match': '"v1"' },
        payload: {
          booking_id: booking.id,
          check_in: dayAfter(t, from),
          check_out: dayAfter(t, from + 3),
          expected_total: { amount: 0, currency: booking.currency },
        },
      });
      if (probe.statusCode !== 409 || probe.json().code !== 'PRICE_CHANGED') return probe;
      return t.app.inject({
        method: 'POST',
        url: '/modify_hotel_booking',
        headers: { ...buyer.auth, 'if-match': '"v1"' },
        payload: {
          booking_id: booking.id,
          check_in: dayAfter(t, from),
          check_out: dayAfter(t, from + 3),
          expected_total: { amount: probe.json().total_amount, currency: booking.currency },
        },
      });
    };
    const cancel = async (buyer: (typeof buyers)[number], booking: any) => {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/quote_cancellation',
        headers: buyer.auth,
        payload: { booking_id: booking.id },
      });
      return t.app.inject({
        method: 'POST',
        url: '/cancel_booking',
        headers: buyer.auth,
        payload: { booking_id: booking.id, quote_id: quote.json().quote_id },
      });
    };
    const results = await Promise.all([
      move(buyers[0]!, a, 153),
      move(buyers[1]!, b, 151),
      book(buyers[2]!, 151, 4),
      book(buyers[3]!, 152, 3),
      book(buyers[4]!, 153, 4),
      book(buyers[5]!, 150, 2),
      cancel(buyers[1]!, b),
    ]);
    for (const r of results) assert.ok(r.statusCode < 500, `${r.statusCode} ${r.body}`);
    // The invariant: what is sold on each night is exactly what live rooms hold, and never over 2.
    const live = await t.storage.db
      .selectFrom('hotel_booking_rooms as r')
      .innerJoin('hotel_bookings as b', 'b.id', 'r.booking_id')
      .select(['b.check_in', 'b.check_out'])
      .where('r.room_type_id', '=', std.id)
      .where('r.status', '=', 'confirmed')
      .execute();
    const expected: Record<string, number> = {};
    for (const r of live)
      for (
        let d = r.check_in;
        d < r.check_out;
        d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      )
        expected[d] = (expected[d] ?? 0) + 1;
    const sold = Object.fromEntries(
      (
        await t.storage.db
          .selectFrom('room_nights_sold')
          .select(['night', 'sold'])
          .where('room_type_id', '=', std.id)
          .execute()
      )
        .filter((r) => Number(r.sold) !== 0)
        .map((r) => [r.night, Number(r.sold)]),
    );
    assert.deepEqual(sold, expected);
    assert.ok(Object.values(sold).every((n) => n <= 2));
  });
});
