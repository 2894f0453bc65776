import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
  seedFlights,
} from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** The offer of a flight for a party of adults. */
async function firstOfFlight(t: TestApp, auth: Record<string, string>, flight: string, adults: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/search_flight',
    headers: auth,
    payload: searchBody(t, [['LHR', 'CDG', 12]], { max_connections: 0, limit: 50, passengers: { adults } }),
  });
  return res.json().data.find((o: any) => o.slices[0].segments[0].flight_number === flight);
}

describe('two API processes on one database', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    storage = await openTestStorage();
    one = await buildTestApp({ storage, env: {} });
    two = await buildTestApp({ storage, env: {} });
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

  it('sees a schedule imported through the other process at its next network refresh', async () => {
    const caller = await signIn(two);
    const hasIt = async () =>
      (await offers(two, caller.auth)).some((o: any) => o.slices[0].segments[0].flight_number === 'BA7777');
    assert.equal(await hasIt(), false, 'the other process has its network loaded without the flight');
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
    // SQLite processes learn of it at their next poll; PostgreSQL ones may have heard already.
    if (storage.engine === 'sqlite')
      assert.equal(await hasIt(), false, 'not before the other process refreshes');
    await two.scheduler.run('flights.network_refresh');
    assert.equal(await hasIt(), true, 'the new flight appears in the other process');
  });

  it('prices by a fare changed through the other process from its next refresh, not the fare it had read', async () => {
    const caller = await signIn(two);
    const offer = (await offers(two, caller.auth))[0];
    const segment = offer.slices[0].segments[0];
    const carrier = segment.flight_number.slice(0, 2);
    const sameFlight = (o: any) =>
      o.slices[0].segments[0].flight_id === segment.flight_id && o.brand === offer.brand;
    const updates = two.flights.indexStats().updates;
    await one.flights.importNetwork({
      schedules: [],
      fares: [
        fareRecord(carrier, ['LHR', 'CDG'], offer.brand, {
          currency: offer.total_currency,
          adult: offer.total_amount * 3,
        }),
      ],
    });
    if (storage.engine === 'sqlite')
      assert.equal(
        (await offers(two, caller.auth)).find(sameFlight).total_amount,
        offer.total_amount,
        'not before the other process refreshes',
      );
    await two.scheduler.run('flights.network_refresh');
    assert.equal(two.flights.indexStats().updates, updates + 1, 'fares alone update the network in place');
    const repriced = (await offers(two, caller.auth)).find(sameFlight);
    assert.ok(
      repriced.total_amount > offer.total_amount * 2,
      `the new fare: ${offer.total_amount} → ${repriced.total_amount}`,
    );
  });

  it('prices a flight dearer in the other’s next search once a sale fills it into its next load bucket, and drops it once sold out', async () => {
    const small = {
      ...scheduleRecord(one, 'BA', 8123, ['LHR', 'CDG'], '15:05', 80),
      capacity: { economy: 4 },
    };
    await one.flights.importNetwork({
      schedules: [small],
      fares: [fareRecord('BA', ['LHR', 'CDG'], 'light')],
    });
    await one.flights.refreshNetwork();
    await two.flights.refreshNetwork();
    const buyer = await signIn(one);
    const find = async (t: TestApp) =>
      (await offers(t, buyer.auth)).find((o: any) => o.slices[0].segments[0].flight_number === 'BA8123');
    const empty = await find(two);
    assert.equal(empty.seats_left, 4);
    // The same search again is answered from memory; one seat sold stays in the first bucket.
    assert.equal((await bookFlight(one, buyer.auth, bookingBody(await find(one)))).statusCode, 201);
    const oneSold = await find(two);
    assert.deepEqual([oneSold.seats_left, oneSold.total_amount], [3, empty.total_amount]);
    // Half full: +15 %, seen by the other process's next search.
    assert.equal((await bookFlight(one, buyer.auth, bookingBody(await find(one)))).statusCode, 201);
    const half = await find(two);
    assert.equal(half.seats_left, 2);
    assert.ok(half.total_amount > empty.total_amount, `${empty.total_amount} → ${half.total_amount}`);
    const pair = [adult(0), adult(1)];
    const last = await firstOfFlight(one, buyer.auth, 'BA8123', 2);
    assert.equal((await bookFlight(one, buyer.auth, bookingBody(last, pair))).statusCode, 201);
    assert.equal(await find(two), undefined, 'sold out');
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
