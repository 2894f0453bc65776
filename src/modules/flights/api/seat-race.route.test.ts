import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  searchBody,
  seedFlights,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const CAPACITY = 5;

describe('the last seats under concurrent bookings', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await t.flights.importNetwork({
      schedules: [
        {
          carrier: 'BA',
          flight_number: 9001,
          origin: 'LHR',
          destination: 'CDG',
          departure_time: '10:00',
          duration_minutes: 75,
          days_of_week: '1234567',
          valid_from: dayAfter(t, 0),
          valid_to: dayAfter(t, 60),
          aircraft: '320',
          capacity: { economy: CAPACITY },
        },
      ],
      fares: [],
    });
    await t.flights.refreshNetwork();
  });
  after(() => t.close());

  const search = async (auth: Record<string, string>, slices: Array<[string, string, number]>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: auth,
        payload: searchBody(t, slices, { max_connections: 0, limit: 50, airlines: { include: ['BA'] } }),
      })
    ).json();
  const isRaceFlight = (o: any) => o.slices[0].segments[0].flight_number === 'BA9001';

  it(`gives exactly ${CAPACITY} of 20 concurrent buyers a seat, the rest 409, no 5xx, none left`, async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signIn(t)));
    const offer = (await search(buyers[0]!.auth, [['LHR', 'CDG', 15]])).data.find(
      (o: any) => isRaceFlight(o) && o.brand === 'light',
    );
    assert.ok(offer, 'the race flight is offered');
    const outcomes = await Promise.all(
      buyers.map(async (buyer) => {
        let expected = offer.total_amount;
        for (let attempt = 0; attempt < 10; attempt++) {
          const res = await bookFlight(t, buyer.auth, {
            ...bookingBody(offer),
            expected_total: { amount: expected, currency: 'EUR' },
          });
          if (res.statusCode === 201) return 'booked';
          const body = res.json();
          if (res.statusCode === 409 && body.code === 'PRICE_CHANGED') {
            expected = body.total_amount;
            continue;
          }
          return res.statusCode >= 500 ? `5xx ${res.body}` : body.code;
        }
        return 'gave up';
      }),
    );
    assert.equal(outcomes.filter((o) => o === 'booked').length, CAPACITY, outcomes.join(', '));
    assert.ok(
      outcomes.every((o) => o === 'booked' || o === 'NO_AVAILABILITY'),
      outcomes.join(', '),
    );
    const row = await t.storage.db
      .selectFrom('seat_inventory')
      .select('sold')
      .where('schedule_id', '=', offer.slices[0].segments[0].flight_id)
      .where('departure_date', '=', offer.slices[0].segments[0].departure_date)
      .executeTakeFirstOrThrow();
    assert.equal(row.sold, CAPACITY);
    assert.equal((await search(buyers[0]!.auth, [['LHR', 'CDG', 15]])).data.filter(isRaceFlight).length, 0);
  });

  it('takes the seats of every flight or of none', async () => {
    const buyer = await signIn(t);
    const round = (
      await search(buyer.auth, [
        ['LHR', 'CDG', 16],
        ['CDG', 'LHR', 18],
      ])
    ).data.find(isRaceFlight);
    assert.ok(round);
    const back = round.slices[1].segments[0];
    const soldBack = async () =>
      (
        await t.storage.db
          .selectFrom('seat_inventory')
          .select('sold')
          .where('schedule_id', '=', back.flight_id)
          .where('departure_date', '=', back.departure_date)
          .executeTakeFirst()
      )?.sold ?? 0;
    const single = (await search(buyer.auth, [['LHR', 'CDG', 16]])).data.find(
      (o: any) => isRaceFlight(o) && o.brand === round.brand,
    );
    for (let i = 0; i < CAPACITY; i++) {
      const other = await signIn(t);
      let expected = single.total_amount;
      let booked = false;
      // A price moves at most once between two tries (the load only changes with a sale).
      for (let attempt = 0; attempt < 3 && !booked; attempt++) {
        const res = await bookFlight(t, other.auth, {
          ...bookingBody(single),
          expected_total: { amount: expected, currency: 'EUR' },
        });
        booked = res.statusCode === 201;
        if (!booked) {
          assert.equal(res.json().code, 'PRICE_CHANGED');
          expected = res.json().total_amount;
        }
      }
      assert.ok(booked, 'the seat was sold at its current price');
    }
    const before = await soldBack();
    const res = await bookFlight(t, buyer.auth, bookingBody(round, [adult()]));
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'NO_AVAILABILITY');
    assert.equal(await soldBack(), before, 'the return flight keeps its seats');
  });
});

describe('a capacity cut while flights are selling', () => {
  let t: TestApp;
  const schedule = (capacity: number) => ({
    carrier: 'BA',
    flight_number: 9002,
    origin: 'LHR',
    destination: 'CDG',
    departure_time: '11:00',
    duration_minutes: 75,
    days_of_week: '1234567',
    valid_from: dayAfter(t, 0),
    valid_to: dayAfter(t, 60),
    aircraft: '320',
    capacity: { economy: capacity },
  });
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await t.flights.importNetwork({ schedules: [schedule(10)], fares: [] });
    await t.flights.refreshNetwork();
  });
  after(() => t.close());

  it('sells nothing past the new capacity, before any process refreshes, and reports flights left oversold', async () => {
    const buyer = await signIn(t);
    const offers = (
      await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: buyer.auth,
        payload: searchBody(t, [['LHR', 'CDG', 20]], {
          max_connections: 0,
          limit: 50,
          airlines: { include: ['BA'] },
        }),
      })
    ).json().data;
    const offer = offers.find(
      (o: any) => o.slices[0].segments[0].flight_number === 'BA9002' && o.brand === 'light',
    );
    assert.ok(offer);
    const sell = async () => {
      const res = await bookFlight(t, (await signIn(t)).auth, bookingBody(offer));
      return res.statusCode === 409 && res.json().code === 'PRICE_CHANGED'
        ? bookFlight(t, (await signIn(t)).auth, {
            ...bookingBody(offer),
            expected_total: { amount: res.json().total_amount, currency: 'EUR' },
          })
        : res;
    };
    for (let i = 0; i < 4; i++) assert.equal((await sell()).statusCode, 201);
    const cut = await t.flights.importNetwork({ schedules: [schedule(3)], fares: [] });
    assert.deepEqual(
      cut.oversold.map((o) => [o.carrier, o.flight_number, o.departure_date, o.cabin, o.sold, o.capacity]),
      [['BA', 9002, offer.slices[0].segments[0].departure_date, 'economy', 4, 3]],
    );
    for (let i = 0; i < 4; i++) {
      const res = await sell();
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json().code, 'NO_AVAILABILITY');
    }
    const sold = await t.storage.db
      .selectFrom('seat_inventory')
      .select('sold')
      .where('schedule_id', '=', offer.slices[0].segments[0].flight_id)
      .executeTakeFirstOrThrow();
    assert.equal(sold.sold, 4, 'no seat was sold after the cut');
  });
});
