import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { signIn } from '../helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['RoomStay', 'Rate', 'ResGuest', 'GuestCount'].includes(name),
});

/** A channel manager's reservation receiver on loopback: keeps what arrives, answers as told. */
async function startChannelManager() {
  const received: Array<{ path: string; authorization: string | undefined; body: string }> = [];
  const state = { status: 503, body: '' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      res.writeHead(state.status, { 'content-type': 'application/xml' }).end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ota/reservations`, received, state, close: () => server.close() };
}

const SUCCESS =
  '<OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="2015.2"><Success/></OTA_HotelResNotifRS>';
const REFUSED =
  '<OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05"><Errors><Error Type="3" Code="402" ShortText="Room type not mapped"/></Errors></OTA_HotelResNotifRS>';

/**
 * Reservations reach the hotel group's channel manager as OTA_HotelResNotifRQ through the outbox: kept
 * and retried while it is down or refuses, in the order the booking changed.
 */
describe('reservations sent to channel managers', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let cm: Awaited<ReturnType<typeof startChannelManager>>;
  let connectionId: string;

  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '5,60,600' } });
    await seedHotels(t);
    admin = (await signIn(t, 'admin')).auth;
    customer = (await signIn(t, 'customer')).auth;
    cm = await startChannelManager();
  });
  after(async () => {
    cm.close();
    await t.close();
  });

  const deliveries = async (bookingId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/list_channel_deliveries?connection_id=${connectionId}&booking_id=${bookingId}`,
      headers: admin,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as any[];
  };

  /** A refundable stay paid now, `from` days ahead, booked at the first rate found: the search's and the booking. */
  async function bookStay(from: number, nights: number) {
    const first = await firstRate(
      t,
      customer,
      stay(t, from, nights, { filters: { refundable_only: true } }),
      (o) => o.payment_type !== 'pay_at_hotel',
    );
    const res = await bookHotel(
      t,
      customer,
      hotelBookingBody({ rate_key: first.option.rate_key }, [{ adults: 2 }], {
        amount: first.option.total_amount,
        currency: first.option.currency,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    return { first, booking: res.json() };
  }
  const codeOf = (hotelId: string) =>
    t.storage.db
      .selectFrom('hotels')
      .select(['code', 'chain'])
      .where('id', '=', hotelId)
      .executeTakeFirstOrThrow();
  /** Cancels a booking in full, as its customer. */
  async function cancelBooking(bookingId: string) {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/quote_cancellation',
      headers: customer,
      payload: { booking_id: bookingId },
    });
    return t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: customer,
      payload: { booking_id: bookingId, quote_id: quote.json().quote_id },
    });
  }

  it('sends a booking, retried while the receiver is down, then its cancellation, in order', async () => {
    const found = await firstRate(
      t,
      customer,
      stay(t, 40, 3, { filters: { refundable_only: true } }),
      (o) => o.payment_type !== 'pay_at_hotel',
    );
    const hotel = await codeOf(found.hotel.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/create_channel_connection',
      headers: admin,
      payload: {
        name: 'Group CM',
        ...(hotel.chain ? { chain: hotel.chain } : { hotel_codes: [hotel.code] }),
        reservations_url: cm.url,
        reservations_username: 'itinera',
        reservations_password: 'pw-123',
      },
    });
    assert.equal(made.statusCode, 201, made.body);
    connectionId = made.json().id;

    const { first, booking } = await bookStay(40, 3);
    assert.equal(first.hotel.id, found.hotel.id);

    // Down: kept, due again after the first delay.
    await t.hotels.deliverChannelMessages();
    assert.equal(cm.received.length, 1);
    let [sent] = await deliveries(booking.id);
    assert.equal(sent.action, 'Commit');
    assert.equal(sent.status, 'pending');
    assert.equal(sent.last_status_code, 503);
    await t.hotels.deliverChannelMessages();
    assert.equal(cm.received.length, 1, 'not before it is due');

    // Up, but refusing the message with an OTA error: still kept, with the reason.
    cm.state.status = 200;
    cm.state.body = REFUSED;
    t.clock.advance(10);
    await t.hotels.deliverChannelMessages();
    [sent] = await deliveries(booking.id);
    assert.equal(sent.status, 'pending');
    assert.match(sent.last_error, /Room type not mapped/);

    cm.state.body = SUCCESS;
    t.clock.advance(70);
    await t.hotels.deliverChannelMessages();
    [sent] = await deliveries(booking.id);
    assert.equal(sent.status, 'delivered');
    assert.equal(cm.received.length, 3);

    const last = cm.received[2]!;
    assert.equal(last.authorization, `Basic ${Buffer.from('itinera:pw-123').toString('base64')}`);
    const rq = xml.parse(last.body).OTA_HotelResNotifRQ;
    assert.equal(rq['@ResStatus'], 'Commit');
    const reservation = rq.HotelReservations.HotelReservation;
    assert.equal(reservation.UniqueID['@ID'], booking.reference);
    const [roomStay] = reservation.RoomStays.RoomStay;
    assert.equal(roomStay.BasicPropertyInfo['@HotelCode'], hotel.code);
    assert.equal(roomStay.RoomTypes.RoomType['@RoomTypeCode'], first.option.room_type.code);
    assert.equal(roomStay.RatePlans.RatePlan['@RatePlanCode'], first.option.rate_plan.code);
    assert.equal(roomStay.TimeSpan['@Start'], booking.check_in);
    assert.equal(roomStay.RoomRates.RoomRate.Rates.Rate.length, 3);
    assert.equal(roomStay.GuestCounts.GuestCount[0]['@Count'], '2');
    assert.equal(reservation.ResGuests.ResGuest.length, 2);
    assert.equal(reservation.ResGlobalInfo.Total['@CurrencyCode'], booking.currency);

    // Cancelled: the Cancel message follows the Commit.
    const cancelled = await cancelBooking(booking.id);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    await t.hotels.deliverChannelMessages();
    const both = await deliveries(booking.id);
    assert.deepEqual(
      both.map((d) => [d.action, d.status]),
      [
        ['Cancel', 'delivered'],
        ['Commit', 'delivered'],
      ],
    );
    const cancel = xml.parse(cm.received[3]!.body).OTA_HotelResNotifRQ;
    assert.equal(cancel['@ResStatus'], 'Cancel');
    assert.equal(
      cancel.HotelReservations.HotelReservation.RoomStays.RoomStay[0]['@RoomStayStatus'],
      'Cancelled',
    );
  });

  it('holds back a later message of a booking while an earlier one is still to be sent', async () => {
    cm.state.status = 503;
    const found = await firstRate(
      t,
      customer,
      stay(t, 60, 2, { filters: { refundable_only: true } }),
      (o) => o.payment_type !== 'pay_at_hotel',
    );
    const hotel = await codeOf(found.hotel.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/create_channel_connection',
      headers: admin,
      payload: { name: 'Second CM', hotel_codes: [hotel.code], reservations_url: `${cm.url}/second` },
    });
    connectionId = made.json().id;
    const { booking } = await bookStay(60, 2);
    await cancelBooking(booking.id);
    const before = cm.received.length;
    await t.hotels.deliverChannelMessages();
    // Only this connection's messages: the first connection may cover the same hotel.
    const ofSecond = () => cm.received.slice(before).filter((r) => r.path.endsWith('/second'));
    const mine = ofSecond().map((r) => xml.parse(r.body).OTA_HotelResNotifRQ['@ResStatus']);
    assert.deepEqual(mine, ['Commit'], 'the cancellation waits for the booking to be taken');
    cm.state.status = 200;
    cm.state.body = SUCCESS;
    t.clock.advance(700);
    await t.hotels.deliverChannelMessages();
    await t.hotels.deliverChannelMessages();
    t.clock.advance(700);
    await t.hotels.deliverChannelMessages();
    const sent = (await deliveries(booking.id)).map((d) => [d.action, d.status]);
    assert.deepEqual(sent, [
      ['Cancel', 'delivered'],
      ['Commit', 'delivered'],
    ]);
    const order = ofSecond().map((r) => xml.parse(r.body).OTA_HotelResNotifRQ['@ResStatus']);
    assert.equal(order.lastIndexOf('Commit') < order.indexOf('Cancel'), true, order.join());
  });

  it('sends a change of dates as Modify, with the new stay', async () => {
    cm.state.status = 200;
    cm.state.body = SUCCESS;
    const { booking } = await bookStay(80, 2);
    await t.hotels.deliverChannelMessages();
    const moved = { booking_id: booking.id, ...stay(t, 81, 2) };
    delete (moved as Record<string, unknown>).destination;
    delete (moved as Record<string, unknown>).rooms;
    const modify = (amount: number, etag: string) =>
      t.app.inject({
        method: 'POST',
        url: '/modify_hotel_booking',
        headers: { ...customer, 'if-match': etag },
        payload: { ...moved, expected_total: { amount, currency: booking.currency } },
      });
    const etag = (await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: customer }))
      .headers.etag as string;
    const probe = (await modify(1, etag)).json();
    const changed = await modify(probe.total_amount, etag);
    assert.equal(changed.statusCode, 200, changed.body);
    const before = cm.received.length;
    await t.hotels.deliverChannelMessages();
    const modifies = cm.received
      .slice(before)
      .map((r) => xml.parse(r.body).OTA_HotelResNotifRQ)
      .filter((rq) => rq['@ResStatus'] === 'Modify');
    assert.ok(modifies.length >= 1, 'a Modify went out');
    for (const rq of modifies) {
      const reservation = rq.HotelReservations.HotelReservation;
      assert.equal(reservation.UniqueID['@ID'], booking.reference);
      assert.equal(reservation.RoomStays.RoomStay[0].TimeSpan['@Start'], moved.check_in);
      assert.equal(reservation.RoomStays.RoomStay[0].TimeSpan['@End'], moved.check_out);
    }
    // Cancelled again, so that its guest may be erased below.
    await cancelBooking(booking.id);
  });

  it('forgets the messages, which name the guests, when the guest is erased', async () => {
    const {
      id: bookingId,
      user_id,
      connection_id,
    } = await t.storage.db
      .selectFrom('hotel_bookings')
      .innerJoin('channel_deliveries', 'channel_deliveries.booking_id', 'hotel_bookings.id')
      .select(['hotel_bookings.id', 'hotel_bookings.user_id', 'channel_deliveries.connection_id'])
      .executeTakeFirstOrThrow();
    connectionId = connection_id;
    assert.ok((await deliveries(bookingId)).some((d) => d.message.includes('Lovelace')));
    const erased = await t.app.inject({
      method: 'POST',
      url: '/erase_personal_data',
      headers: admin,
      payload: { user_id },
    });
    assert.equal(erased.statusCode, 200, erased.body);
    assert.deepEqual(await deliveries(bookingId), []);
  });
});
