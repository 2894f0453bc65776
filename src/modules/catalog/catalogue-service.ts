import { AppError, invalidField } from '../../http/app-error.ts';
import { type Page, paginate } from '../../http/cursor.ts';
import { fold } from '../../shared/text.ts';
import type { Airline, Airport, Catalogue, City, Country } from './catalogue.types.ts';
import { createLocalizer } from './localize.ts';
import { createPlaceIndex, type Place } from './places.ts';

export interface ListQuery {
  q?: string | undefined;
  country?: string | undefined;
  limit: number;
  cursor?: string | undefined;
  /** The display language, one of the catalogue's `languages`. */
  language: string;
}

function byCountry<T>(items: readonly T[], code: (item: T) => string | null): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const item of items) {
    const key = code(item) ?? '';
    const list = index.get(key);
    if (list) list.push(item);
    else index.set(key, [item]);
  }
  return index;
}

/** A value made on first use: a process that never asks for it never pays for it. */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Each item's names folded into one string, other names (already folded) after a separator; worked out
 * for all items on first use.
 */
function folded<T>(
  items: readonly T[],
  name: (item: T) => string,
  others: (item: T) => readonly string[] = () => [],
): (item: T) => string {
  const cache = lazy(
    () => new Map<T, string>(items.map((item) => [item, [fold(name(item)), ...others(item)].join('\u0000')])),
  );
  return (item) => cache().get(item)!;
}

/** Lists, look-ups and autocomplete over the in-memory catalogue; pure reads, no I/O. */
export function createCatalogueService(catalogue: Catalogue) {
  const countryName = folded(catalogue.countries, (c) => `${c.name} ${c.native_name}`);
  const noKeys: readonly string[] = [];
  const cityKeys = (id: string | null) => (id ? catalogue.cityKeys.get(id) : undefined) ?? noKeys;
  const cityName = folded(
    catalogue.cities,
    (c) => c.name,
    (c) => cityKeys(c.id),
  );
  const airportName = folded(
    catalogue.airports,
    (a) => `${a.name} ${a.city_name}`,
    (a) => [...(catalogue.airportKeys.get(a.iata) ?? noKeys), ...cityKeys(a.city_id)],
  );
  const airlineName = folded(catalogue.airlines, (a) => a.name);
  // The autocomplete index takes a quarter of a second to build: on first use, or when `warm` is called.
  const suggest = lazy(() => createPlaceIndex(catalogue));
  const local = createLocalizer(catalogue);
  const localPage = <T>(page: Page<T>, localize: (item: T) => T): Page<T> => ({
    ...page,
    data: page.data.map(localize),
  });

  const countryIndex = {
    countries: byCountry(catalogue.countries, (c) => c.code),
    cities: byCountry(catalogue.cities, (c) => c.country_code),
    airports: byCountry(catalogue.airports, (a) => a.country_code),
    airlines: byCountry(catalogue.airlines, (a) => a.country_code),
  };

  /** Narrows by country through an index, then by the other filters; order is the catalogue's. */
  function list<T>(
    items: readonly T[],
    index: Map<string, T[]>,
    query: ListQuery,
    keep: (item: T, q: string) => boolean,
    extra = {},
  ): Page<T> {
    const q = query.q ? fold(query.q) : '';
    // Text that folds to nothing (punctuation) would match everything: say so instead.
    if (query.q && !q) throw invalidField('/q', 'needs at least one letter or digit', 'querystring');
    const country = query.country?.toUpperCase();
    const scope = country ? (index.get(country) ?? []) : items;
    const filtered = q || Object.keys(extra).length > 0 ? scope.filter((item) => keep(item, q)) : scope;
    return paginate(filtered, { q, country, ...extra }, query.cursor, query.limit);
  }

  return {
    /** Builds the autocomplete index now (a server, before its first visitor types). */
    warm(): void {
      suggest();
    },
    /** English first, then the languages some city names are known in. */
    languages: catalogue.languages,
    listCountries(query: ListQuery): Page<Country> {
      const page = list(
        catalogue.countries,
        countryIndex.countries,
        query,
        (c, q) => c.code.toLowerCase() === q || countryName(c).includes(q),
      );
      return localPage(page, (c) => local.country(c, query.language));
    },
    listCities(query: ListQuery): Page<City> {
      const page = list(catalogue.cities, countryIndex.cities, query, (c, q) => cityName(c).includes(q));
      return localPage(page, (c) => local.city(c, query.language));
    },
    listAirports(query: ListQuery & { scheduledOnly?: boolean | undefined }): Page<Airport> {
      const scheduled = query.scheduledOnly ?? false;
      const page = list(
        catalogue.airports,
        countryIndex.airports,
        query,
        (a, q) =>
          (!scheduled || a.scheduled_service) &&
          (!q || a.iata.toLowerCase() === q || a.icao?.toLowerCase() === q || airportName(a).includes(q)),
        scheduled ? { scheduled } : {},
      );
      return localPage(page, (a) => local.airport(a, query.language));
    },
    listAirlines(query: ListQuery & { active?: boolean | undefined }): Page<Airline> {
      const active = query.active;
      return list(
        catalogue.airlines,
        countryIndex.airlines,
        query,
        (a, q) =>
          (active === undefined || a.active === active) &&
          (!q || a.iata?.toLowerCase() === q || a.icao?.toLowerCase() === q || airlineName(a).includes(q)),
        active === undefined ? {} : { active },
      );
    },
    getCountry: (code: string, language: string) =>
      local.country(found(catalogue.countryByCode.get(code.toUpperCase()), 'country', code), language),
    getCity: (id: string, language: string) =>
      local.city(found(catalogue.cityById.get(id), 'city', id), language),
    getAirport: (code: string, language: string) =>
      local.airport(found(catalogue.airportByCode.get(code.toUpperCase()), 'airport', code), language),
    getAirline: (code: string) => found(catalogue.airlineByCode.get(code.toUpperCase()), 'airline', code),
    suggestPlaces(
      q: string,
      limit: number,
      types: ReadonlySet<'city' | 'airport'>,
      language: string,
    ): Place[] {
      return suggest()(q, limit, types).map((place) =>
        place.type === 'city'
          ? { ...place, name: local.cityName(place.id, place.name, language) }
          : { ...place, city_name: local.cityName(place.city_id, place.city_name, language) },
      );
    },
  };
}

function found<T>(item: T | undefined, kind: string, key: string): T {
  if (item === undefined)
    throw new AppError('NOT_FOUND', `No ${kind} ${JSON.stringify(key)} in the catalogue`);
  return item;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
