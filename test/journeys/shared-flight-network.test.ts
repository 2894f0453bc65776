import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { bookFlight, bookingBody, dayAfter, searchBody, seedFlights } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('two API processes on one database', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    storage = await openTestStorage();
    one = await buildTestApp({ storage, env: { NETWORK_POLL_MS: '100' } });
    two = await buildTestApp({ storage, env: { NETWORK_POLL_MS: '100' } });
    await seedFlights(one);
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  const offers = async (t: TestApp, auth: Record<string, string>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: auth,
        payload: searchBody(t, [['LHR', 'CDG', 12]], { max_connections: 0, limit: 50 }),
      })
    ).json().data;

  it('sees a schedule imported through the other process within about a second', async () => {
    const caller = await signIn(two);
    await one.flights.importNetwork({
      schedules: [
        {
          carrier: 'BA',
          flight_number: 7777,
          origin: 'LHR',
          destination: 'CDG',
          departure_time: '13:13',
          duration_minutes: 80,
          days_of_week: '1234567',
          valid_from: dayAfter(one, 0),
          valid_to: dayAfter(one, 30),
          aircraft: '320',
          capacity: { economy: 100 },
        },
      ],
      fares: [],
    });
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 3000) {
      seen = (await offers(two, caller.auth)).some(
        (o: any) => o.slices[0].segments[0].flight_number === 'BA7777',
      );
      if (!seen) await sleep(50);
    }
    assert.ok(seen, 'the new flight appears in the other process');
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  });

  it('shows a sale made through one process in the other’s next search', async () => {
    const buyer = await signIn(one);
    const offer = (await offers(one, buyer.auth))[0];
    const flight = offer.slices[0].segments[0].flight_id;
    const before = (await offers(two, buyer.auth)).find(
      (o: any) => o.slices[0].segments[0].flight_id === flight && o.brand === offer.brand,
    ).seats_left;
    assert.equal((await bookFlight(one, buyer.auth, bookingBody(offer))).statusCode, 201);
    const after = (await offers(two, buyer.auth)).find(
      (o: any) => o.slices[0].segments[0].flight_id === flight && o.brand === offer.brand,
    ).seats_left;
    assert.equal(after, before - 1);
  });
});
