import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import {
  bookHotel,
  firstRate,
  guestsFor,
  HOLDER,
  LONDON,
  seedHotels,
  stay,
  TEST_CARD,
} from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** One booking of rooms of different types and rates: a key in each room, each searched on its own. */
describe('book_hotel with a rate in each room', () => {
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

  const sold = async (hotelId: string) => {
    const types = new Map((await t.hotels.repository.roomTypesOf(hotelId)).map((r) => [r.id, r.code]));
    const rows = await t.storage.db
      .selectFrom('room_nights_sold')
      .select(['room_type_id', 'night', 'sold'])
      .where('room_type_id', 'in', [...types.keys()])
      .where('sold', '>', 0)
      .orderBy('room_type_id')
      .orderBy('night')
      .execute();
    return rows.map((r) => `${types.get(r.room_type_id)} ${r.night} ${Number(r.sold)}`).sort();
  };
  /** A one-room option at hotel `i` for `room`, of a room type and rate plan. */
  const option = async (i: number, from: number, room: object, type: string, plan: string) =>
    (
      await firstRate(
        t,
        auth,
        stay(t, from, 2, { destination: { hotel_ids: [hotelIds[i]] }, rooms: [room] }),
        (o) => o.room_type.code === type && o.rate_plan.code === plan,
      )
    ).option;

  it('books a double on one rate and a family suite on another for a party of five, each room its own', async () => {
    const double = await option(0, 30, { adults: 2 }, 'STD', 'FLEX-BB');
    const family = await option(0, 30, { adults: 2, children: [8] }, 'FAM', 'FLEX-RO');
    const total = double.total_amount + family.total_amount;
    const res = await bookHotel(t, auth, {
      holder: HOLDER,
      rooms: [
        { rate_key: double.rate_key, guests: guestsFor({ adults: 2 }, 'Brontë') },
        { rate_key: family.rate_key, guests: guestsFor({ adults: 2, children: [8] }, 'Shelley') },
      ],
      expected_total: { amount: total, currency: double.currency },
      payment: TEST_CARD,
    });
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    assert.deepEqual(
      booking.rooms.map((r: any) => [r.room_type.code, r.rate_plan.code, r.board, r.total_amount]),
      [
        ['STD', 'FLEX-BB', 'bed_and_breakfast', double.total_amount],
        ['FAM', 'FLEX-RO', 'room_only', family.total_amount],
      ],
    );
    assert.deepEqual([booking.total_amount, booking.payment.amount], [total, total]);
    assert.equal(
      booking.free_cancellation_until,
      [double.cancellation.free_cancellation_until, family.cancellation.free_cancellation_until].sort()[0],
      'free to cancel until the earlier of the two rates’ deadlines',
    );
    const nights = [dayAfter(t, 30), dayAfter(t, 31)];
    assert.deepEqual(await sold(hotelIds[0]!), [
      `FAM ${nights[0]} 1`,
      `FAM ${nights[1]} 1`,
      `STD ${nights[0]} 1`,
      `STD ${nights[1]} 1`,
    ]);
  });

  it('refuses keys given both ways, a key of several rooms in one room, and rooms of different stays, taking nothing', async () => {
    const one = await option(1, 40, { adults: 2 }, 'STD', 'FLEX-RO');
    const later = await option(1, 41, { adults: 2 }, 'STD', 'FLEX-RO');
    const two = (
      await firstRate(
        t,
        auth,
        stay(t, 40, 2, { destination: { hotel_ids: [hotelIds[1]] }, rooms: [{ adults: 2 }, { adults: 2 }] }),
      )
    ).option;
    const body = (rooms: object[], extra: object = {}) => ({
      holder: HOLDER,
      rooms,
      expected_total: { amount: 1, currency: one.currency },
      payment: TEST_CARD,
      ...extra,
    });
    const guests = guestsFor({ adults: 2 });
    for (const [request, pointer] of [
      [body([{ rate_key: one.rate_key, guests }], { rate_key: one.rate_key }), '/quote_id'],
      [body([{ rate_key: one.rate_key, guests }, { guests }]), '/quote_id'],
      [body([{ rate_key: two.rate_key, guests }]), '/rooms/0/rate_key'],
      [
        body([
          { rate_key: one.rate_key, guests },
          { rate_key: later.rate_key, guests },
        ]),
        '/rooms/1',
      ],
      [body([{ rate_key: one.rate_key, guests: guestsFor({ adults: 1 }) }]), '/rooms/0/guests'],
      [
        body([
          { rate_key: one.rate_key, guests },
          { rate_key: one.rate_key, guests: guestsFor({ adults: 1 }) },
        ]),
        '/rooms/1/guests',
      ],
    ] as const) {
      const res = await bookHotel(t, auth, request);
      assert.equal(res.statusCode, 400, `${pointer}: ${res.body}`);
      assert.equal(res.json().errors[0].pointer, pointer, res.body);
    }
    const priced = await bookHotel(
      t,
      auth,
      body([
        { rate_key: one.rate_key, guests },
        { rate_key: one.rate_key, guests },
      ]),
    );
    assert.equal(priced.json().code, 'PRICE_CHANGED', 'the total of both rooms');
    assert.equal(priced.json().total_amount, one.total_amount * 2);
    assert.deepEqual(await sold(hotelIds[1]!), [], 'nothing was taken');
  });
});
