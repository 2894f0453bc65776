import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
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
      ],
      fares: [
        fareRecord('BA', ['LHR', 'DUB'], 'light', {
          pricing: {
            advance_purchase: [
              { min_days: 0, percent: 150 },
              { min_days: 14, percent: 100 },
            ],
          },
        }),
        fareRecord('EI', ['DUB', 'BOS'], 'light', { currency: 'EUR', adult: 30_000, tax: 5_000 }),
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
    ];
    const pointers = [
      '/fares/0/pricing/advance_purchase',
      '/fares/0/pricing/advance_purchase',
      '/fares/0/pricing/weekdays',
      '/fares/0/pricing/seasons',
      '/fares/0/pricing/surge',
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
