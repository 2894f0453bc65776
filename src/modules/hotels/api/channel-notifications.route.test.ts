import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A fixture message with its placeholders filled in. */
function message(file: string, values: Record<string, string | number>): string {
  const text = readFileSync(new URL(`../../../../test/fixtures/ota/${file}`, import.meta.url), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${file} needs ${name}`);
    return String(values[name]);
  });
}

const answerOf = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (n) => n === 'Error' || n === 'Warning',
  }).parse(xml);

/**
 * A channel manager's OpenTravel notifications over HTTP: what they set is what search, rate checks and
 * bookings sell from the next request; a message in error, or from a stranger, changes nothing.
 */
describe('channel manager notifications', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let basic: Record<string, string>;
  let hotel: { id: string; code: string };
  let room: string;
  let rate: string;
  let currency: string;
  const FROM = 30;
  const NIGHTS = 2;

  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    admin = (await signIn(t, 'admin')).auth;
    customer = (await signIn(t, 'customer')).auth;
    const first = await firstRate(
      t,
      customer,
      stay(t, FROM, NIGHTS),
      (o) => o.payment_type !== 'pay_at_hotel',
    );
    const row = await t.storage.db
      .selectFrom('hotels')
      .select(['id', 'code'])
      .where('id', '=', first.hotel.id)
      .executeTakeFirstOrThrow();
    hotel = row;
    room = first.option.room_type.code;
    rate = first.option.rate_plan.code;
    currency = first.option.currency;
    const made = await t.app.inject({
      method: 'POST',
      url: '/create_channel_connection',
      headers: admin,
      payload: { name: 'Test channel manager', hotel_codes: [hotel.code] },
    });
    assert.equal(made.statusCode, 201, made.body);
    const c = made.json();
    basic = { authorization: `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}` };
  });
  after(() => t.close());

  const post = (xml: string, headers: Record<string, string> = basic) =>
    t.app.inject({
      method: 'POST',
      url: '/ota',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: xml,
    });
  const dates = (from = FROM, nights = NIGHTS) => ({
    HOTEL: hotel?.code,
    ROOM: room,
    RATE: rate,
    START: dayAfter(t, from),
    END: dayAfter(t, from + nights - 1),
  });
  /** This hotel's options for the room type and rate plan over the stay (none: an empty list). */
  async function options(from = FROM, nights = NIGHTS, rooms: object[] = [{ adults: 2 }]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: customer,
      payload: {
        ...stay(t, from, nights, { destination: { hotel_ids: [hotel.id] }, rooms }),
        options: 'all',
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json().data[0]?.options ?? []).filter(
      (o: any) => o.room_type.code === room && o.rate_plan.code === rate,
    );
  }

  it('prices the nights a rate message sets, by occupancy, from the next search, and books at that price', async () => {
    const before = await options();
    assert.equal(before.length, 1);
    const res = await post(
      message('rate-amount-notif.xml', { ...dates(), ONE: '98.10', TWO: '123.45', CURRENCY: currency }),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.headers['content-type'] as string, /application\/xml/);
    const rs = answerOf(res.body).OTA_HotelRateAmountNotifRS;
    assert.equal(rs['@EchoToken'], 'rate-1');
    assert.ok('Success' in rs, res.body);

    const [two] = await options();
    assert.equal(two.total_amount, 2 * 12345);
    assert.deepEqual(
      two.nightly.map((n: any) => n.amount),
      [12345, 12345],
    );
    // The same search again after another price: the remembered answer does not outlive it.
    await post(
      message('rate-amount-notif.xml', { ...dates(), ONE: '98.10', TWO: '130.00', CURRENCY: currency }),
    );
    assert.equal((await options())[0].total_amount, 2 * 13000);
    await post(
      message('rate-amount-notif.xml', { ...dates(), ONE: '98.10', TWO: '123.45', CURRENCY: currency }),
    );
    assert.equal((await options())[0].total_amount, 2 * 12345);
    const [one] = await options(FROM, NIGHTS, [{ adults: 1 }]);
    assert.equal(one.total_amount, 2 * 9810);
    // A night outside the message keeps the rate plan's own price.
    const [longer] = await options(FROM, NIGHTS + 1);
    assert.notEqual(longer.nightly[2].amount, 12345);

    const booked = await bookHotel(
      t,
      customer,
      hotelBookingBody({ rate_key: two.rate_key }, [{ adults: 2 }], { amount: two.total_amount, currency }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    assert.equal(booked.json().total_amount, 2 * 12345);
  });

  it('prices guests beyond the base at the channel’s extra-adult and child prices', async () => {
    const from = 130;
    const family = [{ adults: 2, children: [8] }];
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: customer,
      payload: {
        ...stay(t, from, NIGHTS, { destination: { hotel_ids: [hotel.id] }, rooms: family }),
        options: 'all',
      },
    });
    const option = res.json().data[0].options[0];
    const sent = await post(
      message('rate-amount-notif-extras.xml', {
        ...dates(from),
        ROOM: option.room_type.code,
        RATE: option.rate_plan.code,
        TWO: '100.00',
        ADULT: '30.00',
        CHILD: '12.50',
        CURRENCY: currency,
      }),
    );
    assert.ok('Success' in answerOf(sent.body).OTA_HotelRateAmountNotifRS, sent.body);
    const again = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: customer,
      payload: {
        ...stay(t, from, NIGHTS, { destination: { hotel_ids: [hotel.id] }, rooms: family }),
        options: 'all',
      },
    });
    const priced = again
      .json()
      .data[0].options.find(
        (o: any) => o.room_type.code === option.room_type.code && o.rate_plan.code === option.rate_plan.code,
      );
    assert.deepEqual(
      priced.nightly.map((n: any) => n.amount),
      [11_250, 11_250],
      'two adults at 100.00 and a child of 8 at 12.50',
    );
  });

  it('closes and reopens a rate, closes arrival and departure, and limits stay lengths', async () => {
    const restrict = (status: string, restriction: string, from: number, nights = 1) =>
      post(
        message('avail-notif-restrictions.xml', {
          ...dates(from, nights),
          STATUS: status,
          RESTRICTION: restriction,
        }),
      );
    const from = 50;
    assert.equal((await options(from)).length, 1);

    assert.equal((await restrict('Close', 'Master', from + 1)).statusCode, 200);
    assert.equal((await options(from)).length, 0, 'a closed night is not sold');
    const rateKeyBefore = (await options(from + 2))[0].rate_key;
    assert.ok(rateKeyBefore);
    await restrict('Open', 'Master', from + 1);
    assert.equal((await options(from)).length, 1, 'reopened');

    await restrict('Close', 'Arrival', from);
    assert.equal((await options(from)).length, 0, 'no arrival on a night closed to arrival');
    assert.equal((await options(from - 1)).length, 1, 'staying through it is fine');
    await restrict('Open', 'Arrival', from);

    await restrict('Close', 'Departure', from + 2);
    assert.equal((await options(from)).length, 0, 'no departure on a day closed to departure');
    assert.equal((await options(from, 3)).length, 1);
    await restrict('Open', 'Departure', from + 2);

    const los = await post(message('avail-notif-length-of-stay.xml', { ...dates(from, 1), MIN: 3, MAX: 4 }));
    assert.ok('Success' in answerOf(los.body).OTA_HotelAvailNotifRS, los.body);
    assert.equal((await options(from, 2)).length, 0, 'shorter than the minimum');
    assert.equal((await options(from, 3)).length, 1);
    assert.equal((await options(from, 5)).length, 0, 'longer than the maximum');
    assert.equal((await options(from + 1, 2)).length, 1, 'lengths count from the arrival day only');

    // A rate check of a key issued before a restriction answers with the restriction.
    await restrict('Close', 'Arrival', from + 2);
    const check = await t.app.inject({
      method: 'POST',
      url: '/check_rate',
      headers: customer,
      payload: { rate_key: rateKeyBefore },
    });
    assert.equal(check.statusCode, 200, check.body);
    assert.equal(check.json().status, 'sold_out');
    assert.match(check.json().reason, /Arrival on .* is closed/);
  });

  it('is sold as set by another process on the same database from its next search', async () => {
    const other = await buildTestApp({ storage: t.storage });
    try {
      const otherCustomer = (await signIn(other, 'customer')).auth;
      const from = 110;
      const search = async () => {
        const res = await other.app.inject({
          method: 'POST',
          url: '/search_hotels',
          headers: otherCustomer,
          payload: {
            ...stay(other, from, NIGHTS, { destination: { hotel_ids: [hotel.id] } }),
            options: 'all',
          },
        });
        return (res.json().data[0]?.options ?? []).filter(
          (o: any) => o.room_type.code === room && o.rate_plan.code === rate,
        );
      };
      await other.hotels.refreshIndex();
      assert.equal((await search()).length, 1);
      await post(
        message('rate-amount-notif.xml', { ...dates(from), ONE: '80.00', TWO: '99.00', CURRENCY: currency }),
      );
      assert.equal((await search())[0].total_amount, 2 * 9900);
      await post(
        message('avail-notif-restrictions.xml', { ...dates(from), STATUS: 'Close', RESTRICTION: 'Master' }),
      );
      assert.equal((await search()).length, 0);
    } finally {
      await other.close();
    }
  });

  it('sets rooms still available and rooms for sale from inventory counts', async () => {
    const from = 70;
    const count = (type: number, n: number) =>
      post(message('inv-count-notif.xml', { ...dates(from, 2), TYPE: type, COUNT: n }));
    assert.equal((await count(2, 0)).statusCode, 200);
    const allRoomTypes = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/search_hotels',
        headers: customer,
        payload: { ...stay(t, from, 2, { destination: { hotel_ids: [hotel.id] } }), options: 'all' },
      });
      return (res.json().data[0]?.options ?? []).filter((o: any) => o.room_type.code === room);
    };
    assert.equal((await allRoomTypes()).length, 0, 'none left to sell');
    await count(1, 3);
    const [again] = await allRoomTypes();
    assert.equal(again.rooms_left, 3);
  });

  it('answers errors by element and applies nothing of a message with one', async () => {
    const from = 90;
    const res = await post(
      message('mixed-good-and-bad.xml', { ...dates(from, 1), BAD_END: dayAfter(t, from - 5) }),
    );
    assert.equal(res.statusCode, 200);
    const rs = answerOf(res.body).OTA_HotelAvailNotifRS;
    assert.ok(!('Success' in rs));
    const errors = rs.Errors.Error.map((e: any) => ({ code: e['@Code'], tag: e['@Tag'] }));
    assert.deepEqual(errors, [
      {
        code: '404',
        tag: '/OTA_HotelAvailNotifRQ/AvailStatusMessages/AvailStatusMessage[2]/StatusApplicationControl/@End',
      },
    ]);
    const fixed = await post(
      message('mixed-good-and-bad.xml', { ...dates(from, 1), BAD_END: dayAfter(t, from) }),
    );
    const codes = answerOf(fixed.body).OTA_HotelAvailNotifRS.Errors.Error.map((e: any) => [
      e['@Code'],
      e['@Tag'],
    ]);
    assert.deepEqual(codes, [
      [
        '402',
        '/OTA_HotelAvailNotifRQ/AvailStatusMessages/AvailStatusMessage[2]/StatusApplicationControl/@InvTypeCode',
      ],
    ]);
    assert.equal((await options(from)).length, 1, 'the first message, sound, was not applied either');
    assert.equal(
      await t.storage.db
        .selectFrom('rate_nights')
        .select('night')
        .where('night', '=', dayAfter(t, from))
        .executeTakeFirst(),
      undefined,
    );
  });

  it('refuses unknown hotels, strangers and what is not XML with OTA errors', async () => {
    const other = await post(
      message('avail-notif-restrictions.xml', {
        ...dates(),
        HOTEL: 'NOT-OURS',
        STATUS: 'Close',
        RESTRICTION: 'Master',
      }),
    );
    const error = answerOf(other.body).OTA_HotelAvailNotifRS.Errors.Error[0];
    assert.equal(error['@Code'], '392');
    assert.equal(error['@Tag'], '/OTA_HotelAvailNotifRQ/AvailStatusMessages/@HotelCode');

    const stranger = await post(
      message('avail-notif-restrictions.xml', { ...dates(), STATUS: 'Close', RESTRICTION: 'Master' }),
      { authorization: `Basic ${Buffer.from('chn_x:nope').toString('base64')}` },
    );
    assert.equal(stranger.statusCode, 401);
    assert.equal(answerOf(stranger.body).OTA_HotelAvailNotifRS.Errors.Error[0]['@Type'], '4');
    assert.equal((await options()).length, 1, 'nothing closed');

    const broken = await post(
      '<OTA_HotelInvCountNotifRQ><Inventories HotelCode="X"></OTA_HotelInvCountNotifRQ>',
    );
    assert.equal(broken.statusCode, 400);
    const brokenError = answerOf(broken.body).OTA_HotelInvCountNotifRS.Errors.Error[0];
    assert.equal(brokenError['@Code'], '450');
    assert.match(brokenError['@ShortText'], /Not well-formed XML/);

    const entity = await post('<!DOCTYPE x [<!ENTITY a "b">]><OTA_HotelAvailNotifRQ/>');
    assert.equal(entity.statusCode, 400);

    const other2 = await post('<OTA_HotelResNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05"/>');
    assert.equal(other2.statusCode, 400);
    assert.match(answerOf(other2.body).OTA_HotelResNotifRS.Errors.Error[0]['@ShortText'], /not taken here/);

    const json = await t.app.inject({
      method: 'POST',
      url: '/ota',
      headers: { ...basic, 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(json.statusCode, 400, json.body);
    assert.match(
      answerOf(json.body).OTA_HotelAvailNotifRS.Errors.Error[0]['@ShortText'],
      /Not well-formed XML/,
    );
    const nothing = await t.app.inject({ method: 'POST', url: '/ota', headers: basic });
    assert.equal(nothing.statusCode, 400, nothing.body);
    assert.match(nothing.headers['content-type'] as string, /application\/xml/);
  });

  it('refuses a connection covering no hotel, and names unknown connections 404', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/create_channel_connection',
      headers: admin,
      payload: { name: 'Nobody’s' },
    });
    assert.equal(none.statusCode, 400, none.body);
    assert.equal(none.json().errors[0].pointer, '/chain');
    const off = await t.app.inject({
      method: 'POST',
      url: '/update_channel_connection',
      headers: admin,
      payload: { id: 'chn_missing', active: false },
    });
    assert.equal(off.statusCode, 404, off.body);
    const sent = await t.app.inject({
      method: 'GET',
      url: '/list_channel_deliveries?connection_id=chn_missing',
      headers: admin,
    });
    assert.equal(sent.statusCode, 404, sent.body);
    const listed = await t.app.inject({ method: 'GET', url: '/list_channel_connections', headers: admin });
    assert.deepEqual(
      listed.json().data.map((c: { name: string }) => c.name),
      ['Test channel manager'],
      'nothing was made of the refused one',
    );
  });
});
