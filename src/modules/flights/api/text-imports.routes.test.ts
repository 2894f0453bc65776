import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { fareRecord } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { FARES_CSV_HEADER } from '../inventory/fare-csv.ts';

const SAMPLE = readFileSync(new URL('../../../../test/fixtures/sample.ssim', import.meta.url), 'utf8');

/** Operators load the schedule files airlines publish, and fares from their spreadsheets. */
describe('POST /import_ssim and POST /import_fares', () => {
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
      url: type === 'text/csv' ? '/import_fares' : '/import_ssim',
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
    const singaporeToSydney = (date: string) =>
      t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: admin,
        payload: {
          slices: [{ origin: 'SIN', destination: 'SYD', departure_date: date }],
          passengers: { adults: 1 },
        },
      });
    const search = await singaporeToSydney('2026-12-03');
    assert.equal(search.statusCode, 200, search.body);
    const segment = search.json().data[0]?.slices[0].segments[0];
    assert.equal(segment?.flight_number, 'BA15');
    assert.equal(segment.departing_at, '2026-12-03T20:00:00+08:00');
    assert.equal(segment.arriving_at, '2026-12-04T05:50:00+11:00');
    const wednesday = await singaporeToSydney('2026-12-02');
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

  it('imports fares from CSV in the currency’s own decimals, and refuses a bad file by line, importing none of it', async () => {
    const header = FARES_CSV_HEADER;
    const good = `${header}\nBA,LHR,JFK,economy,light,GBP,250.00,188.00,25.00,85.00,21.00,0,1,,,15.00,39.00,45.00,2\n`;
    const res = await send(good, admin, 'text/csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { fares: 1 });
    const fare = await t.storage.db
      .selectFrom('fares')
      .selectAll()
      .where('carrier', '=', 'BA')
      .where('destination', '=', 'JFK')
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [fare.adult_amount, fare.tax_amount, fare.changeable, fare.seat_fee_preferred, fare.extra_bag_fee].map(
        Number,
      ),
      [25_000, 8_500, 0, 3_900, 4_500],
    );
    const bad = `${header}\nBA,LHR,JFK,economy,flex,GBP,250.00,188.00,25.00,85.00,21.00,0,1,0,0,,,,\nBA,LHR,QQQ,economy,light,GBP,1.234,1,1,1,1,0,1,,,,,,\n`;
    const refused = await send(bad, admin, 'text/csv');
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(
      refused.json().errors.map((e: any) => [e.line, e.detail]),
      [[3, 'adult "1.234" is not an amount in GBP (e.g. 125.50)']],
    );
    const unknown = await send(
      `${header}\nBA,LHR,QQQ,economy,light,GBP,1.23,1,1,1,1,0,1,,,,,,\n`,
      admin,
      'text/csv',
    );
    assert.deepEqual(
      unknown.json().errors.map((e: any) => [e.line, e.detail]),
      [[2, 'destination must be an airport of the catalogue']],
    );
    const flex = await t.storage.db.selectFrom('fares').select('brand').where('brand', '=', 'flex').execute();
    assert.equal(flex.length, 0, 'nothing of a refused file is imported');
  });
});
