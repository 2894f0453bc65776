import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  infant,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

const FARE = 40_000;
const TAX = 9_000;
const INFANT = 4_000;
const INFANT_TAX = 2_000;
const PENALTY = 5_000;
const SEAT = 1_500;
const BAG = 4_500;

/** The remainder of the ten-digit document number modulo 7, worked digit by digit. */
const mod7 = (number: string) => [...number.slice(3)].reduce((r, d) => (r * 10 + Number(d)) % 7, 0);

/**
 * Tickets as the airline issues them: British Airways' accounting code 125 and a check digit on every
 * e-ticket and EMD, EMDs tied to the coupons they serve, a new ticket with its exchange record on every
 * change, refunded with a cancellation; none from an airline that sells without tickets.
 */
describe('e-tickets and EMDs', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const fare = (carrier: string, route: [string, string]) =>
      fareRecord(carrier, route, 'standard', {
        adult: FARE,
        child: FARE,
        infant: INFANT,
        tax: TAX,
        infant_tax: INFANT_TAX,
        change: { allowed: true, penalty: PENALTY },
        refund: { allowed: true, penalty: 0 },
        seat_fees: { standard: SEAT, preferred: SEAT },
        extra_bags: { amount: BAG, max: 2 },
      });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 117, ['LHR', 'JFK'], '08:25', 480),
        scheduleRecord(t, 'BA', 177, ['LHR', 'JFK'], '18:00', 480),
        scheduleRecord(t, 'BA', 112, ['JFK', 'LHR'], '19:00', 420),
        scheduleRecord(t, 'FR', 202, ['STN', 'DUB'], '07:00', 75),
      ],
      fares: [fare('BA', ['LHR', 'JFK']), fare('BA', ['JFK', 'LHR']), fare('FR', ['STN', 'DUB'])],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  let key = 0;
  const keyed = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'idempotency-key': `tickets-${++key}` },
      payload,
    });
  const offerFor = async (
    flights: string,
    slices: Array<[string, string, number]>,
    passengers: object = { adults: 1 },
  ) => {
    const res = await post('/search_flight', searchBody(t, slices, { limit: 50, passengers }));
    assert.equal(res.statusCode, 200, res.body);
    const offer = res
      .json()
      .data.find((o: any) => o.slices.map((s: any) => s.segments[0].flight_number).join('+') === flights);
    assert.ok(offer, `an offer on ${flights}`);
    return offer;
  };

  it('tickets a British Airways booking under 125, a ticket per passenger and an EMD for paid services', async () => {
    const offer = await offerFor(
      'BA117+BA112',
      [
        ['LHR', 'JFK', 10],
        ['JFK', 'LHR', 17],
      ],
      { adults: 1, infants: 1 },
    );
    const res = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult(), infant()], {
        seats: [{ passenger: 0, slice: 1, segment: 0, designator: '20A' }],
        bags: [{ passenger: 0, slice: 0, quantity: 1 }],
        expected_total: { amount: offer.total_amount + SEAT + BAG, currency: 'GBP' },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    const [grown, baby] = booking.passengers;
    const etickets = booking.tickets.filter((d: any) => d.type === 'eticket');
    const emds = booking.tickets.filter((d: any) => d.type === 'emd_associated');
    assert.deepEqual(
      etickets.map((d: any) => d.passenger_id),
      [grown.id, baby.id],
    );
    for (const d of booking.tickets) {
      assert.match(d.number, /^125\d{10}$/, 'British Airways’ accounting code');
      assert.equal(d.check_digit, mod7(d.number));
      assert.equal(d.printed_number, `125 ${d.number.slice(3)} ${d.check_digit}`);
      assert.equal(d.validating_carrier, 'BA');
      assert.equal(d.status, 'open');
    }
    assert.equal(new Set(booking.tickets.map((d: any) => d.number)).size, 3, 'every document its own number');
    assert.equal(grown.ticket_number, etickets[0].number);
    assert.equal(baby.ticket_number, etickets[1].number);
    assert.deepEqual(
      etickets[0].coupons.map((c: any) => [c.coupon, c.flight_number, c.origin, c.destination, c.status]),
      [
        [1, 'BA117', 'LHR', 'JFK', 'open'],
        [2, 'BA112', 'JFK', 'LHR', 'open'],
      ],
    );
    assert.deepEqual(
      etickets.map((d: any) => [d.fare_amount, d.tax_amount, d.total_amount]),
      [
        [2 * FARE, 2 * TAX, 2 * (FARE + TAX)],
        [2 * INFANT, 2 * INFANT_TAX, 2 * (INFANT + INFANT_TAX)],
      ],
      'each passenger’s fare and taxes over both flights',
    );
    assert.equal(emds.length, 1, 'the adult’s seat and bag on one EMD');
    const [emd] = emds;
    assert.equal(emd.passenger_id, grown.id);
    assert.equal(emd.total_amount, SEAT + BAG);
    const seatService = booking.services.find((s: any) => s.type === 'seat');
    const bagService = booking.services.find((s: any) => s.type === 'checked_bag');
    assert.deepEqual(
      emd.coupons.map((c: any) => [c.service_id, c.rfisc, c.amount, c.ticket_number, c.ticket_coupons]),
      [
        [seatService.id, '0B5', SEAT, grown.ticket_number, [2]],
        [bagService.id, '0CC', BAG, grown.ticket_number, [1]],
      ].sort(
        (a, b) =>
          booking.services.findIndex((s: any) => s.id === a[0]) -
          booking.services.findIndex((s: any) => s.id === b[0]),
      ),
    );
    assert.equal(
      booking.tickets.reduce((n: number, d: any) => n + d.total_amount, 0),
      booking.price.total_amount,
      'the documents add up to what was paid',
    );
  });

  it('reissues a changed booking: a new 125 ticket with its exchange record, the old one exchanged', async () => {
    const offer = await offerFor('BA117', [['LHR', 'JFK', 20]]);
    const booked = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult()], {
        seats: [{ passenger: 0, slice: 0, segment: 0, designator: '21C' }],
        expected_total: { amount: offer.total_amount + SEAT, currency: 'GBP' },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    const old = booking.passengers[0].ticket_number;
    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 22) }],
    });
    assert.equal(found.statusCode, 200, found.body);
    const option = found.json().data.find((o: any) => o.slices[0].segments[0].flight_number === 'BA177');
    assert.ok(option, 'BA177 two days later');
    const res = await keyed('/change_booking', {
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: 'GBP' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const changed = res.json();
    const now = changed.passengers[0].ticket_number;
    assert.match(now, /^125\d{10}$/);
    assert.notEqual(now, old, 'a new ticket number');
    const byNumber = new Map(changed.tickets.map((d: any) => [d.number, d]));
    const original: any = byNumber.get(old);
    const reissued: any = byNumber.get(now);
    assert.equal(original.status, 'exchanged');
    assert.ok(original.coupons.every((c: any) => c.status === 'exchanged'));
    assert.deepEqual(
      reissued.coupons.map((c: any) => [c.flight_number, c.departure_date, c.status]),
      [['BA177', dayAfter(t, 22), 'open']],
    );
    const difference = reissued.total_amount - original.total_amount;
    assert.deepEqual(reissued.exchange, {
      original_number: old,
      original_amount: original.total_amount,
      penalty_amount: PENALTY,
      additional_collection_amount: Math.max(0, difference) + PENALTY,
      residual_amount: Math.max(0, -difference),
      residual_refunded: difference < 0,
    });
    const emd: any = changed.tickets.find((d: any) => d.type === 'emd_associated');
    assert.equal(emd.status, 'forfeited', 'the seat on the flight given up is not refunded');
    assert.equal(emd.coupons[0].status, 'forfeited');
    assert.equal(changed.events.at(-1).type, 'changed');

    const read = await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: auth });
    assert.deepEqual(
      read.json().tickets.map((d: any) => [d.number, d.status]),
      changed.tickets.map((d: any) => [d.number, d.status]),
      'the register as read later',
    );
  });

  it('refunds the documents of a cancelled booking', async () => {
    const offer = await offerFor('BA117', [['LHR', 'JFK', 25]]);
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const quote = await post('/quote_cancellation', { booking_id: booking.id });
    assert.equal(quote.statusCode, 200, quote.body);
    const res = await keyed('/cancel_booking', { booking_id: booking.id, quote_id: quote.json().quote_id });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().tickets.map((d: any) => [d.number, d.status, d.coupons.map((c: any) => c.status)]),
      [[booking.passengers[0].ticket_number, 'refunded', ['refunded']]],
    );
  });

  it('issues no ticket for an airline that sells without them: the reference confirms it', async () => {
    const offer = await offerFor('FR202', [['STN', 'DUB', 10]]);
    const res = await bookFlight(t, auth, bookingBody(offer));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().status, 'confirmed');
    assert.equal(res.json().passengers[0].ticket_number, null);
    assert.deepEqual(res.json().tickets, []);
  });

  it('numbers 24 concurrent bookings of one airline each its own, with no number skipped', async () => {
    const offer = await offerFor('BA117', [['LHR', 'JFK', 30]]);
    const before = await t.storage.db
      .selectFrom('flight_tickets')
      .select('number')
      .where('carrier', '=', 'BA')
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => bookFlight(t, auth, bookingBody(offer))),
    );
    assert.ok(
      answers.every((r) => r.statusCode === 201),
      answers.map((r) => r.statusCode).join(),
    );
    const numbers = answers.map((r) => r.json().passengers[0].ticket_number as string);
    assert.equal(new Set(numbers).size, 24);
    const all = (
      await t.storage.db.selectFrom('flight_tickets').select('number').where('carrier', '=', 'BA').execute()
    ).map((r) => Number(r.number.slice(3)));
    assert.equal(all.length, before.length + 24);
    assert.equal(Math.max(...all) - Math.min(...all) + 1, all.length, 'the series has no gap');
  });
});

describe('an operator’s own accounting codes', () => {
  it('tickets a carrier under the code ACCOUNTING_CODES gives it', async () => {
    const t = await buildTestApp({ env: { ACCOUNTING_CODES: 'FR:224' } });
    try {
      await t.flights.importNetwork({
        schedules: [scheduleRecord(t, 'FR', 202, ['STN', 'DUB'], '07:00', 75)],
        fares: [fareRecord('FR', ['STN', 'DUB'], 'standard')],
      });
      await t.flights.refreshNetwork();
      const { auth } = await signIn(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: auth,
        payload: searchBody(t, [['STN', 'DUB', 10]]),
      });
      const booked = await bookFlight(t, auth, bookingBody(res.json().data[0]));
      assert.equal(booked.statusCode, 201, booked.body);
      assert.match(booked.json().passengers[0].ticket_number, /^224\d{10}$/);
    } finally {
      await t.close();
    }
  });
});
