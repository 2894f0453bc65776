import { weighted } from '../../../ports/seeded-random.ts';
import { type Catalogue, type City, cityPassengers } from '../../catalog/index.ts';

/*
 * Where travellers stay. International arrivals a year, in millions, of the most visited cities, rounded
 * from Euromonitor International's "Top 100 City Destinations" (2024 edition) and the cities' own
 * tourism boards; close enough to share a demo's hotels out, not to quote.
 */
export const TOURIST_ARRIVALS: ReadonlyArray<readonly [name: string, country: string, millions: number]> = [
  ['Bangkok', 'TH', 32.4],
  ['Istanbul', 'TR', 23.0],
  ['London', 'GB', 21.7],
  ['Hong Kong', 'HK', 20.5],
  ['Mecca', 'SA', 19.3],
  ['Antalya', 'TR', 19.3],
  ['Dubai', 'AE', 18.7],
  ['Macau', 'MO', 18.2],
  ['Paris', 'FR', 17.4],
  ['Kuala Lumpur', 'MY', 16.5],
  ['Singapore', 'SG', 16.5],
  ['New York City', 'US', 12.9],
  ['Tokyo', 'JP', 12.4],
  ['Shenzhen', 'CN', 12.0],
  ['Seoul', 'KR', 11.0],
  ['Pattaya', 'TH', 10.8],
  ['Rome', 'IT', 10.6],
  ['Phuket', 'TH', 10.2],
  ['Osaka', 'JP', 10.0],
  ['Amsterdam', 'NL', 9.4],
  ['Barcelona', 'ES', 8.3],
  ['Milan', 'IT', 8.0],
  ['Taipei', 'TW', 8.0],
  ['Prague', 'CZ', 7.9],
  ['Vienna', 'AT', 7.7],
  ['Madrid', 'ES', 7.6],
  ['Guangzhou', 'CN', 7.0],
  ['Athens', 'GR', 7.0],
  ['Ho Chi Minh City', 'VN', 6.9],
  ['Medina', 'SA', 6.8],
  ['Cancún', 'MX', 6.5],
  ['Shanghai', 'CN', 6.2],
  ['Denpasar', 'ID', 6.0],
  ['Hanoi', 'VN', 6.0],
  ['Berlin', 'DE', 5.5],
  ['Venice', 'IT', 5.5],
  ['Budapest', 'HU', 5.2],
  ['Riyadh', 'SA', 5.0],
  ['Lisbon', 'PT', 5.0],
  ['Miami', 'US', 5.0],
  ['Los Angeles', 'US', 5.0],
  ['Las Vegas', 'US', 5.0],
  ['Dublin', 'IE', 5.0],
  ['Florence', 'IT', 5.0],
  ['Munich', 'DE', 4.3],
  ['Doha', 'QA', 4.0],
  ['Orlando', 'US', 4.0],
  ['Toronto', 'CA', 4.0],
  ['Sydney', 'AU', 4.0],
  ['Mexico City', 'MX', 4.0],
  ['Copenhagen', 'DK', 3.3],
  ['Delhi', 'IN', 3.0],
  ['Mumbai', 'IN', 3.0],
  ['Cairo', 'EG', 3.0],
  ['Marrakesh', 'MA', 3.0],
  ['Johannesburg', 'ZA', 3.0],
  ['Jerusalem', 'IL', 3.0],
  ['Beijing', 'CN', 3.0],
  ['Warsaw', 'PL', 3.0],
  ['Stockholm', 'SE', 3.0],
  ['Vancouver', 'CA', 3.0],
  ['Zürich', 'CH', 2.6],
  ['Edinburgh', 'GB', 2.5],
  ['San Francisco', 'US', 2.5],
  ['Buenos Aires', 'AR', 2.5],
  ['Lima', 'PE', 2.5],
  ['Rio de Janeiro', 'BR', 2.1],
  ['Cape Town', 'ZA', 2.0],
  ['Honolulu', 'US', 2.0],
];

/** How a market's hotels divide among one to five stars, in percent. */
export type Market = 'premium' | 'mature' | 'budget';
export const STAR_MIX: Record<Market, readonly [number, number, number, number, number]> = {
  // Gulf states and city-states: few cheap hotels, many luxury ones.
  premium: [2, 8, 28, 38, 24],
  mature: [5, 17, 43, 27, 8],
  budget: [16, 35, 32, 13, 4],
};
const PREMIUM = new Set(['AE', 'QA', 'SA', 'BH', 'KW', 'OM', 'SG', 'HK', 'MO', 'MV', 'MC']);
const BUDGET_OUTSIDE_AFRICA = new Set(['IN', 'PK', 'BD', 'NP', 'LK', 'MM', 'KH', 'LA', 'AF', 'YE', 'HT']);

export function marketOf(catalogue: Catalogue, countryCode: string): Market {
  if (PREMIUM.has(countryCode)) return 'premium';
  const continent = catalogue.countryByCode.get(countryCode)?.continent;
  if (BUDGET_OUTSIDE_AFRICA.has(countryCode) || (continent === 'AF' && countryCode !== 'ZA')) return 'budget';
  return 'mature';
}

const starsOf = (mix: readonly number[]) => mix.map((percent, i) => [i + 1, percent] as const);
const STARS_BY_MARKET: Record<Market, ReadonlyArray<readonly [number, number]>> = {
  premium: starsOf(STAR_MIX.premium),
  mature: starsOf(STAR_MIX.mature),
  budget: starsOf(STAR_MIX.budget),
};

/** Stars drawn from a market's mix with a number in [0, 1). */
export const starsFor = (market: Market, draw: number): number => weighted(STARS_BY_MARKET[market], draw);

/**
 * A city's pull on hotels: its visitors where known, else a little for its people and its airports'
 * passengers (a big city few visit, like Karachi, gets far fewer hotels than Paris).
 */
export function hotelWeights(catalogue: Catalogue): Map<string, number> {
  const weights = new Map<string, number>();
  for (const city of catalogue.cities) {
    const passengers = cityPassengers(catalogue, city);
    weights.set(city.id, (0.04 * city.population + 0.02 * passengers) / 1_000_000);
  }
  for (const [name, country, millions] of TOURIST_ARRIVALS) {
    const city = catalogue.cities.find((c) => c.name === name && c.country_code === country);
    if (city) weights.set(city.id, millions);
  }
  return weights;
}

/** The `count` cities with the strongest pull, strongest first. */
export function destinations(catalogue: Catalogue, count: number): Array<{ city: City; weight: number }> {
  const weights = hotelWeights(catalogue);
  return catalogue.cities
    .map((city) => ({ city, weight: weights.get(city.id) ?? 0 }))
    .sort((a, b) => b.weight - a.weight || a.city.id.localeCompare(b.city.id))
    .slice(0, count);
}
