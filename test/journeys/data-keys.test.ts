import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { dataSealer } from '../../src/db/data-keys.ts';
import { resealSecondFactors } from '../../src/modules/auth/index.ts';
import { codeAt } from '../../src/modules/auth/second-factor.ts';
import { flightBookingCodec } from '../../src/modules/flights/booking/flight-booking-record.ts';
import { resealFlightBookings } from '../../src/modules/flights/index.ts';
import { resealTravellerProfiles } from '../../src/modules/travellers/index.ts';
import { createSealer } from '../../src/shared/sealed-data.ts';
import { signIn } from '../helpers/factories.ts';
import { bookFlight, bookingBody, firstOffer, searchBody, seedFlights } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

/**
 * Rotating the key of personal data: a new key put first in DATA_KEYS, `itinera data reseal` seals every
 * booking's passengers, traveller profile and second factor again with it; the old key can then go.
 */
describe('a data key rotated', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { DATA_KEYS: `old:${oldKey.toString('base64')}` } });
    await seedFlights(t);
  });
  after(() => t.close());

  it('seals everything again with the new key, after which the old one is not needed', async () => {
    const customer = await signIn(t, 'customer');
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'JFK', 9]]));
    const booking = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: customer.auth, payload });
    await post('/create_traveller', { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10' });
    const { secret } = (
      await post('/start_second_factor', { current_password: customer.user.password })
    ).json();
    assert.equal(
      (await post('/confirm_second_factor', { code: codeAt(secret, t.clock.now()) })).statusCode,
      200,
    );

    const db = t.storage.db;
    const passengersOf = async () =>
      (
        await db
          .selectFrom('flight_bookings')
          .select('passengers')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow()
      ).passengers;
    assert.match(await passengersOf(), /"sealed":"s1\.old\./);

    const rotated = await dataSealer(db, [
      { id: 'new', key: newKey },
      { id: 'old', key: oldKey },
    ]);
    assert.ok((await resealFlightBookings(db, rotated)) >= 1);
    assert.equal(await resealTravellerProfiles(db, rotated), 1);
    assert.equal(await resealSecondFactors(db, rotated), 1);
    assert.equal(await resealFlightBookings(db, rotated), 0, 'nothing left to seal again');

    // Only the new key now: every value opens.
    const onlyNew = createSealer([{ id: 'new', key: newKey }]);
    const [passenger] = flightBookingCodec(onlyNew).passengersOf(await passengersOf());
    assert.equal(passenger!.born_on, '1985-03-14');
    const profile = await db
      .selectFrom('traveller_profiles')
      .select(['id', 'sealed'])
      .executeTakeFirstOrThrow();
    assert.match(onlyNew.open(profile.sealed, `traveller_profile:${profile.id}`), /1985-12-10/);
    const factor = await db.selectFrom('second_factors').selectAll().executeTakeFirstOrThrow();
    assert.equal(onlyNew.open(factor.secret, `second_factor:${factor.user_id}`), secret);
  });
});
