import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDays } from '../../../shared/calendar.ts';
import type { PlanRules } from './hotel-rates.ts';
import { stayNights } from './hotel-rates.ts';
import { planStay, stayTotal } from './stay-totals.ts';

const percent = fc.integer({ min: 50, max: 250 });

/** Shared plan rules as operators file them: seasons, weekday percents, extra adults, child bands. */
const rules: fc.Arbitrary<PlanRules> = fc
  .record({
    currency: fc.constantFrom('EUR', 'JPY', 'KWD'),
    standard_adults: fc.integer({ min: 1, max: 3 }),
    extra_adult_percent: fc.integer({ min: 0, max: 100 }),
    seasons: fc.array(
      fc.record({ start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 0, max: 30 }), percent }),
      { maxLength: 3 },
    ),
    weekday_percents: fc.tuple(percent, percent, percent, percent, percent, percent, percent),
    child_bands: fc.array(
      fc.record({ max_age: fc.integer({ min: 0, max: 17 }), percent: fc.integer({ min: 0, max: 100 }) }),
      { maxLength: 3 },
    ),
    taxes: fc.constant({ vat_percent_included: 10, city_tax_per_person_night: 0 }),
    cancellation: fc.constant({
      refundable: true,
      steps: [] as Array<{ days_before: number; percent: number }>,
    }),
    min_stay: fc.constant(1),
    closed_to_arrival: fc.constant(''),
  })
  .map(
    (r) =>
      ({
        ...r,
        seasons: r.seasons.map((s) => ({
          from: addDays('2026-12-01', s.start),
          to: addDays('2026-12-01', s.start + s.length),
          percent: s.percent,
        })),
      }) as PlanRules,
  );

describe('stay totals', () => {
  it('never fall as a room type’s price factor rises, whatever the plan, guests and markup', () => {
    // Search totals each plan on the cheapest-factor room type the guests fit, relying on this.
    fc.assert(
      fc.property(
        rules,
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 1, max: 14 }),
        fc.array(
          fc.record({
            adults: fc.integer({ min: 1, max: 4 }),
            children: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        fc.record({
          markupBp: fc.integer({ min: 0, max: 5_000 }),
          fixedPerUnit: fc.integer({ min: 0, max: 5_000 }),
        }),
        (plan, base, factor, more, offset, length, rooms, markup) => {
          const checkIn = addDays('2026-12-01', offset);
          const checkOut = addDays(checkIn, length);
          const readied = planStay(plan, { checkIn, checkOut, nights: stayNights(checkIn, checkOut) }, rooms);
          assert.ok(readied);
          const terms = { ruleId: 'prl_1', ruleVersion: 1, commissionBp: 0, ...markup };
          const room = (price_factor: number) => ({
            max_adults: 9,
            max_children: 9,
            max_occupancy: 9,
            price_factor,
          });
          const cheaper = stayTotal(readied, base, room(factor), terms)!;
          const dearer = stayTotal(readied, base, room(factor + more), terms)!;
          assert.ok(cheaper <= dearer, `${cheaper} > ${dearer}`);
        },
      ),
    );
  });

  it('refuses a room type the guests do not fit, and a stay the plan’s stay rules refuse', () => {
    const plan = fc.sample(rules, { seed: 7, numRuns: 1 })[0]!;
    const nights = stayNights('2026-12-07', '2026-12-09');
    const stay = { checkIn: '2026-12-07', checkOut: '2026-12-09', nights };
    const readied = planStay(plan, stay, [{ adults: 3, children: [] }])!;
    const small = { max_adults: 2, max_children: 2, max_occupancy: 4, price_factor: 1 };
    assert.equal(
      stayTotal(readied, 10_000, small, {
        ruleId: null,
        ruleVersion: null,
        markupBp: 0,
        fixedPerUnit: 0,
        commissionBp: 0,
      }),
      null,
    );
    assert.equal(planStay({ ...plan, min_stay: 3 }, stay, [{ adults: 1, children: [] }]), null);
    assert.equal(planStay({ ...plan, closed_to_arrival: '1' }, stay, [{ adults: 1, children: [] }]), null);
  });
});
