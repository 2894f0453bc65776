import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter, seedFlights } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { addDays } from '../../../shared/calendar.ts';

describe('flight metadata under /b2c/', () => {
  let t: TestApp;
  let auth: { authorization: string };
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it('lists direct routes from an airport with carriers and weekly flights', async () => {
    const res = await get('/b2c/routes?origin=lhr');
    assert.equal(res.statusCode, 200);
    const jfk = res.json().data.find((r: any) => r.destination === 'JFK');
    assert.ok(jfk.carriers.includes('BA'));
    assert.ok(jfk.flights_per_week >= 5);
    assert.ok(jfk.duration_minutes > 400);
    assert.equal((await get('/b2c/routes?origin=QQQ')).json().code, 'NOT_FOUND');
  });

  it('describes a flight number and its status on a date', async () => {
    const route = (await get('/b2c/routes?origin=LHR')).json().data[0];
    const offers = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: {
        slices: [{ origin: 'LHR', destination: route.destination, departure_date: dayAfter(t, 9) }],
        passengers: { adults: 1 },
        max_connections: 0,
      },
    });
    const segment = offers.json().data[0].slices[0].segments[0];
    const res = await get(`/b2c/flights/${segment.flight_number}?date=${segment.departure_date}`);
    assert.equal(res.statusCode, 200, res.body);
    const schedule = res.json().data.find((s: any) => s.flight_id === segment.flight_id);
    assert.equal(schedule.on_date.status, 'scheduled');
    assert.equal(schedule.on_date.departing_at, segment.departing_at);
    const after = addDays(schedule.valid_to, 1);
    const outside = (await get(`/b2c/flights/${segment.flight_number}?date=${after}`)).json();
    const sameFlight = outside.data.find((s: any) => s.flight_id === segment.flight_id);
    assert.deepEqual(sameFlight.on_date, {
      departure_date: after,
      status: 'not_operating',
      departing_at: null,
      arriving_at: null,
    });
    assert.equal((await get('/b2c/flights/ZZ9999')).json().code, 'NOT_FOUND');
  });

  it('lists aircraft types', async () => {
    const data = (await get('/b2c/aircraft')).json().data;
    assert.ok(data.some((a: any) => a.code === '789' && a.name === 'Boeing 787-9'));
  });
});
