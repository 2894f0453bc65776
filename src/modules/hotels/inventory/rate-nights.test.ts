import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDays } from '../../../shared/calendar.ts';
import { priceRooms, type RatePlanRules, stayNights } from './hotel-rates.ts';
import { type RateNight, restrictionProblem, type StayRateNights } from './rate-nights.ts';
import { planStay, stayTotal } from './stay-totals.ts';

const NONE: RateNight = {
  amount: null,
  byGuests: null,
  extras: null,
  closed: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStay: null,
  maxStay: null,
};

const plan: RatePlanRules = {
  currency: 'EUR',
  base_amount: 10_000,
  standard_adults: 2,
  extra_adult_percent: 50,
  seasons: [],
  weekday_percents: [100, 100, 100, 100, 110, 120, 120],
  child_bands: [{ max_age: 11, percent: 50 }],
  taxes: { vat_percent_included: 10, city_tax_per_person_night: 0 },
  cancellation: { refundable: true, steps: [] },
  min_stay: 1,
  closed_to_arrival: '',
};
const room = { max_adults: 4, max_children: 2, max_occupancy: 5, price_factor: 1.2 };
const AT_NET = { ruleId: null, ruleVersion: null, markupBp: 0, fixedPerUnit: 0, commissionBp: 0 };

describe('channel-set nights', () => {
  const stay = { checkIn: '2026-12-07', checkOut: '2026-12-10' };
  const dates = stayNights(stay.checkIn, stay.checkOut).dates;
  const set = (
    nights: Array<Partial<RateNight> | undefined>,
    departure?: Partial<RateNight>,
  ): StayRateNights => ({
    nights: nights.map((n) => n && { ...NONE, ...n }),
    departure: departure && { ...NONE, ...departure },
  });

  it('refuse a stay by the channel’s restrictions, each on the day it is set on', () => {
    assert.equal(restrictionProblem(set([]), stay, dates), null);
    assert.deepEqual(restrictionProblem(set([undefined, { closed: true }]), stay, dates), {
      code: 'CLOSED',
      date: '2026-12-08',
    });
    assert.equal(restrictionProblem(set([undefined, { closedToArrival: true }]), stay, dates), null);
    assert.equal(
      restrictionProblem(set([{ closedToArrival: true }]), stay, dates)?.code,
      'CLOSED_TO_ARRIVAL',
    );
    assert.equal(restrictionProblem(set([{ closedToDeparture: true }]), stay, dates), null);
    assert.equal(
      restrictionProblem(set([], { closedToDeparture: true }), stay, dates)?.code,
      'CLOSED_TO_DEPARTURE',
    );
    assert.deepEqual(restrictionProblem(set([{ minStay: 4 }]), stay, dates), {
      code: 'STAY_TOO_SHORT',
      min_stay: 4,
    });
    assert.deepEqual(restrictionProblem(set([{ maxStay: 2 }]), stay, dates), {
      code: 'STAY_TOO_LONG',
      max_stay: 2,
    });
    assert.equal(restrictionProblem(set([undefined, { minStay: 9, maxStay: 1 }]), stay, dates), null);
  });

  it('price a set night by occupancy, to the cent, the rest by the plan; search’s total is the booking’s', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 900_000 }), { nil: null }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.option(fc.integer({ min: 1, max: 900_000 }), { nil: null }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 16 }), { maxLength: 2 }),
        fc.record({
          markupBp: fc.integer({ min: 0, max: 3_000 }),
          fixedPerUnit: fc.integer({ min: 0, max: 999 }),
        }),
        (amounts, single, adults, children, markup) => {
          const nights = set(
            amounts.map((a) =>
              a === null ? undefined : { amount: a, byGuests: single ? { 1: single } : null },
            ),
          );
          const terms = { ...AT_NET, ...markup, ruleId: 'prl_1', ruleVersion: 1 };
          const rooms = [{ adults, children }];
          const priced = priceRooms(plan, room, { ...stay, set: nights }, rooms, terms);
          assert.equal(priced.problem, null);
          if (priced.problem) return;
          const readied = planStay(
            plan,
            { ...stay, nights: stayNights(stay.checkIn, stay.checkOut) },
            rooms,
          )!;
          assert.equal(stayTotal(readied, plan.base_amount, room, terms, nights), priced.total);
          const plain = priceRooms(plan, room, stay, rooms, AT_NET);
          const net = priceRooms(plan, room, { ...stay, set: nights }, rooms, AT_NET);
          if (plain.problem || net.problem) return;
          net.rooms[0]!.nights.forEach((night, i) => {
            const a = amounts[i];
            if (a === null) assert.equal(night.amount, plain.rooms[0]!.nights[i]!.amount);
            else if (adults === 1 && single && children.length === 0) assert.equal(night.amount, single);
            else if (adults === 2 && children.length === 0) assert.equal(night.amount, a);
          });
        },
      ),
    );
  });

  it('price guests beyond those priced at the channel’s own prices: an extra adult, children by age', () => {
    const nights = set([
      {
        amount: 10_000,
        byGuests: { 1: 8_000, 3: 13_000 },
        extras: {
          adult: 2_500,
          children: [
            { maxAge: 5, amount: 0 },
            { maxAge: 11, amount: 1_500 },
          ],
        },
      },
      undefined,
      undefined,
    ]);
    const night = (adults: number, children: number[]) => {
      const priced = priceRooms(plan, room, { ...stay, set: nights }, [{ adults, children }]);
      assert.equal(priced.problem, null);
      return priced.problem ? 0 : priced.rooms[0]!.nights[0]!.amount;
    };
    assert.equal(night(1, []), 8_000);
    assert.equal(night(2, []), 10_000, 'the standard occupancy');
    assert.equal(night(3, []), 13_000);
    assert.equal(night(4, []), 13_000 + 2_500, 'beyond the most priced, at the extra-adult price');
    assert.equal(night(2, [3, 8]), 10_000 + 0 + 1_500, 'children by their age bands');
    // A child older than every band the channel gave pays the plan's share (a 14-year-old: in full).
    assert.equal(night(2, [14]), 10_000 + 5_000);
  });

  it('add extra adults and children to a set night by the plan’s rules', () => {
    const nights = set([{ amount: 12_345 }, undefined, undefined]);
    const priced = priceRooms(plan, room, { ...stay, set: nights }, [{ adults: 3, children: [5, 14] }]);
    assert.equal(priced.problem, null);
    if (priced.problem) return;
    // 12345 + one extra adult at half an adult's share (3086.25) + a child at 50% (3086.25) + a 14-year-old in full (6172.5).
    assert.equal(priced.rooms[0]!.nights[0]!.amount, Math.round(12_345 + 3_086.25 + 3_086.25 + 6_172.5));
    assert.equal(addDays(stay.checkIn, 0), priced.rooms[0]!.nights[0]!.date);
  });
});
