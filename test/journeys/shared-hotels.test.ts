import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('two API processes selling hotels from one database', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  let file: Awaited<ReturnType<typeof seedHotels>>;
  before(async () => {
    storage = await openTestStorage();
    one = await buildTestApp({ storage, env: {} });
    two = await buildTestApp({ storage, env: {} });
    file = await seedHotels(one);
    await two.hotels.refreshIndex();
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  const search = async (t: TestApp, auth: Record<string, string>, body: object) =>
    (await t.app.inject({ method: 'POST', url: '/search_hotels', headers: auth, payload: body })).json();

  it('sees a rate change imported through the other process at its next index refresh', async () => {
    const caller = await signIn(two);
    const hotel = file.hotels[1]!;
    const id = (await one.hotels.repository.findHotelByCode(hotel.code))!.id;
    const body = stay(two, 15, 2, { destination: { hotel_ids: [id] } });
    const cheapest = async () =>
      (await search(two, caller.auth, body)).data[0].cheapest_total_amount as number;
    const before = await cheapest();
    const updates = two.hotels.indexStats().updates;
    await one.hotels.importHotels({
      hotels: [
        { ...hotel, rate_plans: hotel.rate_plans.map((p) => ({ ...p, base_amount: p.base_amount * 2 })) },
      ],
    });
    // SQLite processes learn of it at their next poll; PostgreSQL ones may have heard already.
    if (storage.engine === 'sqlite')
      assert.equal(await cheapest(), before, 'not before the other process refreshes');
    await two.scheduler.run('hotels.index_refresh');
    assert.ok((await cheapest()) > before, 'the new rates reach the other process');
    assert.equal(
      two.hotels.indexStats().updates,
      updates + 1,
      'by updating that hotel in place, not a rebuild',
    );
  });

  it('shows a sale made through one process in the other’s next search and rate check', async () => {
    const buyer = await signIn(one);
    const id = (await one.hotels.repository.findHotelByCode(file.hotels[2]!.code))!.id;
    const body = stay(one, 25, 2, { destination: { hotel_ids: [id] } });
    const { option } = await firstRate(one, buyer.auth, body, (o) => o.room_type.code === 'FAM');
    const left = async () =>
      (await search(two, buyer.auth, body)).data[0].options.find(
        (o: any) => o.room_type.code === 'FAM' && o.rate_plan.code === option.rate_plan.code,
      ).rooms_left as number;
    const before = await left();
    const res = await bookHotel(
      one,
      buyer.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(await left(), before - 1);
    const check = await two.app.inject({
      method: 'POST',
      url: '/check_rate',
      headers: buyer.auth,
      payload: { rate_key: option.rate_key },
    });
    assert.equal(check.json().quote.rooms_left, before - 1);
  });

  it('stops offering a room type in the other’s next search once its allotment is set lower and its last room sold', async () => {
    const buyer = await signIn(one);
    const admin = await signIn(one, 'admin');
    const id = (await one.hotels.repository.findHotelByCode(file.hotels[3]!.code))!.id;
    const body = stay(one, 35, 2, { destination: { hotel_ids: [id] } });
    const fam = async () =>
      ((await search(two, buyer.auth, body)).data[0]?.options ?? []).filter(
        (o: any) => o.room_type.code === 'FAM',
      );
    assert.ok((await fam()).length > 0, 'offered at first');
    const allot = await one.app.inject({
      method: 'POST',
      url: '/set_allotment',
      headers: admin.auth,
      payload: { hotel_id: id, room_type: 'FAM', from: body.check_in, to: body.check_out, rooms: 1 },
    });
    assert.equal(allot.statusCode, 200, allot.body);
    const last = await fam();
    assert.ok(last.length > 0 && last.every((o: any) => o.rooms_left === 1), 'one room left');
    const res = await bookHotel(
      one,
      buyer.auth,
      hotelBookingBody({ rate_key: last[0].rate_key }, [{ adults: 2 }], {
        amount: last[0].total_amount,
        currency: last[0].currency,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(await fam(), [], 'sold out');
  });
});
