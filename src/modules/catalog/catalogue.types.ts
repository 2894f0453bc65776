export interface Country {
  code: string;
  name: string;
  native_name: string;
  continent: string;
  capital: string | null;
  currencies: string[];
  phone_codes: string[];
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
}
