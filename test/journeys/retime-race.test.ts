import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
} from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * One process retimes a flight while another books it on offers found before: every booking either
 * departs at the new time or is told of it (`schedule_changed`), never left at the old time unaware.
 */
describe('bookings racing a retime in another process', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let operator: TestApp;
  let seller: TestApp;
  before(async () => {
    storage = await openTestStorage();
    operator = await buildTestApp({ storage });
    seller = await buildTestApp({ storage });
    await operator.flights.importNetwork({
      schedules: [scheduleRecord(operator, 'LH', 190, ['FRA', 'MUC'], '06:40', 55)],
      fares: [
        fareRecord('LH', ['FRA', 'MUC'], 'light', {
          currency: 'EUR',
          adult: 8_000,
          child: 8_000,
          tax: 2_000,
        }),
      ],
    });
    await operator.flights.refreshNetwork();
    await seller.flights.refreshNetwork();
  });
  after(async () => {
    await operator?.close();
    await seller?.close();
    await storage?.close();
  });

  it('leaves no booking at the old time without a change, round after round', async () => {
    const admin = (await signIn(operator, 'admin')).auth;
    const traveller = (await signIn(seller)).auth;
    for (let round = 0; round < 4; round++) {
      const days = 20 + round;
      const search = await seller.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: traveller,
        payload: searchBody(seller, [['FRA', 'MUC', days]], { max_connections: 0 }),
      });
      const offer = search.json().data[0];
      assert.match(offer.slices[0].segments[0].departing_at, /T06:40:00/);
      const bookings = Array.from({ length: 6 }, () => bookFlight(seller, traveller, bookingBody(offer)));
      const retime = operator.app.inject({
        method: 'POST',
        url: '/retime_flight',
        headers: admin,
        payload: {
          flight_id: offer.slices[0].segments[0].flight_id,
          departure_date: dayAfter(operator, days),
          departure_time: '22:05',
          reason: 'slot',
        },
      });
      const [retimed, ...made] = await Promise.all([retime, ...bookings]);
      assert.equal(retimed.statusCode, 200, retimed.body);
      for (const res of made) {
        assert.equal(res.statusCode, 201, res.body);
        const { id } = res.json();
        const now = (
          await seller.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: traveller })
        ).json();
        const departing =
          now.status === 'schedule_changed' ? now.schedule_change.current : now.slices[0].segments[0];
        assert.match(
          departing.departing_at,
          /T22:05:00/,
          `round ${round}: ${now.reference} is ${now.status}`,
        );
      }
      await seller.flights.refreshNetwork();
    }
  });
});
