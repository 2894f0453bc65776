import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter, seedFlights } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import type { FlightNetwork } from '../inventory/flight-network.ts';
import { findItineraries, type SliceQuery } from './itinerary-search.ts';

describe('itinerary search bounds', () => {
  let t: TestApp;
  let network: FlightNetwork;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    network = await t.flights.refreshNetwork();
  });
  after(() => t.close());

  const query = (over: Partial<SliceQuery> = {}): SliceQuery => {
    const airport = (code: string) => testCatalogue().airportByCode.get(code)!;
    return {
      origins: [airport('MAD')],
      destinations: [airport('JFK')],
      date: dayAfter(t, 12),
      maxConnections: 2,
      maxLayoverMinutes: 1440,
      carrierAllowed: () => true,
      ...over,
    };
  };

  it('finds every way within its bound and says so', async () => {
    const all = await findItineraries(network, query());
    assert.equal(all.complete, true);
    assert.ok(all.itineraries.length > 0);
  });

  it('stops at the bound on flights examined, keeping what it found, and says the answer is incomplete', async () => {
    const all = await findItineraries(network, query());
    const bounded = await findItineraries(network, query({ maxExamined: 5 }));
    assert.equal(bounded.complete, false);
    assert.ok(bounded.itineraries.length < all.itineraries.length);
    const key = (it: readonly { schedule: { id: string }; date: string }[]) =>
      it.map((f) => `${f.schedule.id}@${f.date}`).join('>');
    const every = new Set(all.itineraries.map(key));
    assert.ok(
      bounded.itineraries.every((it) => every.has(key(it))),
      'what it kept is a real part of the answer',
    );
  });
});
