import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { dayAfter } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

const fixture = (file: string, values: Record<string, string>) =>
  readFileSync(new URL(`../fixtures/ota/${file}`, import.meta.url), 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? `{{${name}}}`,
  );

/**
 * A hotel group's channel manager over real HTTP: it sets a price and closes a night with OTA messages,
 * a traveller searches and books what it set, and the booking reaches the channel manager's receiver,
 * retried while that is down.
 */
describe('a channel manager over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const received: string[] = [];
  const receiver = { status: 503 };
  let cm: http.Server;
  let receiverUrl: string;
  before(async () => {
    server = await startTestServer({ env: { WEBHOOK_RETRY_SCHEDULE: '5,60' } });
    await seedHotels(server);
    cm = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(body);
        res
          .writeHead(receiver.status, { 'content-type': 'application/xml' })
          .end(
            '<OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/><HotelReservations>' +
              '<HotelReservation><ResGlobalInfo><HotelReservationIDs>' +
              '<HotelReservationID ResID_Type="14" ResID_Value="ignored"/>' +
              '<HotelReservationID ResID_Type="10" ResID_Value="HTL-778899"/>' +
              '</HotelReservationIDs></ResGlobalInfo></HotelReservation></HotelReservations></OTA_HotelResNotifRS>',
          );
      });
    });
    await new Promise<void>((resolve) => cm.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(cm.address() as AddressInfo).port}/reservations`;
  });
  after(async () => {
    cm.close();
    await server.close();
  });

  it('sells what the channel sets, and sends it the booking', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const traveller = await signInOverHttp(server);
    const stay = { check_in: dayAfter(server, 45), check_out: dayAfter(server, 47) };
    const found = await traveller.call('POST', '/search_hotels', {
      destination: { city_id: LONDON },
      ...stay,
      rooms: [{ adults: 2 }],
      options: 'all',
    });
    const hotelId = found.body.data[0].hotel.id;
    const option = found.body.data[0].options.find((o: any) => o.payment_type !== 'pay_at_hotel');
    const hotel = await server.storage.db
      .selectFrom('hotels')
      .select('code')
      .where('id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const made = await admin.call('POST', '/create_channel_connection', {
      name: 'Group CM',
      hotel_codes: [hotel.code],
      reservations_url: receiverUrl,
    });
    assert.equal(made.status, 201);
    const ota = (xml: string) =>
      fetch(`${server.baseUrl}/ota`, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml',
          authorization: `Basic ${Buffer.from(`${made.body.id}:${made.body.secret}`).toString('base64')}`,
        },
        body: xml,
      });
    const codes = {
      HOTEL: hotel.code,
      ROOM: option.room_type.code,
      RATE: option.rate_plan.code,
      START: stay.check_in,
      END: dayAfter(server, 46),
    };
    const priced = await ota(
      fixture('rate-amount-notif.xml', { ...codes, ONE: '150.00', TWO: '175.50', CURRENCY: option.currency }),
    );
    assert.equal(priced.status, 200);
    assert.match(await priced.text(), /<Success\/>/);

    const mine = async () => {
      const res = await traveller.call('POST', '/search_hotels', {
        destination: { hotel_ids: [hotelId] },
        ...stay,
        rooms: [{ adults: 2 }],
        options: 'all',
      });
      return (res.body.data[0]?.options ?? []).find(
        (o: any) => o.room_type.code === option.room_type.code && o.rate_plan.code === option.rate_plan.code,
      );
    };
    assert.equal((await mine()).total_amount, 2 * 17550);

    const closed = await ota(
      fixture('avail-notif-restrictions.xml', { ...codes, STATUS: 'Close', RESTRICTION: 'Master' }),
    );
    assert.match(await closed.text(), /<Success\/>/);
    assert.equal(await mine(), undefined);
    await ota(fixture('avail-notif-restrictions.xml', { ...codes, STATUS: 'Open', RESTRICTION: 'Master' }));
    const again = await mine();

    const booked = await traveller.call(
      'POST',
      '/book_hotel',
      {
        rate_key: again.rate_key,
        holder: HOLDER,
        rooms: [{ guests: guestsFor({ adults: 2 }) }],
        expected_total: { amount: again.total_amount, currency: again.currency },
        payment: { type: 'card', card_token: 'tok_visa' },
      },
      { 'idempotency-key': 'cm-journey-1' },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.equal(booked.body.total_amount, 2 * 17550);

    await server.hotels.deliverChannelMessages();
    assert.equal(received.length, 1, 'tried once while down');
    receiver.status = 200;
    server.clock.advance(10);
    await server.hotels.deliverChannelMessages();
    assert.equal(received.length, 2);
    assert.match(received[1]!, /ResStatus="Commit"/);
    assert.match(received[1]!, new RegExp(`<UniqueID Type="14" ID="${booked.body.reference}"`));
    assert.match(received[1]!, /<Base AmountAfterTax="175.50"/);
    // The hotel's own confirmation number, as its channel manager answered, is the booking's now.
    const read = await traveller.call('GET', `/booking?id=${booked.body.id}`);
    assert.equal(read.body.hotel_confirmation, 'HTL-778899');
    assert.notEqual(read.etag, null);
    const sent = await admin.call('GET', `/list_channel_deliveries?connection_id=${made.body.id}`);
    assert.deepEqual(
      sent.body.data.map((d: any) => [d.action, d.status, d.attempts]),
      [['Commit', 'delivered', 2]],
    );
  });
});
