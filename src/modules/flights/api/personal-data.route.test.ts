import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * A traveller's birth date and passport are sealed in the database and shown to the booking's owner; the
 * passport number goes DOCUMENT_RETENTION_DAYS after the travel, the rest of the booking stays.
 */
describe('travellers’ personal data at rest', () => {
  let t: TestApp;
  let customer: Record<string, string>;
  before(async () => {
    t = await buildTestApp({ env: { DOCUMENT_RETENTION_DAYS: '30' } });
    await seedFlights(t);
    customer = (await signIn(t, 'customer')).auth;
  });
  after(() => t.close());

  const stored = async (id: string) =>
    (
      await t.storage.db
        .selectFrom('flight_bookings')
        .select('passengers')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).passengers;

  it('keeps the birth date and passport sealed, and shows them to the booking’s owner', async () => {
    const offer = await firstOffer(t, customer, searchBody(t, [['LHR', 'JFK', 10]]));
    const booked = await bookFlight(t, customer, bookingBody(offer));
    assert.equal(booked.statusCode, 201, booked.body);
    const row = await stored(booked.json().id);
    assert.doesNotMatch(row, /1985-03-14|P1000000|2035-01-01/, row);
    assert.match(row, /"sealed":"s1\.db\./);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/booking?id=${booked.json().id}`, headers: customer })
    ).json();
    assert.equal(shown.passengers[0].born_on, '1985-03-14');
    assert.ok(shown.passengers[0].document, 'the document is shown (masked)');
  });

  it('deletes passport numbers once the travel is DOCUMENT_RETENTION_DAYS past, and nothing before', async () => {
    const offer = await firstOffer(t, customer, searchBody(t, [['LHR', 'JFK', 5]]));
    const id = (await bookFlight(t, customer, bookingBody(offer))).json().id;
    assert.equal(await t.flights.forgetPastDocuments(t.clock.now()), 0, 'nothing has flown');
    t.clock.advance(86_400 * 20);
    assert.equal(await t.flights.forgetPastDocuments(t.clock.now()), 0, 'flown, not yet 30 days ago');
    t.clock.advance(86_400 * 30);
    assert.ok((await t.flights.forgetPastDocuments(t.clock.now())) >= 1);
    // The customer's token has long expired; an admin signed in now reads the booking.
    const admin = (await signIn(t, 'admin')).auth;
    const shown = (await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: admin })).json();
    assert.equal(shown.passengers[0].document, null);
    assert.equal(shown.passengers[0].born_on, '1985-03-14', 'the rest stays');
    assert.equal(shown.status, 'confirmed');
    assert.equal(await t.flights.forgetPastDocuments(t.clock.now()), 0, 'once only');
  });
});
