import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, postToken, signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import {
  bookHotel,
  firstRate,
  hotelBookingBody,
  LONDON,
  PARIS,
  seedHotels,
  stay,
} from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('hotel booking changes: cancel, modify, search, visibility', () => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signIn>>;
  let auth: Record<string, string>;
  let hotelIds: string[];
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    me = await signIn(t);
    auth = me.auth;
    // Paris's six hotels first (the zone test needs one), then London's.
    const all = await t.hotels.repository.listActiveHotels();
    hotelIds = [...all.filter((h) => h.city_id === PARIS), ...all.filter((h) => h.city_id === LONDON)].map(
      (h) => h.id,
    );
  });
  after(() => t.close());

  /** A fresh token for the same user, after the clock moved past the old one's expiry. */
  const reauth = async () => {
    const res = await postToken(t, {
      grant_type: 'password',
      client_id: me.client.clientId,
      username: me.user.username,
      password: me.user.password,
    });
    auth = { authorization: `Bearer ${res.json().access_token}` };
  };
  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const get = async (id: string, as = auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: as });
    return { status: res.statusCode, body: res.json(), etag: res.headers.etag as string };
  };
  const book = async (
    hotel: number,
    from: number,
    nights: number,
    plan: string,
    rooms: Array<{ adults: number; children?: number[] }> = [{ adults: 2 }],
    extra: Record<string, unknown> = {},
  ) => {
    const { option } = await firstRate(
      t,
      auth,
      stay(t, from, nights, { destination: { hotel_ids: [hotelIds[hotel]] }, rooms }),
      (o) => o.rate_plan.code === plan,
    );
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        rooms,
        { amount: option.total_amount, currency: option.currency },
        extra,
      ),
    );
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const soldOn = async (roomTypeCode: string, hotelId: string, night: string) => {
    const rt = (await t.hotels.repository.roomTypesOf(hotelId)).find((r) => r.code === roomTypeCode)!;
    const row = await t.storage.db
      .selectFrom('room_nights_sold')
      .select('sold')
      .where('room_type_id', '=', rt.id)
      .where('night', '=', night)
      .executeTakeFirst();
    return Number(row?.sold ?? 0);
  };

  it('cancels one room, then the rest, releasing each room’s nights once', async () => {
    const booking = await book(0, 20, 2, 'FLEX-RO', [{ adults: 2 }, { adults: 2 }]);
    const code = booking.rooms[0].room_type.code;
    assert.equal(await soldOn(code, booking.hotel.id, dayAfter(t, 20)), 2);
    const quote = await post('/quote_cancellation', { booking_id: booking.id, room_id: booking.rooms[0].id });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    assert.equal(quote.body.penalty_amount, 0);
    assert.equal(quote.body.refund_amount, booking.rooms[0].total_amount);
    const one = await post('/cancel_booking', {
      booking_id: booking.id,
      room_id: booking.rooms[0].id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.status, 'confirmed');
    assert.deepEqual(
      one.body.rooms.map((r: any) => r.status),
      ['cancelled', 'confirmed'],
    );
    assert.equal(one.body.total_amount, booking.rooms[1].total_amount);
    assert.equal(await soldOn(code, booking.hotel.id, dayAfter(t, 20)), 1);
    assert.equal(await soldOn(code, booking.hotel.id, dayAfter(t, 21)), 1);
    const replay = await post('/cancel_booking', {
      booking_id: booking.id,
      room_id: booking.rooms[0].id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(replay.status, 410, 'the booking changed since the quote');
    const stale = await post('/cancel_booking', { booking_id: booking.id, quote_id: quote.body.quote_id });
    assert.equal(stale.status, 400, 'a room’s quote cannot cancel the whole booking');
    const rest = await post('/quote_cancellation', { booking_id: booking.id });
    const all = await post('/cancel_booking', { booking_id: booking.id, quote_id: rest.body.quote_id });
    assert.equal(all.body.status, 'cancelled');
    assert.deepEqual(all.body.allowed_actions, []);
    assert.deepEqual(
      all.body.events.map((e: any) => e.type),
      ['confirmed', 'room_cancelled', 'cancelled'],
    );
    assert.equal(await soldOn(code, booking.hotel.id, dayAfter(t, 20)), 0);
    const again = await post('/quote_cancellation', { booking_id: booking.id });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'INVALID_STATE_TRANSITION');
    const modify = await post(
      '/modify_hotel_booking',
      { booking_id: booking.id, special_requests: 'x' },
      { 'if-match': (await get(booking.id)).etag },
    );
    assert.equal(modify.body.code, 'INVALID_STATE_TRANSITION');
  });

  it('charges by the timeline at 18:00 in the hotel’s zone, and refuses a quote made before a change', async () => {
    const booking = await book(1, 30, 2, 'FLEX-RO');
    // Paris in winter is UTC+1: free until 18:00 local two days before check-in, i.e. 17:00Z.
    const deadline = new Date(`${dayAfter(t, 28)}T17:00:00Z`);
    assert.equal(booking.free_cancellation_until, `${dayAfter(t, 28)}T18:00:00+01:00`);
    t.clock.advance((deadline.getTime() - t.clock.now().getTime()) / 1000 - 1);
    await reauth();
    const free = await post('/quote_cancellation', { booking_id: booking.id });
    assert.equal(free.body.penalty_amount, 0);
    t.clock.advance(1);
    const charged = await post('/quote_cancellation', { booking_id: booking.id });
    assert.equal(charged.body.penalty_amount, booking.total_amount);
    assert.equal(charged.body.refund_amount, 0);
    const modified = await post(
      '/modify_hotel_booking',
      { booking_id: booking.id, special_requests: 'Cot please' },
      { 'if-match': (await get(booking.id)).etag },
    );
    assert.equal(modified.status, 200, JSON.stringify(modified.body));
    const stale = await post('/cancel_booking', { booking_id: booking.id, quote_id: charged.body.quote_id });
    assert.equal(stale.status, 410);
    assert.equal(stale.body.code, 'QUOTE_EXPIRED');
    const dates = await post(
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(t, 3),
        check_out: dayAfter(t, 5),
        expected_total: { amount: 1, currency: booking.currency },
      },
      { 'if-match': modified.headers.etag as string },
    );
    assert.equal(dates.status, 409);
    assert.equal(dates.body.code, 'CHANGE_NOT_ALLOWED');
  });

  it('moves dates atomically: new nights taken, old ones released, or nothing changed', async () => {
    const booking = await book(2, 40, 3, 'FLEX-BB');
    const hotelId = booking.hotel.id;
    const code = booking.rooms[0].room_type.code;
    const { etag } = await get(booking.id);
    const noIfMatch = await post('/modify_hotel_booking', { booking_id: booking.id, special_requests: 'x' });
    assert.equal(noIfMatch.status, 428);
    const wrongTotal = await post(
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(t, 42),
        check_out: dayAfter(t, 45),
        expected_total: { amount: 1, currency: booking.currency },
      },
      { 'if-match': etag },
    );
    assert.equal(wrongTotal.status, 409);
    assert.equal(wrongTotal.body.code, 'PRICE_CHANGED');
    const newTotal = wrongTotal.body.total_amount;

    // Make the new last night full: the move must fail and leave every old night taken.
    const rt = (await t.hotels.repository.roomTypesOf(hotelId)).find((r) => r.code === code)!;
    await t.storage.db
      .insertInto('room_night_overrides')
      .values({ room_type_id: rt.id, night: dayAfter(t, 44), rooms: 0, closed: 0, closed_to_arrival: 0 })
      .execute();
    const full = await post(
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(t, 42),
        check_out: dayAfter(t, 45),
        expected_total: { amount: newTotal, currency: booking.currency },
      },
      { 'if-match': etag },
    );
    assert.equal(full.status, 409);
    assert.equal(full.body.code, 'NO_AVAILABILITY');
    for (const d of [40, 41, 42]) assert.equal(await soldOn(code, hotelId, dayAfter(t, d)), 1, `night ${d}`);
    assert.equal(await soldOn(code, hotelId, dayAfter(t, 43)), 0);
    assert.equal((await get(booking.id)).etag, etag, 'the booking is unchanged');

    await t.storage.db.deleteFrom('room_night_overrides').where('room_type_id', '=', rt.id).execute();
    const moved = await post(
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(t, 42),
        check_out: dayAfter(t, 45),
        expected_total: { amount: newTotal, currency: booking.currency },
        rooms: [
          {
            room_id: booking.rooms[0].id,
            guests: [
              { given_name: 'Grace', family_name: 'Hopper' },
              { given_name: 'Alan', family_name: 'Turing' },
            ],
          },
        ],
      },
      { 'if-match': etag },
    );
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.check_in, dayAfter(t, 42));
    assert.equal(moved.body.total_amount, newTotal);
    assert.equal(moved.body.rooms[0].nightly[0].date, dayAfter(t, 42));
    assert.equal(moved.body.rooms[0].guests[0].given_name, 'Grace');
    const nights = await Promise.all([40, 41, 42, 43, 44].map((d) => soldOn(code, hotelId, dayAfter(t, d))));
    assert.deepEqual(nights, [0, 0, 1, 1, 1]);
    const stale = await post(
      '/modify_hotel_booking',
      { booking_id: booking.id, special_requests: 'x' },
      { 'if-match': etag },
    );
    assert.equal(stale.status, 412);
  });

  it('refuses bad changes with a 400 naming the field, and changes nothing', async () => {
    const booking = await book(4, 55, 2, 'FLEX-RO', [{ adults: 2 }, { adults: 1 }]);
    const { etag } = await get(booking.id);
    const code = booking.rooms[0].room_type.code;
    const nights = async () =>
      Promise.all([54, 55, 56, 57].map((d) => soldOn(code, booking.hotel.id, dayAfter(t, d))));
    const before = await nights();
    const room = booking.rooms[0].id;
    const cases: Array<[string, object, string]> = [
      [
        '/modify_hotel_booking',
        {
          booking_id: booking.id,
          rooms: [{ room_id: room, guests: [{ given_name: 'Solo', family_name: 'Guest' }] }],
        },
        '/rooms/0/guests',
      ],
      [
        '/modify_hotel_booking',
        { booking_id: booking.id, rooms: [{ room_id: 'hbr_nope', special_requests: 'x' }] },
        '/rooms/0/room_id',
      ],
      [
        '/modify_hotel_booking',
        {
          booking_id: booking.id,
          check_in: dayAfter(t, 58),
          expected_total: { amount: 1, currency: booking.currency },
        },
        '/check_out',
      ],
      ['/modify_hotel_booking', { booking_id: booking.id, check_out: dayAfter(t, 58) }, '/expected_total'],
      ['/quote_cancellation', { booking_id: booking.id, room_id: 'hbr_nope' }, '/room_id'],
    ];
    for (const [url, body, pointer] of cases) {
      const res = await post(url, body, { 'if-match': etag });
      assert.equal(res.status, 400, `${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.errors[0].pointer, pointer);
    }
    const roomQuote = await post('/quote_cancellation', { booking_id: booking.id, room_id: room });
    const otherRoom = await post('/cancel_booking', {
      booking_id: booking.id,
      room_id: booking.rooms[1].id,
      quote_id: roomQuote.body.quote_id,
    });
    assert.equal(otherRoom.status, 400);
    assert.equal(otherRoom.body.errors[0].pointer, '/quote_id');
    const forged = await post('/check_rate', { rate_key: 'rk_eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.errors[0].pointer, '/rate_key');
    assert.equal((await get(booking.id)).etag, etag, 'the booking is unchanged');
    assert.deepEqual(await nights(), before, 'no night was taken or released');
  });

  it('refuses date changes on a non-refundable rate', async () => {
    const booking = await book(3, 50, 2, 'SAVER');
    assert.deepEqual(booking.allowed_actions, ['cancel', 'modify']);
    const res = await post(
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(t, 51),
        check_out: dayAfter(t, 53),
        expected_total: { amount: booking.total_amount, currency: booking.currency },
      },
      { 'if-match': (await get(booking.id)).etag },
    );
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'CHANGE_NOT_ALLOWED');
  });

  it('keeps the payment of a non-refundable stay cancelled: still paid, nothing refunded', async () => {
    const booking = await book(3, 55, 2, 'SAVER');
    const quote = await post('/quote_cancellation', { booking_id: booking.id });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    assert.equal(quote.body.refund_amount, 0);
    const cancelled = await post('/cancel_booking', {
      booking_id: booking.id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.status, 'cancelled');
    assert.deepEqual(
      [cancelled.body.payment.status, cancelled.body.payment.refunded_amount],
      ['paid', 0],
      'the hotel kept the money: the payment was not refunded',
    );
  });

  it('answers 404 for another customer’s booking, identical to a missing one, everywhere', async () => {
    const booking = await book(4, 60, 1, 'FLEX-RO');
    const other = await signIn(t);
    const theirs = await get(booking.id, other.auth);
    const missing = await get('hbk_doesnotexist', other.auth);
    assert.equal(theirs.status, 404);
    assert.deepEqual(
      { ...theirs.body, request_id: null, instance: null },
      { ...missing.body, request_id: null, instance: null },
    );
    const byRef = await t.app.inject({
      method: 'GET',
      url: `/booking?reference=${booking.reference}`,
      headers: other.auth,
    });
    assert.equal(byRef.statusCode, 404);
    for (const [url, body] of [
      ['/quote_cancellation', { booking_id: booking.id }],
      ['/cancel_booking', { booking_id: booking.id, quote_id: 'hcq_x.y' }],
      ['/modify_hotel_booking', { booking_id: booking.id, special_requests: 'x' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...other.auth, 'if-match': '"v1"' },
        payload: body,
      });
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
    }
    const found = await t.app.inject({
      method: 'POST',
      url: '/search_booking',
      headers: other.auth,
      payload: { reference: booking.reference },
    });
    assert.equal(found.json().total_count, 0);
    const admin = await signIn(t, 'admin');
    assert.equal((await get(booking.id, admin.auth)).status, 200);
  });

  it('searches bookings by name, references, hotel, city, status and date ranges, sorted and paged', async () => {
    // Two agents of one agency: one books, the other finds the bookings.
    const agency = `Agence ${Date.now()}`;
    const [booker, colleague] = await Promise.all([
      createUser(t, 'agent', { agency }),
      createUser(t, 'agent', { agency }),
    ]);
    const tokenOf = async (u: { username: string; password: string }) => {
      const res = await postToken(t, {
        grant_type: 'password',
        client_id: me.client.clientId,
        username: u.username,
        password: u.password,
      });
      return { authorization: `Bearer ${res.json().access_token}` };
    };
    auth = await tokenOf(booker);
    const a = await book(5, 70, 2, 'FLEX-RO', [{ adults: 2 }], {
      client_reference: 'TRIP-1',
      holder: { given_name: 'Zoë', family_name: 'Ångström', email: 'z@example.com', phone: '+33123456789' },
    });
    const b = await book(6, 72, 3, 'FLEX-RO', [{ adults: 1 }], { client_reference: 'TRIP-2' });
    const c = await book(7, 75, 1, 'FLEX-BB', [{ adults: 2 }]);
    auth = await tokenOf(colleague);
    const search = async (body: object) => {
      const res = await post('/search_booking', body);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    };
    const ids = (page: any) => page.data.map((x: any) => x.id);
    assert.deepEqual(ids(await search({ name: 'zoe angst' })), [a.id]);
    // Every booking's guests are called Adulta Lovelace; only a's holder is someone else.
    assert.deepEqual(ids(await search({ name: 'ADULTA LOVE' })), [c.id, b.id, a.id]);
    assert.deepEqual(ids(await search({ name: 'ada lovelace' })), [c.id, b.id]);
    assert.deepEqual(ids(await search({ client_reference: 'TRIP-2' })), [b.id]);
    assert.deepEqual(ids(await search({ reference: c.reference.toLowerCase() })), [c.id]);
    assert.deepEqual(ids(await search({ check_in: { from: dayAfter(t, 71), to: dayAfter(t, 75) } })), [
      c.id,
      b.id,
    ]);
    assert.deepEqual(ids(await search({ check_out: { to: dayAfter(t, 72) } })), [a.id]);
    assert.deepEqual(ids(await search({ hotel_id: b.hotel.id })), [b.id]);
    assert.deepEqual(ids(await search({ city_id: PARIS })), [a.id]);
    assert.equal((await search({ city_id: LONDON })).total_count, 2);
    // a: free until 18:00 Paris time (17:00Z) on day 68; c: until 18:00 London time on day 68.
    const deadline = await search({
      cancellation_deadline: { from: `${dayAfter(t, 68)}T16:00:00Z`, to: `${dayAfter(t, 68)}T17:30:00Z` },
    });
    assert.deepEqual(ids(deadline), [a.id]);

    const sorted = await search({ sort: 'check_in', limit: 2 });
    assert.equal(sorted.total_count, 3);
    assert.deepEqual(ids(sorted), [a.id, b.id]);
    const next = await search({ sort: 'check_in', limit: 2, cursor: sorted.next_cursor });
    assert.deepEqual(ids(next), [c.id]);
    assert.equal(next.next_cursor, null);
    const mismatched = await post('/search_booking', {
      sort: '-check_in',
      limit: 2,
      cursor: sorted.next_cursor,
    });
    assert.equal(mismatched.body.code, 'INVALID_CURSOR');

    const quote = await post('/quote_cancellation', { booking_id: c.id });
    await post('/cancel_booking', { booking_id: c.id, quote_id: quote.body.quote_id });
    assert.deepEqual(ids(await search({ statuses: ['cancelled'] })), [c.id]);
    assert.deepEqual(ids(await search({ statuses: ['confirmed'], sort: '-check_in' })), [b.id, a.id]);

    const stranger = await signIn(t, 'agent');
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/search_booking',
      headers: stranger.auth,
      payload: {},
    });
    assert.equal(theirs.json().total_count, 0, 'another agency sees none of them');
    const bad = await post('/search_booking', { check_in: { from: dayAfter(t, 80), to: dayAfter(t, 70) } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].pointer, '/check_in');
  });
});
