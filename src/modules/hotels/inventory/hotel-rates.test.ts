import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDays } from '../../../shared/calendar.ts';
import { cancellationTimeline, penaltyAt } from './hotel-cancellation-rules.ts';
import {
  checkStay,
  nightAmount,
  priceRooms,
  priceStay,
  type RatePlanRules,
  type RoomRules,
  stayNights,
} from './hotel-rates.ts';
import { roomsTotal } from './stay-totals.ts';

const plan: RatePlanRules = {
  currency: 'EUR',
  base_amount: 10_000,
  standard_adults: 2,
  extra_adult_percent: 60,
  seasons: [{ from: '2026-12-20', to: '2027-01-03', percent: 150 }],
  weekday_percents: [100, 100, 100, 100, 120, 120, 100],
  child_bands: [
    { max_age: 1, percent: 0 },
    { max_age: 11, percent: 50 },
    { max_age: 17, percent: 80 },
  ],
  taxes: { vat_percent_included: 10, city_tax_per_person_night: 300 },
  cancellation: {
    refundable: true,
    steps: [
      { days_before: 3, percent: 50 },
      { days_before: 1, percent: 100 },
    ],
  },
  min_stay: 2,
  closed_to_arrival: '6',
};
const room: RoomRules = { max_adults: 3, max_children: 2, max_occupancy: 4, price_factor: 1.2 };

describe('hotel rate rules', () => {
  it('totals rooms for ranking exactly as pricing them in full does, or finds the same stay unsellable', () => {
    const guests = fc.record({
      adults: fc.integer({ min: 1, max: 4 }),
      children: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 14 }),
        fc.array(guests, { minLength: 1, maxLength: 3 }),
        fc.record({
          markupBp: fc.integer({ min: 0, max: 3_000 }),
          fixedPerUnit: fc.integer({ min: 0, max: 2_000 }),
        }),
        fc.integer({ min: 1, max: 3 }),
        (offset, length, rooms, markup, standardAdults) => {
          const checkIn = addDays('2026-11-20', offset);
          const checkOut = addDays(checkIn, length);
          const onPlan = { ...plan, standard_adults: standardAdults };
          const terms = { ruleId: 'r', ruleVersion: 1, commissionBp: 0, ...markup };
          const full = priceRooms(onPlan, room, { checkIn, checkOut }, rooms, terms);
          const total = roomsTotal(
            onPlan,
            room,
            { checkIn, checkOut, nights: stayNights(checkIn, checkOut) },
            rooms,
            terms,
          );
          assert.equal(total, full.problem ? null : full.total);
        },
      ),
    );
  });

  it('prices a night by season, weekday and room factor', () => {
    assert.equal(nightAmount(plan, room, '2026-12-14'), 12_000); // a Monday, off season
    assert.equal(nightAmount(plan, room, '2026-12-18'), 14_400); // a Friday: +20 %
    assert.equal(nightAmount(plan, room, '2026-12-21'), 18_000); // a Monday in the festive season: +50 %
  });

  it('sells a stay marked up night by night, with VAT from the selling total and commission before VAT', () => {
    const stay = { checkIn: '2026-12-14', checkOut: '2026-12-16', adults: 2, childAges: [] };
    const net = priceStay(plan, room, stay);
    const terms = { ruleId: 'prl_1', ruleVersion: 3, markupBp: 1_250, fixedPerUnit: 199, commissionBp: 400 };
    const sold = priceStay(plan, room, stay, terms);
    // 12 000 a night: + 12.5 % (1 500) + 1.99 fixed a night.
    assert.deepEqual(
      sold.nights.map((n) => n.amount),
      [13_699, 13_699],
    );
    assert.equal(sold.total_amount, 27_398);
    assert.equal(sold.tax_included_amount, Math.round((27_398 * 10) / 110));
    assert.equal(sold.payable_at_hotel_amount, net.payable_at_hotel_amount, 'city tax is the hotel’s');
    assert.deepEqual(sold.pricing, {
      rule_id: 'prl_1',
      rule_version: 3,
      net_amount: 24_000,
      markup_amount: 3_398,
      commission_amount: Math.round(((27_398 - sold.tax_included_amount) * 4) / 100),
    });
    assert.deepEqual(net.pricing, {
      rule_id: null,
      rule_version: null,
      net_amount: net.total_amount,
      markup_amount: 0,
      commission_amount: 0,
    });
  });

  it('prices a stay across a season boundary night by night', () => {
    const price = priceStay(plan, room, {
      checkIn: '2026-12-18',
      checkOut: '2026-12-22',
      adults: 2,
      childAges: [],
    });
    assert.deepEqual(
      price.nights.map((n) => n.amount),
      [14_400, 14_400, 18_000, 18_000],
    ); // Fri, Sat, then Sun and Mon in season
    assert.equal(price.total_amount, 64_800);
    assert.equal(price.tax_included_amount, Math.round((64_800 * 10) / 110));
    assert.equal(price.payable_at_hotel_amount, 300 * 2 * 4);
  });

  it('charges extra adults and children by age band', () => {
    const price = priceStay(plan, room, {
      checkIn: '2026-12-14',
      checkOut: '2026-12-15',
      adults: 3,
      childAges: [1],
    });
    assert.equal(price.nights[0]!.amount, 12_000 + 0.6 * 6_000);
    const teen = priceStay(plan, room, {
      checkIn: '2026-12-14',
      checkOut: '2026-12-15',
      adults: 2,
      childAges: [7, 15],
    });
    assert.equal(teen.nights[0]!.amount, 12_000 + 0.5 * 6_000 + 0.8 * 6_000);
  });

  it('enforces minimum stay, closed-to-arrival and occupancy', () => {
    const stay = { checkIn: '2026-12-14', checkOut: '2026-12-15', adults: 2, childAges: [] };
    assert.deepEqual(checkStay(plan, room, stay), { code: 'STAY_TOO_SHORT', min_stay: 2 });
    assert.deepEqual(checkStay(plan, room, { ...stay, checkIn: '2026-12-19', checkOut: '2026-12-21' }), {
      code: 'CLOSED_TO_ARRIVAL',
      date: '2026-12-19',
    });
    assert.equal(
      checkStay(plan, room, { ...stay, checkOut: '2026-12-16', adults: 4 })?.code,
      'OCCUPANCY_EXCEEDED',
    );
    assert.equal(checkStay(plan, room, { ...stay, checkOut: '2026-12-16' }), null);
  });

  it('puts cancellation deadlines at 18:00 in the hotel’s zone, across a daylight-saving change', () => {
    const t = cancellationTimeline(plan.cancellation, '2027-03-30', 'Europe/Paris', 40_000);
    assert.equal(t.free_cancellation_until, '2027-03-27T18:00:00+01:00');
    assert.deepEqual(t.timeline, [
      { from: null, penalty_amount: 0 },
      { from: '2027-03-27T18:00:00+01:00', penalty_amount: 20_000 },
      { from: '2027-03-29T18:00:00+02:00', penalty_amount: 40_000 },
    ]);
    assert.equal(
      penaltyAt(plan.cancellation, '2027-03-30', 'Europe/Paris', 40_000, new Date('2027-03-27T16:59:00Z')),
      0,
    );
    assert.equal(
      penaltyAt(plan.cancellation, '2027-03-30', 'Europe/Paris', 40_000, new Date('2027-03-27T17:00:00Z')),
      20_000,
    );
    assert.equal(
      penaltyAt(plan.cancellation, '2027-03-30', 'Europe/Paris', 40_000, new Date('2027-03-29T16:00:00Z')),
      40_000,
    );
  });

  it('charges a non-refundable rate in full from booking', () => {
    const policy = { refundable: false, steps: [] };
    assert.deepEqual(cancellationTimeline(policy, '2027-01-10', 'Asia/Tokyo', 9_900), {
      refundable: false,
      free_cancellation_until: null,
      timeline: [{ from: null, penalty_amount: 9_900 }],
    });
    assert.equal(
      penaltyAt(policy, '2027-01-10', 'Asia/Tokyo', 9_900, new Date('2026-01-01T00:00:00Z')),
      9_900,
    );
  });
});
