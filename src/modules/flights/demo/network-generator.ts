import { seededRandom } from '../../../ports/seeded-random.ts';
import { addDays, localToInstant, toLocalIso } from '../../../shared/calendar.ts';
import type { Airport, Catalogue } from '../../catalog/index.ts';
import { distanceKm } from '../../catalog/index.ts';
import type { FareRecord, NetworkFile, ScheduleRecord } from '../inventory/network-file.ts';
import { aircraftFor, blockMinutes, faresFor } from './fleet-and-fares.ts';
import { DEMO_SEAT_LAYOUTS } from './seat-layouts.ts';

export type Preset = 'S' | 'M' | 'L';

interface PresetSpec {
  airports: number;
  carriers: number;
  spokesPerCarrier: number;
  days: number;
}

/** S for tests, M for `npm start`, L at world scale (about 4,000 airports, 100,000 flights a day). */
export const PRESETS: Record<Preset, PresetSpec> = {
  S: { airports: 14, carriers: 4, spokesPerCarrier: 10, days: 120 },
  M: { airports: 150, carriers: 24, spokesPerCarrier: 40, days: 365 },
  L: { airports: 4200, carriers: 420, spokesPerCarrier: 130, days: 365 },
};

/** Flag carriers of the countries whose airports come first; other countries use one of their own airlines. */
const FLAG_CARRIERS: Record<string, string> = {
  GB: 'BA',
  FR: 'AF',
  DE: 'LH',
  NL: 'KL',
  ES: 'IB',
  IT: 'AZ',
  IE: 'EI',
  CH: 'LX',
  AT: 'OS',
  BE: 'SN',
  PT: 'TP',
  DK: 'SK',
  SE: 'SK',
  NO: 'DY',
  FI: 'AY',
  PL: 'LO',
  TR: 'TK',
  GR: 'A3',
  US: 'AA',
  CA: 'AC',
  MX: 'AM',
  BR: 'G3',
  AR: 'AR',
  CL: 'LA',
  AE: 'EK',
  QA: 'QR',
  SA: 'SV',
  EG: 'MS',
  ZA: 'SA',
  KE: 'KQ',
  IN: 'AI',
  CN: 'CA',
  JP: 'JL',
  KR: 'KE',
  SG: 'SQ',
  TH: 'TG',
  AU: 'QF',
  NZ: 'NZ',
  HK: 'CX',
  MY: 'MH',
  ID: 'GA',
  PH: 'PR',
  VN: 'VN',
  RU: 'SU',
  IL: 'LY',
  MA: 'AT',
  ET: 'ET',
  NG: 'W3',
  CO: 'AV',
  PE: 'LA',
};

/** The S preset: a fixed European and transatlantic network, so tests can name its airports. */
const S_AIRPORTS = [
  'LHR',
  'CDG',
  'FRA',
  'AMS',
  'MAD',
  'FCO',
  'MUC',
  'ZRH',
  'BCN',
  'DUB',
  'LIS',
  'VIE',
  'JFK',
  'BOS',
];

function importance(airport: Airport, catalogue: Catalogue): number {
  const city = airport.city_id ? catalogue.cityById.get(airport.city_id) : undefined;
  const population = city?.population ?? 50_000;
  return population * (airport.size === 'large' ? 4 : airport.size === 'medium' ? 1 : 0.2);
}

function pickAirports(catalogue: Catalogue, spec: PresetSpec, preset: Preset): Airport[] {
  if (preset === 'S') return S_AIRPORTS.map((code) => catalogue.airportByCode.get(code)!).filter(Boolean);
  return catalogue.airports
    .filter((a) => a.scheduled_service && a.size !== 'small')
    .map((a) => ({ a, w: importance(a, catalogue) }))
    .sort((x, y) => y.w - x.w || x.a.iata.localeCompare(y.a.iata))
    .slice(0, spec.airports)
    .map((x) => x.a);
}

interface Carrier {
  code: string;
  hub: Airport;
}

function pickCarriers(catalogue: Catalogue, airports: Airport[], spec: PresetSpec): Carrier[] {
  const carriers: Carrier[] = [];
  const used = new Set<string>();
  const fallback = new Map<string, string[]>();
  for (const airline of catalogue.airlines) {
    if (!airline.active || !airline.iata || !airline.icao || !airline.country_code) continue;
    const list = fallback.get(airline.country_code) ?? [];
    list.push(airline.iata);
    fallback.set(airline.country_code, list);
  }
  // Each country's most important airport is a hub; larger countries get a second carrier at their second airport.
  const byCountry = new Map<string, Airport[]>();
  for (const a of airports) byCountry.set(a.country_code, [...(byCountry.get(a.country_code) ?? []), a]);
  for (const round of [0, 1, 2]) {
    for (const [country, list] of byCountry) {
      if (carriers.length >= spec.carriers) return carriers;
      const hub = list[round];
      if (!hub) continue;
      const flag = FLAG_CARRIERS[country];
      const options = [...(round === 0 && flag ? [flag] : []), ...(fallback.get(country) ?? [])];
      const code = options.find((c) => !used.has(c) && catalogue.airlineByCode.get(c)?.active);
      if (!code) continue;
      used.add(code);
      carriers.push({ code, hub });
    }
  }
  return carriers;
}

/** Hub banks: departures from a hub leave in waves so that arrivals connect. */
const BANKS = ['06:40', '09:15', '12:05', '15:20', '18:10', '21:00'];

/**
 * A plausible network over real airports and airlines: each carrier flies from its hub to the most
 * important airports in range, and hubs are linked to each other. Deterministic for a seed.
 */
export function generateNetwork(
  catalogue: Catalogue,
  preset: Preset,
  startDate: string,
  seed = 42,
): NetworkFile {
  const spec = PRESETS[preset];
  const random = seededRandom(seed);
  const airports = pickAirports(catalogue, spec, preset);
  const carriers = pickCarriers(catalogue, airports, spec);
  const schedules: ScheduleRecord[] = [];
  const fares: FareRecord[] = [];
  const validTo = addDays(startDate, spec.days - 1);
  const weights = new Map(airports.map((a) => [a.iata, importance(a, catalogue)]));
  const routes = new Set<string>();

  const flightNumbers = new Map<string, number>();
  function addRoute(carrier: Carrier, spoke: Airport, thin: boolean): void {
    let flightNumber = flightNumbers.get(carrier.code) ?? 100 + Math.floor(random() * 50) * 2;
    const key = `${carrier.code}:${[carrier.hub.iata, spoke.iata].sort().join('-')}`;
    if (routes.has(key)) return;
    routes.add(key);
    const km = distanceKm(carrier.hub.latitude, carrier.hub.longitude, spoke.latitude, spoke.longitude);
    const minutes = blockMinutes(km);
    const { aircraft, capacity } = aircraftFor(km);
    const daily = km > 6_000 || thin ? 1 : km > 2_500 ? 2 : preset === 'L' ? 2 : 3;
    const banks = [...BANKS]
      .sort(() => random() - 0.5)
      .slice(0, daily)
      .sort();
    for (const bank of banks) {
      const days = random() < 0.85 ? '1234567' : '12345';
      const out: ScheduleRecord = {
        carrier: carrier.code,
        flight_number: flightNumber,
        origin: carrier.hub.iata,
        destination: spoke.iata,
        departure_time: bank,
        duration_minutes: minutes,
        days_of_week: days,
        valid_from: startDate,
        valid_to: validTo,
        aircraft,
        capacity,
      };
      // The return leaves the spoke 70 minutes after arrival, in the spoke's local time.
      const arrival = localToInstant(startDate, bank, carrier.hub.time_zone).getTime() + minutes * 60_000;
      const backAt = new Date(Math.ceil((arrival + 70 * 60_000) / 300_000) * 300_000);
      const turnaround = toLocalIso(backAt, spoke.time_zone).slice(11, 16);
      // Night curfew: nothing leaves between midnight and 06:00 local; such returns wait for the morning.
      const back = turnaround < '06:00' ? '06:00' : turnaround;
      schedules.push(out, {
        ...out,
        flight_number: flightNumber + 1,
        origin: spoke.iata,
        destination: carrier.hub.iata,
        departure_time: back,
      });
      flightNumber += 2;
    }
    fares.push(
      ...faresFor(carrier.code, carrier.hub.iata, spoke.iata, km),
      ...faresFor(carrier.code, spoke.iata, carrier.hub.iata, km),
    );
    flightNumbers.set(carrier.code, flightNumber);
  }

  for (const carrier of carriers) {
    const maxKm = carrier.hub.size === 'large' ? 13_000 : 5_000;
    const inRange = airports
      .filter((a) => a.iata !== carrier.hub.iata)
      .map((a) => ({
        a,
        km: distanceKm(carrier.hub.latitude, carrier.hub.longitude, a.latitude, a.longitude),
      }))
      .filter((x) => x.km >= 150 && x.km <= maxKm);
    // Half the spokes are the most important airports in range, half the nearest (regional feed).
    const important = [...inRange]
      .sort((x, y) => weights.get(y.a.iata)! / (1 + y.km / 2000) - weights.get(x.a.iata)! / (1 + x.km / 2000))
      .slice(0, Math.ceil(spec.spokesPerCarrier / 2));
    const nearest = [...inRange].sort((x, y) => x.km - y.km).slice(0, Math.floor(spec.spokesPerCarrier / 2));
    const regional = new Set(nearest.map((x) => x.a.iata));
    const spokes = [...important, ...nearest].map((x) => x.a);
    const hubs = carriers
      .filter((c) => c.hub.iata !== carrier.hub.iata)
      .map((c) => c.hub)
      .filter(
        (h) => distanceKm(carrier.hub.latitude, carrier.hub.longitude, h.latitude, h.longitude) <= maxKm,
      )
      .slice(0, 8);
    for (const spoke of new Set([...spokes, ...hubs]))
      addRoute(carrier, spoke, regional.has(spoke.iata) && preset === 'L');
  }

  // Every airport of the preset gets at least one route: a daily flight to the nearest hub in range.
  const served = new Set(schedules.flatMap((s) => [s.origin, s.destination]));
  for (const airport of airports) {
    if (served.has(airport.iata)) continue;
    const nearest = carriers
      .map((c) => ({
        c,
        km: distanceKm(c.hub.latitude, c.hub.longitude, airport.latitude, airport.longitude),
      }))
      .filter((x) => x.km >= 150 && x.km <= 3_500)
      .sort((a, b) => a.km - b.km)[0];
    if (nearest) addRoute(nearest.c, airport, true);
  }

  return { schedules, fares, seat_maps: DEMO_SEAT_LAYOUTS };
}
