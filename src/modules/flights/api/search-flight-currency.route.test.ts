import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter, searchBody } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { convert, REFERENCE_RATES } from '../../money/index.ts';

/**
 * Fares in several currencies on one route (an operator may import them so): offers compare through the
 * rates in force, and a search may ask to see totals, and filter them, in a currency of its own.
 */
describe('flight search across currencies', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const schedule = (carrier: string, flight_number: number, departure_time: string) => ({
      carrier,
      flight_number,
      origin: 'LHR',
      destination: 'DUB',
      departure_time,
      duration_minutes: 80,
      days_of_week: '1234567',
      valid_from: dayAfter(t, 0),
      valid_to: dayAfter(t, 30),
      aircraft: '320',
      capacity: { economy: 150 },
    });
    const fare = (carrier: string, currency: string, adult: number) => ({
      carrier,
      origin: 'LHR',
      destination: 'DUB',
      cabin: 'economy',
      brand: 'light',
      currency,
      adult,
      child: adult,
      infant: 0,
      tax: 0,
      infant_tax: 0,
      checked_bags: 0,
      cabin_bags: 1,
      change: { allowed: false, penalty: 0 },
      refund: { allowed: false, penalty: 0 },
    });
    // 90.00 GBP is about 103 EUR: dearer than 95.00 EUR, though its number is smaller.
    // The third fare is in a currency no rate table knows (Bermudian dollars).
    await t.flights.importNetwork({
      schedules: [schedule('BA', 832, '08:00'), schedule('EI', 155, '09:00'), schedule('FR', 112, '10:00')],
      fares: [fare('BA', 'GBP', 9000), fare('EI', 'EUR', 9500), fare('FR', 'BMD', 9900)],
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const search = (extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'DUB', 10]], { max_connections: 0, ...extra }),
    });

  it('sorts offers in several currencies by what they cost, not by their numbers', async () => {
    const res = await search({});
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().data.map((o: any) => [o.total_currency, o.total_amount]),
      [
        ['EUR', 9500],
        ['GBP', 9000],
        ['BMD', 9900],
      ],
      'one with no rate last',
    );
    const inGbp = await search({ sort: 'price', currency: 'GBP' });
    assert.deepEqual(
      inGbp.json().data.map((o: any) => o.total_in_currency),
      [
        { amount: convert(REFERENCE_RATES, 9500, 'EUR', 'GBP'), currency: 'GBP' },
        { amount: 9000, currency: 'GBP' },
        { amount: null, currency: 'GBP' },
      ],
    );
  });

  it('shows and filters totals in the currency asked for, at the rates of exchange_rates_as_of', async () => {
    const usd = (await search({ currency: 'USD' })).json();
    assert.equal(usd.exchange_rates_as_of, REFERENCE_RATES.asOf);
    for (const o of usd.data)
      assert.deepEqual(o.total_in_currency, {
        amount: convert(REFERENCE_RATES, o.total_amount, o.total_currency, 'USD') ?? null,
        currency: 'USD',
      });
    // An offer whose currency has no rate is shown, without a converted total, last.
    const unknown = usd.data.filter((o: any) => o.total_currency === 'BMD');
    assert.equal(unknown.length, 1);
    assert.equal(unknown[0].total_in_currency.amount, null);
    assert.equal(usd.data.at(-1).total_currency, 'BMD');
    const eurInUsd = convert(REFERENCE_RATES, 9500, 'EUR', 'USD')!;
    const cheap = (await search({ currency: 'USD', max_total_amount: eurInUsd })).json();
    assert.deepEqual(
      cheap.data.map((o: any) => o.total_currency),
      ['EUR'],
      'the GBP offer costs more than that in dollars',
    );
    const mixed = await search({ max_total_amount: 10_000 });
    assert.equal(mixed.statusCode, 400);
    assert.equal(mixed.json().errors[0].pointer, '/currency');
    const noRate = await search({ currency: 'XXX' });
    assert.equal(noRate.statusCode, 400);
    assert.equal(noRate.json().errors[0].pointer, '/currency');
  });

  it('shows the price calendar in the currency asked for, each day converted as its offers are', async () => {
    const plain = (await search({ flexible_days: 1 })).json();
    assert.equal(plain.calendar.length, 3);
    assert.ok(plain.calendar.every((e: any) => e.lowest_total_in_currency === undefined));
    const res = await search({ flexible_days: 1, currency: 'GBP' });
    assert.equal(res.statusCode, 200, res.body);
    const { calendar } = res.json();
    assert.equal(calendar.length, 3);
    for (const e of calendar) {
      assert.equal(e.currency, 'EUR', 'the cheapest fare of the day, as filed');
      assert.deepEqual(e.lowest_total_in_currency, {
        amount: convert(REFERENCE_RATES, e.lowest_total_amount, 'EUR', 'GBP'),
        currency: 'GBP',
      });
    }
  });
});
