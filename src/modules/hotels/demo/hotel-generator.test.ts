import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCatalogue } from '../../catalog/index.ts';
import { comparable, exponentOf, REFERENCE_RATES } from '../../money/index.ts';
import { generateHotels } from './hotel-generator.ts';

describe('demo hotels', () => {
  const catalogue = loadCatalogue();
  const file = generateHotels(catalogue, 'M', '2026-11-21');
  const fiveStarNights = (cityName: string) =>
    file.hotels
      .filter((h) => h.stars === 5 && catalogue.cityById.get(h.city_id)?.name === cityName)
      .map((h) => h.rate_plans.find((p) => p.code === 'FLEX-RO')!);

  it('price each hotel in its country’s currency at that currency’s magnitude', () => {
    const seoul = fiveStarNights('Seoul');
    const newYork = fiveStarNights('New York City');
    const paris = fiveStarNights('Paris');
    assert.ok(seoul.length > 0 && newYork.length > 0 && paris.length > 0);
    assert.ok(
      seoul.every((p) => p.currency === 'KRW' && p.base_amount >= 100_000 && exponentOf('KRW') === 0),
    );
    assert.ok(newYork.every((p) => p.currency === 'USD'));
    assert.ok(paris.every((p) => p.currency === 'EUR'));
    // The same hotel class costs about the same in euros wherever it is (a few hundred a night).
    for (const plan of [...seoul, ...newYork, ...paris]) {
      const euros = comparable(REFERENCE_RATES, plan.base_amount, plan.currency);
      assert.ok(euros > 400 && euros < 800, `${plan.base_amount} ${plan.currency} is ${euros} euros`);
    }
  });
});
