import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postToken, signIn } from '../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../test/helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * A person's data (GDPR): exported whole by them or an admin (art. 15); erased by an admin once nothing
 * booked is still ahead (art. 17), the bookings and money kept with the people in them replaced.
 */
describe('a person’s data', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  it('is exported to its owner and to admins only, and erased once its travel is over', async () => {
    const person = await signIn(t, 'customer');
    const offer = await firstOffer(t, person.auth, searchBody(t, [['LHR', 'JFK', 5]]));
    const flight = (await bookFlight(t, person.auth, bookingBody(offer))).json();
    const rooms = [{ adults: 1 }];
    const { option } = await firstRate(t, person.auth, stay(t, 6, 2, { rooms }));
    const hotelBooked = await bookHotel(
      t,
      person.auth,
      hotelBookingBody({ rate_key: option.rate_key }, rooms, {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(hotelBooked.statusCode, 201, hotelBooked.body);
    const hotel = hotelBooked.json();
    await t.app.inject({
      method: 'POST',
      url: '/create_traveller',
      headers: person.auth,
      payload: { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10' },
    });
    await t.mail.sendDue();

    const own = await t.app.inject({ method: 'GET', url: '/personal_data', headers: person.auth });
    assert.equal(own.statusCode, 200, own.body);
    assert.match(String(own.headers['content-disposition']), /attachment; filename="personal-data-usr_/);
    const data = own.json();
    assert.equal(data.account.username, person.user.username);
    assert.equal(data.traveller_profiles.length, 1);
    assert.deepEqual(data.bookings.map((b: { id: string }) => b.id).sort(), [flight.id, hotel.id].sort());
    const flown = data.bookings.find((b: { id: string }) => b.id === flight.id);
    assert.equal(flown.passengers[0].document.number, 'P1000000', 'documents whole, to their owner');
    assert.ok(data.audit_events.some((e: { action: string }) => e.action === 'sign_in.succeeded'));
    const other = (await signIn(t, 'customer')).auth;
    const url = `/personal_data?user_id=${person.user.id}`;
    assert.equal((await t.app.inject({ method: 'GET', url, headers: other })).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode, 200);

    const erase = () =>
      t.app.inject({
        method: 'POST',
        url: '/erase_personal_data',
        headers: admin,
        payload: { user_id: person.user.id },
      });
    const early = await erase();
    assert.equal(early.statusCode, 409, early.body);
    assert.deepEqual(early.json().references.sort(), [flight.reference, hotel.reference].sort());

    t.clock.advance(86_400 * 10);
    const freshAdmin = (await signIn(t, 'admin')).auth;
    const erased = await t.app.inject({
      method: 'POST',
      url: '/erase_personal_data',
      headers: freshAdmin,
      payload: { user_id: person.user.id },
    });
    assert.equal(erased.statusCode, 200, erased.body);
    assert.deepEqual(
      { bookings: erased.json().bookings, traveller_profiles: erased.json().traveller_profiles },
      { bookings: 2, traveller_profiles: 1 },
    );
    assert.ok(erased.json().mails >= 1, 'the addresses mails went to');

    // The bookings stay, with nobody in them; the account cannot sign in; no trace of the name.
    const seen = (id: string) =>
      t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: freshAdmin }).then((r) => r.json());
    const f = await seen(flight.id);
    assert.deepEqual([f.passengers[0].given_name, f.passengers[0].family_name], ['Erased', 'Traveller']);
    assert.equal(f.passengers[0].document, null);
    assert.equal(f.contact.email, 'erased@erased.invalid');
    assert.equal(f.status, 'confirmed');
    assert.equal(f.price.total_amount, flight.price.total_amount, 'the money as it was');
    const h = await seen(hotel.id);
    assert.equal(h.holder.family_name, 'Guest');
    const again = await postToken(t, {
      grant_type: 'password',
      client_id: person.client.clientId,
      username: person.user.username,
      password: person.user.password,
    });
    assert.equal(again.json().error, 'invalid_grant');
    const dump = JSON.stringify(
      await Promise.all([
        t.storage.db.selectFrom('users').selectAll().where('id', '=', person.user.id).execute(),
        t.storage.db.selectFrom('traveller_profiles').selectAll().execute(),
        t.storage.db
          .selectFrom('audit_events')
          .select(['actor_name'])
          .where('actor_id', '=', person.user.id)
          .execute(),
        t.storage.db.selectFrom('email_messages').select('recipient').execute(),
        t.storage.db.selectFrom('hotel_bookings').selectAll().where('id', '=', hotel.id).execute(),
      ]),
    );
    assert.doesNotMatch(
      dump,
      new RegExp(`${person.user.username}|Lovelace|traveller@example.com|ada@example.com`),
    );
    const log = await t.app.inject({
      method: 'GET',
      url: `/audit_events?action=personal_data&target_id=${person.user.id}`,
      headers: freshAdmin,
    });
    assert.equal(log.json().data[0].action, 'personal_data.erased');
  });
});
