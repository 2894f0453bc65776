import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { fareRecord } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const SAMPLE = readFileSync(new URL('../../../../test/fixtures/sample.ssim', import.meta.url), 'utf8');

/** Operators load the schedule files airlines publish. */
describe('POST /import_ssim', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  before(async () => {
    // The sample's season: December 2026 to February 2027.
    t = await buildTestApp({ clockStart: new Date('2026-11-24T09:00:00Z') });
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const send = (body: string, headers: Record<string, string> = admin, type = 'text/plain') =>
    t.app.inject({
      method: 'POST',
      url: '/import_ssim',
      headers: { ...headers, 'content-type': type },
      payload: body,
    });
  const count = async () =>
    Number(
      (
        await t.storage.db
          .selectFrom('flight_schedules')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports the sample’s passenger legs and sells them on their own dates and times', async () => {
    const res = await send(SAMPLE, admin, 'application/vnd.iata.ssim');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { schedules: 4, skipped: 1, changed_bookings: [], disrupted_bookings: [] });
    // SSIM carries no fares: the operator's fare for the leg comes in the JSON format.
    await t.flights.importNetwork({ schedules: [], fares: [fareRecord('BA', ['SIN', 'SYD'], 'light')] });
    await t.flights.refreshNetwork();
    // BA15 leaves London on Wednesday 2 December; its Singapore–Sydney leg flies on Thursday the 3rd.
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: admin,
      payload: {
        slices: [{ origin: 'SIN', destination: 'SYD', departure_date: '2026-12-03' }],
        passengers: { adults: 1 },
      },
    });
    assert.equal(search.statusCode, 200, search.body);
    const segment = search.json().data[0]?.slices[0].segments[0];
    assert.equal(segment?.flight_number, 'BA15');
    assert.equal(segment.departing_at, '2026-12-03T20:00:00+08:00');
    assert.equal(segment.arriving_at, '2026-12-04T05:50:00+11:00');
    const wednesday = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: admin,
      payload: {
        slices: [{ origin: 'SIN', destination: 'SYD', departure_date: '2026-12-02' }],
        passengers: { adults: 1 },
      },
    });
    assert.equal(wednesday.json().data.length, 0, 'not on the day the flight leaves London');
    const again = await send(SAMPLE);
    assert.equal(again.json().schedules, 4, 'a second import updates, it does not duplicate');
    assert.equal(await count(), 4);
  });

  it('refuses a file with any bad record, naming each line, and imports nothing of it', async () => {
    const before = await count();
    const lines = SAMPLE.split('\n');
    const broken = [...lines];
    broken[4] = `${lines[4]!.slice(0, 36)}XXX${lines[4]!.slice(39)}`;
    broken[5] = `${lines[5]!.slice(0, 14)}32DEC26${lines[5]!.slice(21)}`;
    const res = await send(broken.join('\n'));
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.deepEqual(
      res.json().errors.map((e: any) => e.line),
      [5, 6],
    );
    assert.match(res.json().errors[0].detail, /origin must be the IATA code of an airport/);
    assert.match(res.json().errors[1].detail, /positions 15–21: "32DEC26" is not a date/);
    assert.equal(await count(), before);
  });

  it('needs an admin, and text', async () => {
    const customer = (await signIn(t)).auth;
    assert.equal((await send(SAMPLE, customer)).statusCode, 403);
    const json = await send('{"schedules":[]}', admin, 'application/json');
    assert.equal(json.statusCode, 400);
    const empty = await send('1HEADER ONLY'.padEnd(200, ' '));
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().errors[0].detail, /no passenger flight leg/);
  });
});
