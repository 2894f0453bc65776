import { fold } from '../../shared/text.ts';
import { cityPassengers } from './airport-traffic.ts';
import type { Airport, Catalogue } from './catalogue.types.ts';

export type Place =
  | {
      type: 'city';
      id: string;
      name: string;
      country_code: string;
      time_zone: string;
      airports: string[];
      metro_code: string | null;
      score: number;
    }
  | {
      type: 'airport';
      id: string;
      iata: string;
      name: string;
      city_id: string | null;
      city_name: string;
      country_code: string;
      time_zone: string;
      score: number;
    };

interface Entry {
  key: string;
  kind: 'city' | 'airport';
  index: number;
  /** One of the other names: a prefix of it counts for less than a prefix of the main name. */
  other: boolean;
}

/** What a prefix of another name costs ("san" is not looking for Shanghai's "Sanghaj"). */
const OTHER_NAME_PREFIX = 2;

const SIZE_WEIGHT = { large: 6, medium: 4, small: 1 } as const;

/**
 * Autocomplete over cities and airports. Every name (and each word of it, airport codes, and the other
 * names in every script the catalogue knows) is a key in one sorted array, so a prefix is a binary
 * search. Ranking: an exact airport or metropolitan area code first (NYC is New York City, with JFK,
 * Newark and LaGuardia after it), then by importance (city population and its airports' passengers,
 * airport size and passengers), and each city's airports right after it.
 */
export function createPlaceIndex(catalogue: Catalogue) {
  const entries: Entry[] = [];
  const add = (text: string, kind: Entry['kind'], index: number, other = false) => {
    const folded = other ? text : fold(text);
    if (!folded) return;
    entries.push({ key: folded, kind, index, other });
    const words = folded.split(' ');
    for (let i = 1; i < words.length; i++)
      entries.push({ key: words.slice(i).join(' '), kind, index, other });
  };
  for (const [i, city] of catalogue.cities.entries()) {
    add(city.name, 'city', i);
    if (city.metro_code) add(city.metro_code, 'city', i);
    for (const key of catalogue.cityKeys.get(city.id) ?? []) add(key, 'city', i, true);
  }
  for (const [i, airport] of catalogue.airports.entries()) {
    add(airport.name, 'airport', i);
    add(airport.iata, 'airport', i);
    if (airport.icao) add(airport.icao, 'airport', i);
    for (const key of catalogue.airportKeys.get(airport.iata) ?? []) add(key, 'airport', i, true);
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  function lowerBound(prefix: string): number {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entries[mid]!.key < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // Passenger traffic, in log10 of millions a year, lifts a place: a city by all its airports'.
  const traffic = (passengers: number | null) => Math.log10(1 + (passengers ?? 0) / 1_000_000);
  const cityTraffic = catalogue.cities.map((city) => traffic(cityPassengers(catalogue, city)));
  const cityScore = (index: number, exact: boolean, q: string) => {
    const city = catalogue.cities[index]!;
    return (
      Math.log10(city.population + 10) +
      cityTraffic[index]! +
      (exact ? 1 : 0) +
      (city.metro_code?.toLowerCase() === q ? 100 : 0)
    );
  };
  const airportScore = (airport: Airport, q: string) =>
    (airport.iata.toLowerCase() === q ? 100 : 0) +
    SIZE_WEIGHT[airport.size] / 2 +
    (airport.scheduled_service ? 1 : 0) +
    traffic(airport.annual_passengers);

  return function suggest(query: string, limit: number, types: ReadonlySet<'city' | 'airport'>): Place[] {
    const q = fold(query);
    if (!q) return [];
    const cities = new Map<number, number>();
    const airports = new Map<number, number>();
    for (let i = lowerBound(q); i < entries.length && entries[i]!.key.startsWith(q); i++) {
      const { kind, index, key, other } = entries[i]!;
      const penalty = other && key !== q ? OTHER_NAME_PREFIX : 0;
      if (kind === 'city') {
        const score = cityScore(index, key === q, q) - penalty;
        cities.set(index, Math.max(cities.get(index) ?? 0, score));
      } else {
        const score = airportScore(catalogue.airports[index]!, q) - penalty;
        airports.set(index, Math.max(airports.get(index) ?? 0, score));
      }
    }
    const places: Place[] = [];
    const placed = new Set<string>();
    const pushAirport = (airport: Airport, score: number) => {
      if (!types.has('airport') || placed.has(airport.iata)) return;
      placed.add(airport.iata);
      places.push({
        type: 'airport',
        id: airport.iata,
        iata: airport.iata,
        name: airport.name,
        city_id: airport.city_id,
        city_name: airport.city_name,
        country_code: airport.country_code,
        time_zone: airport.time_zone,
        score,
      });
    };
    const ranked: Array<{ score: number; run: () => void }> = [];
    for (const [index, score] of cities) {
      const city = catalogue.cities[index]!;
      ranked.push({
        score: score + (city.airports.length > 0 ? 1 : 0),
        run: () => {
          if (types.has('city')) {
            places.push({
              type: 'city',
              id: city.id,
              name: city.name,
              country_code: city.country_code,
              time_zone: city.time_zone,
              airports: city.airports,
              metro_code: city.metro_code,
              score,
            });
          }
          for (const code of city.airports) {
            const airport = catalogue.airportByCode.get(code);
            if (airport?.scheduled_service) pushAirport(airport, score);
          }
        },
      });
    }
    for (const [index, score] of airports) {
      const airport = catalogue.airports[index]!;
      ranked.push({ score, run: () => pushAirport(airport, score) });
    }
    ranked.sort((a, b) => b.score - a.score);
    for (const item of ranked) {
      if (places.length >= limit) break;
      item.run();
    }
    return places.slice(0, limit).map((p) => ({ ...p, score: Math.round(p.score * 100) / 100 }));
  };
}
