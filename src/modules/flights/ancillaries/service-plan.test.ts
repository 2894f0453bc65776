import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';
import { extraBagsOfSlice } from '../inventory/bag-rules.ts';
import type { FlightService } from './ancillaries.ts';
import { planServices, sittersOf, type TripForServices } from './service-plan.ts';

const economy = DEMO_SEAT_LAYOUTS.find((l) => l.aircraft === '320')!.cabins.find(
  (c) => c.cabin === 'economy',
)!;

/** Two slices: out on two flights with seat maps, back on one without. */
function trip(over: Partial<TripForServices> = {}): TripForServices {
  return {
    passengers: [
      { id: 'p1', type: 'adult' },
      { id: 'p2', type: 'adult' },
      { id: 'p3', type: 'child' },
      { id: 'p4', type: 'infant' },
    ],
    flights: [
      [
        { flightId: 'f1', date: '2026-12-01', layout: economy },
        { flightId: 'f2', date: '2026-12-01', layout: economy },
      ],
      [{ flightId: 'f3', date: '2026-12-08', layout: undefined }],
    ],
    terms: {
      seat_fees: [
        [
          { standard: 1_500, preferred: 3_900 },
          { standard: 0, preferred: 2_900 },
        ],
        [{ standard: 0, preferred: 0 }],
      ],
      extra_bags: [{ amount: 4_500, max: 2 }, null],
    },
    held: [],
    ...over,
  };
}

let n = 0;
const make = { id: () => `svc_${++n}`, at: '2026-11-23T10:00:00.000Z', passengerField: 'passenger_id' };
const seat = (passenger_id: string, designator: string, slice = 0, segment = 0) => ({
  passenger_id,
  slice,
  segment,
  designator,
});

describe('services: seats', () => {
  it('prices each seat by the fare of its flight: standard, preferred (legroom, exit), or free', () => {
    const plan = planServices(
      { seats: [seat('p2', '20A'), seat('p2', '4C', 0, 1), seat('p3', '20B'), seat('p2', '20C', 0, 1)] },
      trip(),
      make,
    );
    assert.deepEqual(plan.errors, [
      { pointer: '/seats/3/passenger_id', detail: 'is given two seats on one flight' },
    ]);
    assert.deepEqual(
      plan.added.map((s) => [s.passenger_id, s.type === 'seat' && s.designator, s.amount]),
      [
        ['p2', '20A', 1_500],
        ['p2', '4C', 2_900],
        ['p3', '20B', 1_500],
      ],
    );
  });

  it('keeps exit rows from children and the adult carrying the infant, and infants from seats', () => {
    assert.deepEqual(
      [...sittersOf(trip().passengers)].map(([id, s]) => [
        id,
        s && `${s.type}${s.withInfant ? '+infant' : ''}`,
      ]),
      [
        ['p1', 'adult+infant'],
        ['p2', 'adult'],
        ['p3', 'child'],
        ['p4', null],
      ],
    );
    const plan = planServices(
      { seats: [seat('p1', '12A'), seat('p3', '11F'), seat('p4', '20A'), seat('p2', '12A')] },
      trip(),
      make,
    );
    assert.deepEqual(
      plan.errors.map((e) => e.pointer),
      ['/seats/0/designator', '/seats/1/designator', '/seats/2/passenger_id'],
    );
    assert.match(plan.errors[0]!.detail, /exit row/);
    assert.deepEqual(
      plan.added.map((s) => s.amount),
      [3_900],
      'an adult alone may sit at the exit, at the preferred fee',
    );
  });

  it('refuses seats that do not exist, are chosen twice, cannot be chosen, or are on flights without a map', () => {
    const closed = trip({
      terms: {
        ...trip().terms,
        seat_fees: [
          [{ standard: null, preferred: null }, trip().terms.seat_fees[0]![1]!],
          [{ standard: 0, preferred: 0 }],
        ],
      },
    });
    const plan = planServices(
      {
        seats: [
          seat('p1', '13A', 0, 1),
          seat('p2', '20A', 0, 1),
          seat('p3', '20A', 0, 1),
          seat('p2', '20A'),
          seat('p2', '5A', 1, 0),
          seat('p2', '5A', 2, 0),
          seat('p2', '5A', 0, 2),
          seat('nobody', '5A', 0, 1),
        ],
      },
      closed,
      make,
    );
    assert.deepEqual(
      plan.errors.map((e) => `${e.pointer}: ${e.detail}`),
      [
        '/seats/0/designator: is not a seat of this cabin',
        '/seats/2/designator: is chosen twice on one flight',
        '/seats/3/designator: cannot be chosen on this fare; it is assigned at check-in',
        '/seats/4: this flight has no seat map: seats are assigned at check-in',
        '/seats/5/slice: is not a slice of the trip',
        '/seats/6/segment: is not a flight of this slice',
        '/seats/7/passenger_id: is not a passenger of this booking',
      ],
    );
    assert.equal(plan.added.length, 1);
  });

  it('moves a passenger who has a seat, giving the old one up, and refuses the seat they hold', () => {
    const held: FlightService[] = [
      {
        id: 'svc_old',
        type: 'seat',
        passenger_id: 'p2',
        slice: 0,
        segment: 0,
        flight_id: 'f1',
        departure_date: '2026-12-01',
        designator: '20A',
        amount: 1_500,
        added_at: make.at,
      },
    ];
    const moved = planServices({ seats: [seat('p2', '21A')] }, trip({ held }), make);
    assert.deepEqual(
      moved.replaced.map((s) => s.id),
      ['svc_old'],
    );
    assert.equal(moved.added.length, 1);
    const same = planServices({ seats: [seat('p2', '20A')] }, trip({ held }), make);
    assert.deepEqual(
      same.errors.map((e) => e.detail),
      ['is already this passenger’s seat'],
    );
  });

  it('sells nothing on a flight about to leave', () => {
    const closing = trip();
    const flights = [
      [{ ...closing.flights[0]![0]!, closed: true }, closing.flights[0]![1]!],
      closing.flights[1]!,
    ];
    const plan = planServices(
      { seats: [seat('p2', '20A')], bags: [{ passenger_id: 'p2', slice: 0, quantity: 1 }] },
      { ...closing, flights },
      make,
    );
    assert.deepEqual(
      plan.errors.map((e) => e.pointer),
      ['/seats/0/segment', '/bags/0/slice'],
    );
  });
});

describe('services: extra bags', () => {
  it('prices bags per passenger and slice, within the allowance counting those bought before', () => {
    const held: FlightService[] = [
      {
        id: 'b0',
        type: 'checked_bag',
        passenger_id: 'p1',
        slice: 0,
        quantity: 1,
        amount: 4_500,
        added_at: make.at,
      },
    ];
    const plan = planServices(
      {
        bags: [
          { passenger_id: 'p2', slice: 0, quantity: 2 },
          { passenger_id: 'p1', slice: 0, quantity: 1 },
          { passenger_id: 'p1', slice: 0, quantity: 1 },
          { passenger_id: 'p3', slice: 1, quantity: 1 },
        ],
      },
      trip({ held }),
      make,
    );
    assert.deepEqual(
      plan.added.map((b) => [b.passenger_id, b.amount]),
      [
        ['p2', 9_000],
        ['p1', 4_500],
      ],
    );
    assert.deepEqual(
      plan.errors.map((e) => `${e.pointer}: ${e.detail}`),
      [
        '/bags/2/quantity: makes 3 extra bags on this slice; the fare allows at most 2 per passenger',
        '/bags/3/slice: the fare sells no extra bags on this slice',
      ],
    );
  });

  it('sells bags on a slice only when every flight’s fare does, at the dearest price and the smallest allowance', () => {
    assert.deepEqual(
      extraBagsOfSlice([
        { amount: 3_000, max: 3 },
        { amount: 4_500, max: 2 },
      ]),
      { amount: 4_500, max: 2 },
    );
    assert.equal(extraBagsOfSlice([{ amount: 3_000, max: 3 }, null]), null);
    assert.equal(extraBagsOfSlice([]), null);
  });
});
