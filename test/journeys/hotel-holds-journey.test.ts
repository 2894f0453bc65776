import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, limitRooms, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('hotel holds over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedHotels(server);
  });
  after(() => server.close());

  it('holds the last two rooms, pays one before its deadline, and the scheduler puts the other back on sale', async () => {
    const { call } = await signInOverHttp(server);
    const request = {
      destination: { city_id: LONDON },
      check_in: dayAfter(server, 35),
      check_out: dayAfter(server, 37),
      rooms: [{ adults: 2 }],
      filters: { refundable_only: true },
      options: 'all',
    };
    const first = (await call('POST', '/search_hotels', request)).body.data[0];
    const code = first.options[0].room_type.code;
    await limitRooms(server, first.hotel.id, code, 35, 2, 2);

    /** The hotel's options of that room type now, as anyone searching sees them. */
    const onSale = async (who = call) => {
      const found = await who('POST', '/search_hotels', {
        ...request,
        destination: { hotel_ids: [first.hotel.id] },
      });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      return (found.body.data[0]?.options ?? []).filter((o: any) => o.room_type.code === code);
    };
    let holds = 0;
    const holdOne = async (family: string) => {
      const option = (await onSale())[0];
      assert.ok(option, 'a room of the type is on sale');
      const res = await call(
        'POST',
        '/book_hotel',
        {
          rate_key: option.rate_key,
          type: 'hold',
          holder: HOLDER,
          rooms: [{ guests: guestsFor({ adults: 2 }, family) }],
          expected_total: { amount: option.total_amount, currency: option.currency },
        },
        { 'idempotency-key': `hold-${holds++}` },
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.status, 'held');
      return res.body;
    };
    const paid = await holdOne('Brontë');
    const lapsing = await holdOne('Shelley');
    assert.deepEqual(await onSale(), [], 'both rooms are kept for the holds');

    server.clock.advance(30 * 60);
    const pay = await call('POST', '/pay_booking', {
      booking_id: paid.id,
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    assert.equal(pay.status, 200, JSON.stringify(pay.body));
    assert.deepEqual([pay.body.status, pay.body.payment.amount], ['confirmed', paid.total_amount]);

    // The other is not paid: a day later the sweep lets it go.
    server.clock.advance(24 * 3_600);
    await server.scheduler.run('hotels.hold_expiry');
    const { call: nextTraveller } = await signInOverHttp(server);
    const admin = await signInOverHttp(server, 'admin');
    const read = async (id: string) => (await admin.call('GET', `/booking?id=${id}`)).body;
    assert.equal((await read(lapsing.id)).status, 'expired');
    assert.equal((await read(paid.id)).status, 'confirmed', 'the paid hold stays');
    const back = await onSale(nextTraveller);
    assert.ok(back.length > 0, 'the lapsed hold’s room is for sale again');
    const booked = await nextTraveller(
      'POST',
      '/book_hotel',
      {
        rate_key: back[0].rate_key,
        holder: HOLDER,
        rooms: [{ guests: guestsFor({ adults: 2 }, 'Keats') }],
        expected_total: { amount: back[0].total_amount, currency: back[0].currency },
        payment: { type: 'card', card_token: 'tok_visa' },
      },
      { 'idempotency-key': 'after-the-hold' },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.deepEqual(await onSale(nextTraveller), [], 'and sold once');
  });
});
