import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../test/helpers/factories.ts';
import { firstOffer, searchBody, seedFlights } from '../../test/helpers/flights.ts';
import { seedHotels, stay } from '../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createDemoAccounts, DEMO_CLIENT_ID, DEMO_USERNAMES } from '../modules/auth/index.ts';
import { demoFootprint, demoRemovedAt, removeDemo } from './demo-removal.ts';

/**
 * The demo taken out with its inventory: no schedule, fare, hotel or rate left, the network and hotel
 * index rebuilt empty by the next refresh (a search finds nothing and fails nowhere), and the database
 * marked. `itinera demo remove` over real servers: test/journeys/demo-remove.test.ts.
 */
describe('removing the demo with its inventory', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-demo-'));
  before(async () => {
    t = await buildTestApp();
    await createDemoAccounts(t.accounts, dataDir);
    await seedFlights(t);
    await seedHotels(t);
  });
  after(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no schedule, fare or hotel, and searches find nothing', async () => {
    const { auth } = await signIn(t, 'agent');
    await firstOffer(t, auth, searchBody(t, [['LHR', 'CDG', 10]]));
    const footprint = await demoFootprint(t.storage.db, {
      usernames: DEMO_USERNAMES,
      clientId: DEMO_CLIENT_ID,
    });
    assert.deepEqual(
      footprint.users.map((u) => u.username),
      [...DEMO_USERNAMES].sort(),
    );
    assert.ok(footprint.schedules > 0 && footprint.hotels > 0);
    assert.equal(await demoRemovedAt(t.storage.db), undefined);
    await removeDemo(t.storage.db, footprint, { keepInventory: false, at: '2026-11-26T12:00:00.000Z' });
    for (const table of ['flight_schedules', 'fares', 'hotels', 'room_types', 'rate_plans'] as const) {
      const { n } = await t.storage.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(n), 0, `${table} is empty`);
    }
    assert.equal(await demoRemovedAt(t.storage.db), '2026-11-26T12:00:00.000Z');
    await t.flights.refreshNetwork();
    await t.hotels.refreshIndex();
    const flights = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'CDG', 10]]),
    });
    assert.equal(flights.statusCode, 200, flights.body);
    assert.deepEqual(flights.json().data, []);
    const hotels = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: auth,
      payload: stay(t, 10, 2),
    });
    assert.equal(hotels.statusCode, 200, hotels.body);
    assert.deepEqual(hotels.json().data, []);
  });
});
