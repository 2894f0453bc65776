import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  firstOffer,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { convert, REFERENCE_RATES } from '../../money/index.ts';

/**
 * Fares that move with the calendar (advance purchase), and journeys over fares filed in two
 * currencies: searched, priced and booked alike, on both engines.
 */
describe('fares by the calendar and across currencies', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80),
        scheduleRecord(t, 'EI', 105, ['DUB', 'BOS'], '11:00', 420),
        scheduleRecord(t, 'BA', 833, ['DUB', 'LHR'], '18:00', 80),
        scheduleRecord(t, 'EI', 154, ['DUB', 'LHR'], '19:00', 80),
        scheduleRecord(t, 'BA', 430, ['LHR', 'AMS'], '07:00', 75),
        scheduleRecord(t, 'IB', 1000, ['LHR', 'AMS'], '10:00', 75),
      ],
      fares: [
        fareRecord('BA', ['LHR', 'DUB'], 'light', {
          pricing: {
            round_trip_percent: 80,
            advance_purchase: [
              { min_days: 0, percent: 150 },
              { min_days: 14, percent: 100 },
            ],
          },
        }),
        fareRecord('EI', ['DUB', 'BOS'], 'light', { currency: 'EUR', adult: 30_000, tax: 5_000 }),
        fareRecord('BA', ['DUB', 'LHR'], 'light', { tax: 1_500, pricing: { round_trip_percent: 80 } }),
        fareRecord('EI', ['DUB', 'LHR'], 'light', { adult: 5_000, pricing: { round_trip_percent: 80 } }),
        fareRecord('BA', ['LHR', 'AMS'], 'flex', { change: { allowed: true, penalty: 0 } }),
        fareRecord('IB', ['LHR', 'AMS'], 'flex', {
          currency: 'EUR',
          adult: 9_000,
          change: { allowed: true, penalty: 0 },
        }),
      ],
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  it('charges more for the same flight bought close to departure, and books at that price', async () => {
    const early = await firstOffer(t, auth, searchBody(t, [['LHR', 'DUB', 30]]));
    const late = await firstOffer(t, auth, searchBody(t, [['LHR', 'DUB', 3]]));
    assert.equal(early.total_amount, 6_000);
    assert.equal(late.total_amount, 9_000);
    const res = await bookFlight(t, auth, bookingBody(late, [adult()]));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().price.total_amount, 9_000);
  });

  it("prices a journey over fares in two currencies in the first one's, and books it at that price", async () => {
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'BOS', 20]]));
    assert.equal(offer.slices[0].segments.length, 2);
    assert.equal(offer.total_currency, 'GBP');
    const inPounds = (euros: number) =>
      Math.round(convert(REFERENCE_RATES, euros, 'EUR', 'GBP')! / 100) * 100;
    assert.equal(offer.total_amount, 6_000 + inPounds(30_000) + inPounds(5_000));
    const res = await bookFlight(t, auth, bookingBody(offer, [adult()]));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().price.total_currency, 'GBP');
    assert.equal(res.json().price.total_amount, offer.total_amount);
  });

  it('sells a return on one airline for less than two one-ways, and books it at that price', async () => {
    const offersFor = async (slices: Array<[string, string, number]>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/search_flight',
          headers: auth,
          payload: searchBody(t, slices),
        })
      ).json().data as any[];
    const onlyBa = (o: any) => o.slices.every((sl: any) => sl.segments.every((x: any) => x.carrier === 'BA'));
    assert.equal((await offersFor([['LHR', 'DUB', 30]])).find(onlyBa).total_amount, 6_000);
    const back = (await offersFor([['DUB', 'LHR', 37]])).find(onlyBa);
    assert.equal(back.total_amount, 7_500, 'one way: 60.00 and 15.00 tax');
    const trips = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [
        ['LHR', 'DUB', 30],
        ['DUB', 'LHR', 37],
      ]),
    });
    const offers = trips.json().data as any[];
    const onBa = offers.find((o) =>
      o.slices.every((sl: any) => sl.segments.every((x: any) => x.carrier === 'BA')),
    );
    // Both BA fares sell at 80 % as a return: 48.00 out, 48.00 back with its 15.00 tax.
    assert.equal(onBa.total_amount, 4_800 + 4_800 + 1_500);
    const mixed = offers.find((o) => o.slices[1].segments[0].carrier === 'EI');
    assert.equal(mixed.total_amount, 6_000 + 5_000, 'two airlines: each way alone');
    const res = await bookFlight(t, auth, bookingBody(onBa, [adult()]));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().price.total_amount, 11_100);
  });

  it('quotes a change onto flights whose fares are filed in another currency, in the booking’s', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'AMS', 30]], { limit: 50 }),
    });
    const onBa = search.json().data.find((o: any) => o.slices[0].segments[0].carrier === 'BA');
    const booked = await bookFlight(t, auth, bookingBody(onBa, [adult()]));
    assert.equal(booked.statusCode, 201, booked.body);
    const found = await t.app.inject({
      method: 'POST',
      url: '/search_changes',
      headers: auth,
      payload: { booking_id: booked.json().id, slices: [{ slice: 0, departure_date: dayAfter(t, 32) }] },
    });
    assert.equal(found.statusCode, 200, found.body);
    const onIb = found.json().data.find((o: any) => o.slices[0].segments[0].carrier === 'IB');
    assert.ok(onIb, 'Iberia’s flight (BA’s oneworld partner), its fare filed in euros, is offered');
    const inPounds = Math.round(convert(REFERENCE_RATES, 9_000, 'EUR', 'GBP')! / 100) * 100;
    assert.equal(onIb.fare_difference_amount, inPounds - 6_000);
  });

  it('refuses pricing that is not percentages by days, weekdays and seasons, importing nothing', async () => {
    const bad = [
      { advance_purchase: [{ min_days: 7, percent: 5 }] },
      {
        advance_purchase: [
          { min_days: 7, percent: 120 },
          { min_days: 7, percent: 130 },
        ],
      },
      { weekdays: { '8': 110 } },
      { seasons: [{ from: '02-30', to: '03-10', percent: 120 }] },
      { surge: 200 },
      { round_trip_percent: 120 },
    ];
    const pointers = [
      '/fares/0/pricing/advance_purchase',
      '/fares/0/pricing/advance_purchase',
      '/fares/0/pricing/weekdays',
      '/fares/0/pricing/seasons',
      '/fares/0/pricing/surge',
      '/fares/0/pricing/round_trip_percent',
    ];
    for (const [i, pricing] of bad.entries()) {
      await assert.rejects(
        t.flights.importNetwork({
          schedules: [scheduleRecord(t, 'BA', 900, ['LHR', 'CDG'], '09:00', 75)],
          fares: [fareRecord('BA', ['LHR', 'CDG'], 'light', { pricing })],
        }),
        (error: any) => error.extras.errors[0].pointer === pointers[i],
      );
    }
    await t.flights.refreshNetwork();
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'CDG', 10]]),
    });
    assert.equal(res.json().data.length, 0, 'no schedule of a refused file was imported');
  });
});
