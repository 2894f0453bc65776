export interface Country {
  code: string;
  name: string;
  native_name: string;
  continent: string;
  capital: string | null;
  currencies: string[];
  phone_codes: string[];
  /** ISO 639-1 codes of its languages, the main one first. */
  languages: string[];
}

export interface City {
  id: string;
  name: string;
  country_code: string;
  population: number;
  latitude: number;
  longitude: number;
  time_zone: string;
  /** IATA codes of the airports that serve the city, largest first. */
  airports: string[];
  /** The IATA metropolitan area code of a city served by several airports (NYC, LON, TYO). */
  metro_code: string | null;
  /** The city's name in its country's main language and script (München, 東京), or `name`. */
  local_name: string;
  /** Names by ISO 639-1 language where they differ from `name` (de: München, ja: ミュンヘン). */
  names: Readonly<Record<string, string>>;
}

export type AirportSize = 'large' | 'medium' | 'small';

export interface Airport {
  iata: string;
  icao: string | null;
  name: string;
  city_name: string;
  city_id: string | null;
  country_code: string;
  latitude: number;
  longitude: number;
  elevation_ft: number | null;
  time_zone: string;
  size: AirportSize;
  scheduled_service: boolean;
  /** Passengers a year where the catalogue knows them (the busiest airports), else null. */
  annual_passengers: number | null;
}

export interface Airline {
  iata: string | null;
  icao: string | null;
  name: string;
  callsign: string | null;
  country_code: string | null;
  active: boolean;
}

/** The immutable reference data, loaded once per process from the packages that ship it. */
export interface Catalogue {
  countries: readonly Country[];
  cities: readonly City[];
  airports: readonly Airport[];
  airlines: readonly Airline[];
  countryByCode: ReadonlyMap<string, Country>;
  cityById: ReadonlyMap<string, City>;
  airportByCode: ReadonlyMap<string, Airport>;
  airlineByCode: ReadonlyMap<string, Airline>;
  /** Cities by their IATA metropolitan area code. */
  cityByMetroCode: ReadonlyMap<string, City>;
  /** Other names of a city, folded for search (alternate names in every script), by city id. */
  cityKeys: ReadonlyMap<string, readonly string[]>;
  /** Other names of an airport (Haneda, 東京国際空港), folded for search, by IATA code. */
  airportKeys: ReadonlyMap<string, readonly string[]>;
  /** The languages city names are known in, English (the catalogue's own) first. */
  languages: readonly string[];
}
