import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../../../test/helpers/engine.ts';
import { signIn } from '../../../test/helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { REFERENCE_RATES } from '../money/index.ts';

describe('exchange rates', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let t: TestApp;
  let other: TestApp;
  before(async () => {
    storage = await openTestStorage();
    const clockStart = new Date('2026-11-21T12:00:00.000Z');
    t = await buildTestApp({ storage, clockStart });
    other = await buildTestApp({ storage, clockStart });
    await seedHotels(t);
    await other.hotels.refreshIndex();
  });
  after(async () => {
    await t?.close();
    await other?.close();
    await storage?.close();
  });

  const importRates = (auth: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/import_exchange_rates', headers: auth, payload });
  const inForce = async (app: TestApp, auth: Record<string, string>) =>
    (await app.app.inject({ method: 'GET', url: '/exchange_rates', headers: auth })).json();

  it('refuses a bad file, naming each problem, and keeps the rates in force', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    assert.equal(
      (await importRates(agent.auth, { as_of: '2026-11-20', rates: { USD: 1.2 } })).statusCode,
      403,
    );
    const bad = await importRates(admin.auth, {
      as_of: '2026-02-30',
      base: 'USD',
      rates: { XYZ: 1, EUR: 1, JPY: -3, GBP: '0.8x' },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      bad
        .json()
        .errors.map((e: any) => e.pointer)
        .sort(),
      ['/as_of', '/base', '/rates/EUR', '/rates/GBP', '/rates/JPY', '/rates/XYZ'],
    );
    const shown = await inForce(t, admin.auth);
    assert.deepEqual([shown.source, shown.as_of], ['reference', REFERENCE_RATES.asOf]);
  });

  it('puts an import in force in every process, and a future date only from that day', async () => {
    const admin = await signIn(t, 'admin');
    const made = await importRates(admin.auth, {
      as_of: '2026-11-20',
      rates: { USD: '1.25', GBP: 0.8, JPY: 160 },
    });
    assert.equal(made.statusCode, 200, made.body);
    assert.deepEqual([made.json().currencies, made.json().in_force.source], [3, 'imported']);
    const after = await inForce(t, admin.auth);
    assert.deepEqual(
      [after.rates.GBP, after.rates.JPY, after.rates.USD, after.rates_as_of.USD],
      [0.8, 160, 1.25, '2026-11-20'],
    );
    // The currencies the day left out keep the rates they had (here the shipped reference table's).
    assert.equal(after.rates.SEK, REFERENCE_RATES.perEuro.get('SEK'));
    assert.equal(after.rates_as_of.SEK, REFERENCE_RATES.asOf);
    // The other process sees it at its next poll (at once on PostgreSQL, which announces it).
    if (t.storage.engine === 'sqlite') assert.equal((await inForce(other, admin.auth)).source, 'reference');
    await other.rates.source.refresh();
    assert.equal((await inForce(other, admin.auth)).as_of, '2026-11-20');

    // Searches convert at the imported rate: a GBP price shown in USD is price / 0.8 * 1.25.
    const { hotel } = await firstRate(t, admin.auth, stay(t, 30, 2), (o) => o.currency === 'GBP');
    const inUsd = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: admin.auth,
      payload: stay(t, 30, 2, { destination: { hotel_ids: [hotel.id] }, currency: 'USD' }),
    });
    const found = inUsd.json();
    assert.equal(found.exchange_rates_as_of, '2026-11-20');
    const result = found.data[0];
    assert.equal(result.cheapest_in_currency.amount, Math.round((result.cheapest_total_amount / 0.8) * 1.25));

    // Tomorrow's rates wait for tomorrow.
    await importRates(admin.auth, { as_of: '2026-11-22', rates: { USD: 2, GBP: 1, JPY: 100 } });
    assert.equal((await inForce(t, admin.auth)).as_of, '2026-11-20');
    t.clock.advance(86_400);
    try {
      await t.rates.source.refresh();
      assert.equal((await inForce(t, (await signIn(t, 'admin')).auth)).as_of, '2026-11-22');
    } finally {
      t.clock.advance(-86_400);
      await t.rates.source.refresh();
    }
  });

  it('converts a balance payment at the rates in force and records them on the booking', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const agencyId = (await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json()
      .agency_id;
    await t.app.inject({
      method: 'POST',
      url: '/top_up_balance',
      headers: admin.auth,
      payload: { agency_id: agencyId, amount: 10_000_000, currency: 'EUR' },
    });
    const { option } = await firstRate(t, agent.auth, stay(t, 45, 1), (o) => o.currency === 'GBP');
    const booked = await bookHotel(
      t,
      agent.auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        [{ adults: 2 }],
        { amount: option.total_amount, currency: 'GBP' },
        { payment: { type: 'balance' } },
      ),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const charged = booked.json().payment.charged;
    assert.deepEqual(charged.exchange_rate, { from: 'GBP', to: 'EUR', rate: 1.25, as_of: '2026-11-20' });
    assert.equal(charged.amount, Math.round(option.total_amount / 0.8));
  });
});
