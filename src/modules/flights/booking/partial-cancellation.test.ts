import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FlightService, SeatService } from '../ancillaries/ancillaries.ts';
import type { PriceBreakdown } from '../search/fare-rules.ts';
import { combinePrices } from '../search/offer-builder.ts';
import { totalled } from '../search/selling-price.ts';
import type { SliceFares, StoredItinerary, StoredPassenger } from './flight-booking-record.ts';
import { saleOf } from './flight-booking-record.ts';
import { cancelPassengers, cancelSlices, type PartialBooking } from './partial-cancellation.ts';

const NOW = new Date('2026-12-01T10:00:00Z');

/** One slice's selling price for two adults, a child and an infant. */
function slicePrice(adult: number, tax: number): PriceBreakdown {
  return totalled({
    currency: 'EUR',
    base_amount: 0,
    tax_amount: 0,
    total_amount: 0,
    passengers: [
      { type: 'adult', count: 2, base_amount: adult, tax_amount: tax, total_amount: adult + tax },
      {
        type: 'child',
        count: 1,
        base_amount: adult - 2_000,
        tax_amount: tax,
        total_amount: adult - 2_000 + tax,
      },
      { type: 'infant', count: 1, base_amount: 1_000, tax_amount: 500, total_amount: 1_500 },
    ],
  });
}

const conditions = (refundable: boolean, penalty: number) => ({
  change: { allowed: true, penalty_amount: 3_000, penalty_currency: 'EUR' },
  refund: refundable
    ? { allowed: true, penalty_amount: penalty, penalty_currency: 'EUR' }
    : { allowed: false, penalty_amount: null, penalty_currency: null },
});

function segment(flight: string, date: string, at: string) {
  return {
    flight_id: flight,
    departure_date: date,
    carrier: 'BA',
    carrier_name: 'British Airways',
    flight_number: flight.toUpperCase(),
    aircraft: '320',
    origin: 'LHR',
    destination: 'DUB',
    departing_at: at,
    arriving_at: at,
    origin_time_zone: 'Europe/London',
    destination_time_zone: 'Europe/Dublin',
    duration_minutes: 80,
    connection_minutes: null,
  };
}

const slices = [
  {
    origin: 'LHR',
    destination: 'DUB',
    departure_date: '2026-12-10',
    duration_minutes: 80,
    connections: 0,
    segments: [segment('out', '2026-12-10', '2026-12-10T08:00:00+00:00')],
  },
  {
    origin: 'DUB',
    destination: 'LHR',
    departure_date: '2026-12-17',
    duration_minutes: 80,
    connections: 0,
    segments: [segment('back', '2026-12-17', '2026-12-17T18:00:00+00:00')],
  },
];

const passengers: StoredPassenger[] = [
  {
    id: 'pax_a',
    type: 'adult',
    title: 'ms',
    given_name: 'Ada',
    family_name: 'One',
    gender: 'f',
    born_on: '1980-01-01',
  },
  {
    id: 'pax_b',
    type: 'adult',
    title: 'mr',
    given_name: 'Bob',
    family_name: 'Two',
    gender: 'm',
    born_on: '1981-01-01',
  },
  {
    id: 'pax_c',
    type: 'child',
    title: 'miss',
    given_name: 'Cy',
    family_name: 'Two',
    gender: 'f',
    born_on: '2018-01-01',
  },
  {
    id: 'pax_i',
    type: 'infant',
    title: 'miss',
    given_name: 'Ivy',
    family_name: 'Two',
    gender: 'f',
    born_on: '2026-01-01',
  },
];

const seat = (passenger: string, slice: number, designator: string, amount: number): SeatService => ({
  id: `svc_${passenger}_${slice}`,
  type: 'seat',
  passenger_id: passenger,
  slice,
  segment: 0,
  flight_id: slice === 0 ? 'out' : 'back',
  departure_date: slices[slice]!.departure_date,
  designator,
  amount,
  added_at: '2026-11-30T00:00:00Z',
});

function booking(
  options: { refundable?: boolean; status?: PartialBooking['status']; services?: FlightService[] } = {},
) {
  const refundable = options.refundable ?? true;
  const fares: SliceFares[] = [
    { price: slicePrice(20_000, 3_000), conditions: conditions(refundable, 4_000) },
    { price: slicePrice(10_000, 1_000), conditions: conditions(refundable, 2_000) },
  ];
  const price = combinePrices(fares.map((f) => f.price))!;
  const itinerary: StoredItinerary = {
    cabin: 'economy',
    brand: 'standard',
    slices,
    price,
    conditions: conditions(refundable, 6_000),
    baggage: { checked: 1, cabin: 1 },
    refund_terms: { refundable, penalty_per_passenger: 6_000 },
    fares_by_slice: fares,
    pricing: {
      rule_id: 'prl_1',
      rule_version: 1,
      net_amount: price.total_amount - 10_000,
      markup_amount: 10_000,
      commission_amount: 5_000,
    },
    services: options.services ?? [],
    service_terms: {
      seat_fees: [[{ standard: 0, preferred: 0 }], [{ standard: 0, preferred: 0 }]],
      extra_bags: [null, null],
    },
  };
  return { status: options.status ?? 'confirmed', itinerary, passengers } satisfies PartialBooking;
}

const noExit = () => false;

describe('cancelling passengers on their own', () => {
  it('gives back an adult’s fares less the penalty on a refundable fare, with their seat, and keeps the sums whole', () => {
    const b = booking({ services: [seat('pax_b', 0, '12A', 1_500), seat('pax_a', 0, '12B', 1_500)] });
    const cut = cancelPassengers(b, ['pax_b'], NOW, noExit);
    const adult = b.itinerary.price.passengers.find((p) => p.type === 'adult')!;
    assert.equal(cut.sale.total, adult.total_amount + 1_500);
    assert.equal(cut.sale.tax, adult.tax_amount);
    assert.equal(cut.penalty, 6_000);
    assert.equal(cut.refund, adult.total_amount + 1_500 - 6_000);
    assert.deepEqual(
      cut.passengers.map((p) => p.id),
      ['pax_a', 'pax_c', 'pax_i'],
    );
    assert.equal(cut.itinerary.price.passengers.find((p) => p.type === 'adult')!.count, 1);
    assert.equal(
      saleOf(cut.itinerary).total,
      saleOf(b.itinerary).total - cut.sale.total,
      'what stays plus what goes is what was sold',
    );
    assert.equal(
      cut.itinerary.fares_by_slice!.reduce((n, f) => n + f.price.total_amount, 0),
      cut.itinerary.price.total_amount,
      'slices still add up to the price',
    );
    assert.deepEqual(
      cut.seatsFreed.map((s) => s.designator),
      ['12A'],
    );
    assert.deepEqual(cut.release, { seated: 1, slices: [] });
    // Markup and commission go in proportion to the base fares given up.
    const share = adult.base_amount / b.itinerary.price.base_amount;
    assert.equal(cut.sale.markup, Math.round(10_000 * share));
    assert.equal(cut.itinerary.pricing!.markup_amount, 10_000 - cut.sale.markup);
    assert.equal(cut.itinerary.pricing!.commission_amount, 5_000 - cut.sale.commission);
    assert.equal(
      cut.itinerary.pricing!.net_amount + cut.itinerary.pricing!.markup_amount,
      cut.itinerary.price.total_amount,
    );
    assert.equal(cut.itinerary.cancelled_parts!.length, 1);
    assert.deepEqual(cut.itinerary.cancelled_parts![0]!.passengers, [
      { id: 'pax_b', type: 'adult', given_name: 'Bob', family_name: 'Two' },
    ]);
  });

  it('returns only the taxes on a non-refundable fare, and everything after the airline’s change', () => {
    const plain = cancelPassengers(booking({ refundable: false }), ['pax_c'], NOW, noExit);
    assert.equal(plain.refund, plain.sale.tax);
    assert.equal(plain.penalty, plain.sale.total - plain.sale.tax);
    const theirs = cancelPassengers(
      booking({ refundable: false, status: 'disrupted' }),
      ['pax_c'],
      NOW,
      noExit,
    );
    assert.equal(theirs.refund, theirs.sale.total);
    assert.equal(theirs.penalty, 0);
  });

  it('charges no penalty for an infant, who has no seat', () => {
    const cut = cancelPassengers(booking(), ['pax_i'], NOW, noExit);
    assert.equal(cut.penalty, 0);
    assert.equal(cut.refund, 3_000);
    assert.deepEqual(cut.release, { seated: 0, slices: [] });
  });

  it('keeps an adult for the children and one for each infant', () => {
    const refusal = (ids: string[], detail: RegExp, b = booking()) =>
      assert.throws(
        () => cancelPassengers(b, ids, NOW, noExit),
        (e: any) => {
          assert.equal(e.code, 'VALIDATION_FAILED');
          assert.match(e.extras.errors[0].detail, detail);
          return true;
        },
      );
    refusal(['pax_a', 'pax_b'], /without an adult/);
    refusal(['pax_a', 'pax_b', 'pax_c', 'pax_i'], /names every passenger/);
    refusal(['pax_x'], /is not a passenger/);
    refusal(['pax_a', 'pax_a'], /named twice/);
    const twins = {
      ...booking(),
      passengers: [...passengers, { ...passengers[3]!, id: 'pax_j', given_name: 'Jo' }],
    };
    refusal(['pax_a'], /more infants than adults/, twins);
    // With the infant going too, one adult is enough.
    assert.equal(cancelPassengers(twins, ['pax_a', 'pax_j'], NOW, noExit).passengers.length, 3);
  });

  it('refuses to hand an infant to an adult sitting in an exit row', () => {
    const b = booking({ services: [seat('pax_b', 0, '10C', 0)] });
    assert.throws(
      () => cancelPassengers(b, ['pax_a'], NOW, (s) => s.designator === '10C'),
      (e: any) => {
        assert.match(e.extras.errors[0].detail, /exit-row seat 10C/);
        return true;
      },
    );
    // The infant's adult was the first; cancelling the second keeps the infant where it was.
    assert.equal(cancelPassengers(b, ['pax_b'], NOW, (s) => s.designator === '10C').passengers.length, 3);
  });

  it('refuses once the trip has begun', () => {
    assert.throws(() => cancelPassengers(booking(), ['pax_b'], new Date('2026-12-10T07:30:00Z'), noExit), {
      code: 'CHANGE_NOT_ALLOWED',
    });
  });
});

describe('cancelling the last slices', () => {
  it('gives back the return’s own fares less its penalty, with what was bought on it', () => {
    const b = booking({ services: [seat('pax_a', 1, '3A', 1_200), seat('pax_a', 0, '3A', 1_200)] });
    const cut = cancelSlices(b, [1], NOW);
    const back = b.itinerary.fares_by_slice![1]!.price;
    assert.equal(cut.sale.total, back.total_amount + 1_200);
    assert.equal(cut.penalty, 2_000 * 3, 'the return fare’s penalty per seated passenger');
    assert.equal(cut.refund, cut.sale.total - cut.penalty);
    assert.equal(cut.itinerary.slices.length, 1);
    assert.deepEqual(cut.itinerary.price, b.itinerary.fares_by_slice![0]!.price);
    assert.equal(cut.itinerary.refund_terms.penalty_per_passenger, 4_000);
    assert.equal(cut.itinerary.conditions.change.penalty_amount, 3_000);
    assert.equal(cut.itinerary.service_terms!.seat_fees.length, 1);
    assert.deepEqual(
      cut.seatsFreed.map((s) => s.slice),
      [1],
    );
    assert.deepEqual(cut.release, { seated: 0, slices: [1] });
    assert.equal(saleOf(cut.itinerary).total, saleOf(b.itinerary).total - cut.sale.total);
    assert.deepEqual(cut.itinerary.cancelled_parts![0]!.slices, [
      { origin: 'DUB', destination: 'LHR', departure_date: '2026-12-17' },
    ]);
  });

  it('returns the return’s taxes on a non-refundable fare', () => {
    const cut = cancelSlices(booking({ refundable: false }), [1], NOW);
    assert.equal(cut.refund, booking().itinerary.fares_by_slice![1]!.price.tax_amount);
  });

  it('refuses the outbound alone, every slice, a departed slice, and a booking without fares by slice', () => {
    assert.throws(() => cancelSlices(booking(), [0], NOW), { code: 'CHANGE_NOT_ALLOWED' });
    assert.throws(() => cancelSlices(booking(), [0, 1], NOW), { code: 'VALIDATION_FAILED' });
    assert.throws(() => cancelSlices(booking(), [2], NOW), { code: 'VALIDATION_FAILED' });
    assert.throws(() => cancelSlices(booking(), [1], new Date('2026-12-17T17:30:00Z')), {
      code: 'VALIDATION_FAILED',
    });
    const old = booking();
    delete old.itinerary.fares_by_slice;
    assert.throws(() => cancelSlices(old, [1], NOW), { code: 'CHANGE_NOT_ALLOWED' });
  });

  it('drops an airline’s retime that concerned only the slice given up', () => {
    const b = booking({ status: 'schedule_changed' });
    const change = {
      flight_id: 'back',
      flight_number: 'BACK',
      departure_date: '2026-12-17',
      previous: { departing_at: 'x', arriving_at: 'x' },
      current: { departing_at: 'y', arriving_at: 'y' },
      connection_broken: false,
      slices,
    };
    b.itinerary.schedule_change = change;
    assert.equal(cancelSlices(b, [1], NOW).itinerary.schedule_change, undefined);
    b.itinerary.schedule_change = { ...change, flight_id: 'out', departure_date: '2026-12-10' };
    assert.equal(cancelSlices(b, [1], NOW).itinerary.schedule_change?.slices.length, 1);
    assert.equal(
      cancelSlices(b, [1], NOW).refund,
      cancelSlices(b, [1], NOW).sale.total,
      'after a retime: all back',
    );
  });
});
