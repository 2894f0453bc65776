import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/hotels/${name}`, import.meta.url), 'utf8');
const LISBON = 'cty_2267057';

/** Hotel operators load content, rooms, rates and allotment from their spreadsheets, one table a file. */
describe('POST /import_hotel_csv', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reader: Record<string, string>;
  before(async () => {
    // The fixtures' rates and allotments run from December 2026 into 2027.
    t = await buildTestApp({ clockStart: new Date('2026-11-24T09:00:00Z') });
    admin = (await signIn(t, 'admin')).auth;
    reader = (await signIn(t)).auth;
  });
  after(() => t.close());

  const send = (body: string, headers = admin, type = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: '/import_hotel_csv',
      headers: { ...headers, 'content-type': type },
      payload: body,
    });
  const count = async (table: 'hotels' | 'room_types' | 'rate_plans' | 'room_night_overrides') =>
    Number(
      (
        await t.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const search = async (checkIn: string, checkOut: string) => {
    await t.hotels.refreshIndex();
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: reader,
      payload: {
        destination: { city_id: LISBON },
        check_in: checkIn,
        check_out: checkOut,
        rooms: [{ adults: 2 }],
        options: 'all',
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as any[];
  };
  const problems = (res: { json(): any }) =>
    res.json().errors.map((e: { line: number; detail: string }) => `${e.line}: ${e.detail}`);

  it('refuses rooms and rates for hotels not imported yet, importing nothing', async () => {
    const res = await send(fixture('room_types.csv'));
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.deepEqual(
      res.json().errors.map((e: { line: number }) => e.line),
      [2, 3, 4, 5],
    );
    assert.match(problems(res)[0], /hotel_code "LIS-ALF-01" is no hotel yet/);
    assert.equal(await count('room_types'), 0);
  });

  it('imports hotels, room types, rate plans and allotments, and sells them', async () => {
    const hotels = await send(fixture('hotels.csv'));
    assert.equal(hotels.statusCode, 200, hotels.body);
    assert.deepEqual(hotels.json(), {
      table: 'hotels',
      rows: 2,
      hotels: 2,
      room_types: 0,
      rate_plans: 0,
      allotment_nights: 0,
    });
    assert.deepEqual(await search('2027-04-10', '2027-04-12'), [], 'no rooms or rates yet: nothing to sell');
    assert.equal((await send(fixture('room_types.csv'))).json().room_types, 4);
    assert.equal((await send(fixture('rate_plans.csv'))).json().rate_plans, 4);
    const allotments = await send(fixture('allotments.csv'));
    assert.equal(allotments.statusCode, 200, allotments.body);
    assert.equal(allotments.json().allotment_nights, 30 + 11 + 3);

    const found = await search('2027-04-12', '2027-04-14');
    assert.equal(found.length, 2);
    const alfama = found.find((h) => h.hotel.name === 'Casa do Miradouro');
    assert.equal(alfama.hotel.chain, null);
    const bb = alfama.options.find((o: any) => o.rate_plan.code === 'FLEX-BB' && o.room_type.code === 'DBL');
    assert.equal(bb.currency, 'EUR');
    assert.equal(bb.nightly[0].amount, 9_500, 'a Monday at 100%: the rate as written, 95.00');
    assert.equal(bb.nightly[1].amount, 9_500, 'Tuesday at 100%');
    assert.equal(bb.rooms_left, 4, 'the allotment, not the room type’s eight');
    const saturday = (await search('2027-04-10', '2027-04-11')).find(
      (h) => h.hotel.name === 'Casa do Miradouro',
    );
    const weekend = saturday.options.find(
      (o: any) => o.rate_plan.code === 'FLEX-BB' && o.room_type.code === 'DBL',
    );
    assert.equal(weekend.nightly[0].amount, 11_900, 'Saturday at 125%, to the hundred');
    // The family room is closed for sale 10–20 August.
    const august = await search('2027-08-12', '2027-08-14');
    const closed = august.find((h) => h.hotel.name === 'Casa do Miradouro');
    assert.ok(closed.options.every((o: any) => o.room_type.code !== 'FAM'));
  });

  it('updates by code when a corrected file comes again', async () => {
    const renamed = fixture('hotels.csv').replace('Casa do Miradouro', 'Casa do Miradouro de Alfama');
    assert.equal((await send(renamed)).statusCode, 200);
    assert.equal(await count('hotels'), 2);
    const found = await search('2027-04-10', '2027-04-11');
    assert.ok(found.some((h) => h.hotel.name === 'Casa do Miradouro de Alfama'));
  });

  it('lists every bad row with its line and imports nothing from a rejected file', async () => {
    const before = { hotels: await count('hotels'), plans: await count('rate_plans') };
    const badHotels =
      'code,name,city_id,stars,address,latitude,longitude,check_in_time,check_out_time\n' +
      'NEW-1,New hotel,cty_2267057,3,Rua 1,38.7,-9.1,14:00,11:00\n' +
      'NEW-2,Nowhere,cty_0,3,Rua 2,38.7,-9.1,14:00,11:00\n' +
      'NEW-3,Too many stars,cty_2267057,7,Rua 3,38.7,-9.1,25:00,11:00\n' +
      'NEW-1,Twice,cty_2267057,3,Rua 1,38.7,-9.1,14:00,11:00\n';
    const res = await send(badHotels);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(problems(res), [
      '3: city_id must be a city id of /b2c/cities',
      '4: stars must be 1 to 5',
      '4: check_in_time must be HH:MM',
      '5: code appears twice in the file',
    ]);
    const badPlans =
      'hotel_code,code,name,board,currency,base_amount,cancellation,min_stay\n' +
      'LIS-ALF-01,NEW-A,Fine,room_only,EUR,50,free,1\n' +
      'LIS-ALF-01,NEW-B,Boarded,full_meals,EUR,50,free,1\n' +
      'LIS-ALF-01,NEW-C,Long,room_only,EUR,50,free,90\n' +
      'LIS-NONE,NEW-D,Lost,room_only,EUR,50,free,1\n';
    const plans = await send(badPlans);
    assert.equal(plans.statusCode, 400);
    assert.deepEqual(problems(plans), [
      '3: board must be one of room_only, bed_and_breakfast, half_board, full_board, all_inclusive',
      '4: min_stay must be 1 to 60',
      '5: hotel_code "LIS-NONE" is no hotel yet: import it first',
    ]);
    const badAllotments =
      'hotel_code,room_type,from,to,rooms\n' +
      'LIS-ALF-01,DBL,2027-05-01,2027-05-03,2\n' +
      'LIS-ALF-01,SUITE,2027-05-01,2027-05-03,2\n' +
      'LIS-ALF-01,DBL,2027-05-09,2027-05-03,2\n';
    const allotments = await send(badAllotments);
    assert.deepEqual(problems(allotments), [
      '3: room_type must be a room type of that hotel',
      '4: to needs from ≤ to, at most 400 nights',
    ]);
    assert.deepEqual({ hotels: await count('hotels'), plans: await count('rate_plans') }, before);
    assert.equal(await count('room_night_overrides'), 44, 'no night of the rejected allotments');
  });

  it('is for admins, and takes CSV only', async () => {
    assert.equal((await send(fixture('hotels.csv'), reader)).statusCode, 403);
    assert.equal((await send(fixture('hotels.csv'), admin, 'text/plain')).statusCode, 415);
    const unknown = await send('name,code\nx,y\n');
    assert.equal(unknown.statusCode, 400);
    assert.match(problems(unknown)[0], /1: the header is none of hotels.csv/);
  });
});
