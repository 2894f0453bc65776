import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * A change stays with the airline that issued the ticket: British Airways' own flights first, then its
 * oneworld partners', nearest the time booked; Virgin Atlantic (SkyTeam), however cheap, only when the
 * airline itself cancelled and nothing of its own or its partners' is left.
 */
describe('changes that keep the airline', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const fare = (carrier: string, adult: number) =>
      fareRecord(carrier, ['LHR', 'JFK'], 'standard', {
        adult,
        child: adult,
        change: { allowed: true, penalty: 0 },
      });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 117, ['LHR', 'JFK'], '08:25', 480),
        scheduleRecord(t, 'BA', 177, ['LHR', 'JFK'], '18:00', 480),
        scheduleRecord(t, 'AA', 101, ['LHR', 'JFK'], '09:00', 480),
        scheduleRecord(t, 'VS', 3, ['LHR', 'JFK'], '08:30', 480),
        // Amsterdam–Atlanta: KLM's nonstops, Delta's (SkyTeam), and a cheap connection via London on
        // easyJet and Virgin Atlantic.
        scheduleRecord(t, 'KL', 621, ['AMS', 'ATL'], '10:00', 600),
        scheduleRecord(t, 'KL', 623, ['AMS', 'ATL'], '15:00', 600),
        scheduleRecord(t, 'DL', 73, ['AMS', 'ATL'], '12:00', 600),
        // London–Boston: BA at 09:00, American ten minutes later for much less; both refundable, so a
        // change to American gives money back.
        scheduleRecord(t, 'BA', 213, ['LHR', 'BOS'], '09:00', 450),
        scheduleRecord(t, 'AA', 109, ['LHR', 'BOS'], '09:10', 450),
        scheduleRecord(t, 'U2', 8830, ['AMS', 'LGW'], '09:00', 60),
        scheduleRecord(t, 'VS', 103, ['LGW', 'ATL'], '11:30', 540),
      ],
      fares: [
        fare('BA', 50_000),
        fare('AA', 45_000),
        fare('VS', 20_000),
        ...(
          [
            // Refundable: a change to a cheaper flight gives money back.
            ['BA', 'LHR', 'BOS', 60_000, true],
            ['AA', 'LHR', 'BOS', 30_000, true],
            ['KL', 'AMS', 'ATL', 70_000, false],
            ['DL', 'AMS', 'ATL', 65_000, false],
            ['U2', 'AMS', 'LGW', 3_000, false],
            ['VS', 'LGW', 'ATL', 20_000, false],
          ] as const
        ).map(([carrier, from, to, adult, refundable]) =>
          fareRecord(carrier, [from, to], 'standard', {
            adult,
            child: adult,
            change: { allowed: true, penalty: 0 },
            refund: { allowed: refundable, penalty: 0 },
          }),
        ),
      ],
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const bookBa117 = async (days: number) => {
    const res = await post('/search_flight', searchBody(t, [['LHR', 'JFK', days]], { limit: 50 }));
    const offer = res
      .json()
      .data.find((o: any) => o.slices[0].segments[0].flight_number === 'BA117' && o.brand === 'standard');
    return (await bookFlight(t, auth, bookingBody(offer))).json();
  };
  const carriersOffered = async (bookingId: string, days: number) => {
    const res = await post('/search_changes', {
      booking_id: bookingId,
      slices: [{ slice: 0, departure_date: dayAfter(t, days) }],
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.map((o: any) => o.slices[0].segments.map((g: any) => g.flight_number).join('+'));
  };

  it('offers a British Airways booking BA first, nearest its time, then oneworld, never Virgin', async () => {
    const booking = await bookBa117(10);
    const offered = await carriersOffered(booking.id, 12);
    assert.deepEqual(offered.slice(0, 2), ['BA117', 'BA177'], 'its own flights, the one at its time first');
    assert.ok(offered.includes('AA101'), 'a oneworld partner’s flight');
    assert.ok(!offered.some((f: string) => f.startsWith('VS')), `no Virgin flight: ${offered}`);
  });

  it('offers BA first even when a partner’s flight would give money back, and keeps the BA ticket on AA', async () => {
    const res = await post('/search_flight', searchBody(t, [['LHR', 'BOS', 30]], { limit: 50 }));
    const offer = res.json().data.find((o: any) => o.slices[0].segments[0].flight_number === 'BA213');
    assert.ok(offer, 'BA213');
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    assert.match(booking.passengers[0].ticket_number, /^125\d{10}$/, 'a BA ticket');
    const changes = async (days: number) => {
      const found = await post('/search_changes', {
        booking_id: booking.id,
        slices: [{ slice: 0, departure_date: dayAfter(t, days) }],
      });
      assert.equal(found.statusCode, 200, found.body);
      return found.json().data as any[];
    };
    const offered = await changes(32);
    const flights = offered.map((o) => o.slices[0].segments[0].flight_number);
    assert.deepEqual(flights, ['BA213', 'AA109'], 'its own airline first, then the partner');
    assert.ok(
      offered[1].change_total_amount < offered[0].change_total_amount,
      'the partner gives money back',
    );

    const changed = await post(
      '/change_booking',
      {
        change_offer_id: offered[1].id,
        expected_total: { amount: offered[1].new_total_amount, currency: 'GBP' },
      },
      { ...auth, 'idempotency-key': `to-aa-${booking.id}` },
    );
    assert.equal(changed.statusCode, 200, changed.body);
    const moved = changed.json();
    assert.equal(moved.slices[0].segments[0].carrier, 'AA');
    const reissued = moved.passengers[0].ticket_number;
    assert.match(reissued, /^125\d{10}$/, 'reissued by British Airways, which holds the ticket');
    assert.notEqual(reissued, booking.passengers[0].ticket_number);
    const ticket = moved.tickets.find((x: any) => x.number === reissued);
    assert.equal(ticket.validating_carrier, 'BA');
    assert.equal(ticket.exchange.original_number, booking.passengers[0].ticket_number);

    // Changed again, the booking is still British Airways': its flights first.
    assert.equal((await changes(34))[0].slices[0].segments[0].flight_number, 'BA213');
  });

  it('moves it to another airline only when the airline cancelled and nothing of its own or partners flies', async () => {
    const booking = await bookBa117(15);
    const cancel = await post(
      '/cancel_flight',
      { flight_id: booking.slices[0].segments[0].flight_id, departure_date: dayAfter(t, 15), reason: 'crew' },
      admin,
    );
    assert.equal(cancel.statusCode, 200, cancel.body);
    for (const flight of ['BA177', 'AA101']) {
      const id = (
        await t.storage.db
          .selectFrom('flight_schedules')
          .select('id')
          .where('carrier', '=', flight.slice(0, 2))
          .where('flight_number', '=', Number(flight.slice(2)))
          .executeTakeFirstOrThrow()
      ).id;
      const res = await post(
        '/cancel_flight',
        { flight_id: id, departure_date: dayAfter(t, 16), reason: 'crew' },
        admin,
      );
      assert.equal(res.statusCode, 200, res.body);
    }
    const ba117 = booking.slices[0].segments[0].flight_id;
    await post(
      '/cancel_flight',
      { flight_id: ba117, departure_date: dayAfter(t, 16), reason: 'crew' },
      admin,
    );
    await t.flights.refreshNetwork(); // this process's network, as its next poll would bring it
    assert.deepEqual(await carriersOffered(booking.id, 16), ['VS3'], 'nothing else flies that day');
    assert.deepEqual(
      (await carriersOffered(booking.id, 17)).slice(0, 2),
      ['BA117', 'BA177'],
      'a day its own airline flies: its own flights',
    );
  });

  it('re-accommodates a retimed KLM nonstop on KLM and Delta, never the cheaper connection via London', async () => {
    const res = await post('/search_flight', searchBody(t, [['AMS', 'ATL', 20]], { limit: 50 }));
    const offer = res.json().data.find((o: any) => o.slices[0].segments[0].flight_number === 'KL621');
    assert.ok(offer, 'KL621');
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const retimed = await post(
      '/retime_flight',
      {
        flight_id: booking.slices[0].segments[0].flight_id,
        departure_date: dayAfter(t, 20),
        departure_time: '16:30',
        reason: 'aircraft change',
      },
      admin,
    );
    assert.equal(retimed.statusCode, 200, retimed.body);
    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 20) }],
    });
    assert.equal(found.statusCode, 200, found.body);
    const offered = found
      .json()
      .data.map((o: any) => o.slices[0].segments.map((g: any) => g.flight_number).join('+'));
    assert.ok(offered.length > 0);
    assert.ok(offered.includes('KL623') && offered.includes('DL73'), `KLM and Delta: ${offered}`);
    assert.ok(
      offered.every((f: string) => f.startsWith('KL') || f.startsWith('DL')),
      `no other airline while KLM or a partner flies: ${offered}`,
    );
  });
});
