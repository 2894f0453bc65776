import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../test/helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('POST /search_booking across products', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const flights: any[] = [];
  let hotel: any;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
    auth = (await signIn(t)).auth;
    for (const [d, name] of [
      [10, 'Jürgen'],
      [20, 'Grace'],
    ] as const) {
      const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'CDG', d]], { max_connections: 0 }));
      const res = await bookFlight(
        t,
        auth,
        bookingBody(offer, [{ ...adult(), given_name: name, family_name: 'Hopper' }]),
      );
      assert.equal(res.statusCode, 201, res.body);
      flights.push(res.json());
    }
    const { option } = await firstRate(t, auth, stay(t, 15, 2));
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    hotel = res.json();
  });
  after(() => t.close());

  const search = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/search_booking', headers: auth, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (r: { body: any }) => r.body.data.map((b: any) => b.id);

  it('searches hotel bookings by default and flight bookings with product: flight', async () => {
    assert.deepEqual(ids(await search({})), [hotel.id]);
    const all = await search({ product: 'flight' });
    assert.deepEqual(ids(all), [flights[1].id, flights[0].id]);
    assert.ok(all.body.data.every((b: any) => b.product === 'flight'));
    assert.deepEqual(ids(await search({ product: 'flight', name: 'jurgen hop' })), [flights[0].id]);
    assert.deepEqual(ids(await search({ product: 'flight', reference: flights[1].reference })), [
      flights[1].id,
    ]);
    assert.deepEqual(
      ids(await search({ product: 'flight', departure: { from: dayAfter(t, 15), to: dayAfter(t, 25) } })),
      [flights[1].id],
    );
    const sorted = await search({ product: 'flight', sort: 'departure', limit: 1 });
    assert.deepEqual(ids(sorted), [flights[0].id]);
    assert.equal(sorted.body.total_count, 2);
    const next = await search({
      product: 'flight',
      sort: 'departure',
      limit: 1,
      cursor: sorted.body.next_cursor,
    });
    assert.deepEqual(ids(next), [flights[1].id]);
    assert.deepEqual(ids(await search({ product: 'flight', statuses: ['held'] })), []);
  });

  it('tells the product from the criteria when the search does not name it', async () => {
    assert.deepEqual(
      ids(await search({ reference: flights[1].reference })),
      [flights[1].id],
      'six characters',
    );
    assert.deepEqual(ids(await search({ reference: hotel.reference })), [hotel.id], 'eight characters');
    assert.deepEqual(ids(await search({ departure: { from: dayAfter(t, 15), to: dayAfter(t, 25) } })), [
      flights[1].id,
    ]);
    const changed = await search({ statuses: ['schedule_changed'] });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(ids(changed), []);
    assert.deepEqual(ids(await search({ statuses: ['confirmed'] })), [hotel.id], 'both have it: hotels');
  });

  it('refuses a criterion, sort or status the product does not have, naming it', async () => {
    for (const [body, pointer] of [
      [{ product: 'flight', hotel_id: hotel.hotel.id }, '/hotel_id'],
      [{ product: 'flight', check_in: { from: dayAfter(t, 1) } }, '/check_in'],
      [{ product: 'flight', sort: 'check_in' }, '/sort'],
      [{ product: 'hotel', departure: { from: dayAfter(t, 1) } }, '/departure'],
      [{ product: 'hotel', statuses: ['disrupted'] }, '/statuses/0'],
      [{ product: 'flight', departure: { from: dayAfter(t, 9), to: dayAfter(t, 2) } }, '/departure'],
    ] as const) {
      const res = await search(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.errors[0].pointer, pointer, JSON.stringify(res.body));
    }
  });

  it('points a change sent to the other product’s operation at the right one', async () => {
    const cases = [
      ['/modify_hotel_booking', { booking_id: flights[0].id, special_requests: 'x' }, /update_booking/],
      [
        '/update_booking',
        { booking_id: hotel.id, contact: { email: 'a@example.com' } },
        /modify_hotel_booking/,
      ],
      ['/confirm_booking', { booking_id: hotel.id }, /modify_hotel_booking/],
    ] as const;
    for (const [url, payload, hint] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'if-match': '"v1"' },
        payload,
      });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().errors[0].pointer, '/booking_id');
      assert.match(res.json().detail, hint);
    }
  });
});
