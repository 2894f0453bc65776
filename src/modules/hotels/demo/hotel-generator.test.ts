import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPointsOfInterest, distanceKm, loadCatalogue } from '../../catalog/index.ts';
import { comparable, exponentOf, REFERENCE_RATES } from '../../money/index.ts';
import { generateHotels } from './hotel-generator.ts';
import { TOURIST_ARRIVALS } from './hotel-markets.ts';

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

  const inCity = (name: string) =>
    file.hotels.filter((h) => catalogue.cityById.get(h.city_id)?.name === name);

  it('shares hotels out by visitors, not by population', () => {
    assert.ok(
      inCity('Paris').length > 3 * inCity('Karachi').length,
      'Paris has far more hotels than Karachi',
    );
    assert.ok(inCity('Venice').length > inCity('Lagos').length);
    for (const [name] of TOURIST_ARRIVALS.slice(0, 20))
      assert.ok(inCity(name).length > 0, `${name} has hotels`);
  });

  it('mixes stars by market: luxury in the Gulf, budget in South Asia', () => {
    const upscale = (name: string) => {
      const hotels = inCity(name);
      return hotels.filter((h) => h.stars >= 4).length / hotels.length;
    };
    assert.ok(upscale('Dubai') > upscale('Paris'));
    assert.ok(upscale('Paris') > upscale('Delhi'));
  });

  it('names every hotel uniquely in its city, and tells hotels apart', () => {
    const names = new Set(file.hotels.map((h) => `${h.city_id} ${h.name}`));
    assert.equal(names.size, file.hotels.length);
    assert.equal(new Set(file.hotels.map((h) => h.description)).size, file.hotels.length);
    const chains = new Set(file.hotels.map((h) => h.chain).filter(Boolean));
    assert.ok(chains.size >= 5, 'several chains');
    assert.ok(
      file.hotels.some((h) => h.chain === null),
      'and independent hotels',
    );
    const rooms = new Set(file.hotels.map((h) => h.room_types.map((r) => r.code).join()));
    assert.ok(rooms.size >= 8, 'room types differ by class');
  });

  it('names independents in the manner of their country, not as English pubs in Bangkok', () => {
    const independents = (name: string) =>
      inCity(name)
        .filter((h) => h.chain === null)
        .map((h) => h.name);
    const english = /\b(Arms|Lodge|House)\b|^The /;
    for (const [city, manner] of [
      ['Bangkok', /^(Baan|Sala|Ruen) |Residence|Boutique Hotel/],
      ['Dubai', /^(Dar|Al|Funduq|Qasr) | Suites| Hotel/],
      ['Istanbul', /^(Otel|Pansiyon) | Otel| Konağı| Palas| Han/],
      ['Seoul', /^(Hotel|Hanok) | Stay| Guesthouse| Residence/],
      ['Shenzhen', / (Hotel|Inn)\b/],
    ] as const) {
      const names = independents(city);
      assert.ok(names.length > 0, `${city} has independents`);
      for (const name of names) {
        assert.doesNotMatch(name, english, `${city}: ${name}`);
        assert.match(name, manner, `${city}: ${name}`);
      }
    }
  });

  it('places station and airport hotels by their station and airport', () => {
    const points = createPointsOfInterest(catalogue);
    const near = (suffix: string, type: string) => {
      const hotels = file.hotels.filter((h) => h.chain && h.name.endsWith(suffix));
      assert.ok(hotels.length > 0, suffix);
      for (const h of hotels) {
        const p = points(h.city_id).find((x) => x.type === type)!;
        assert.ok(
          distanceKm(h.latitude, h.longitude, p.latitude, p.longitude) < 2.5,
          `${h.name} by ${p.name}`,
        );
      }
    };
    near(' Central Station', 'main_station');
    near(' Airport', 'airport');
  });
});
