import { seededRandom } from '../../../ports/seeded-random.ts';
import { addDays, localToInstant, toLocalIso } from '../../../shared/calendar.ts';
import { AIRPORT_TRAFFIC, type Airport, type Catalogue, CLOSED_TO_PASSENGERS } from '../../catalog/index.ts';
import { hasRate, REFERENCE_RATES } from '../../money/index.ts';
import type { FareRecord, NetworkFile, ScheduleRecord } from '../inventory/network-file.ts';
import { aircraftFor, blockMinutes, type FareMarket, faresFor, marketFares } from './fleet-and-fares.ts';
import { FLAG_CARRIERS, S_AIRPORTS } from './network-tables.ts';
import {
  eastwardness,
  kmBetween,
  type PlannedCarrier,
  type PlannedRoute,
  planRoutes,
} from './route-planner.ts';
import { DEMO_SEAT_LAYOUTS } from './seat-layouts.ts';
import { TRUNK_AIRPORTS, TRUNK_ROUTES } from './trunk-routes.ts';
import { CARRIERS } from './world-traffic.ts';

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
  M: { airports: 180, carriers: 64, spokesPerCarrier: 16, days: 365 },
  L: { airports: 4200, carriers: 420, spokesPerCarrier: 110, days: 365 },
};

/** Weight of an airport without traffic figures: its city's population, scaled by the airport's size. */
function importance(airport: Airport, catalogue: Catalogue): number {
  const city = airport.city_id ? catalogue.cityById.get(airport.city_id) : undefined;
  const population = city?.population ?? 50_000;
  return population * (airport.size === 'large' ? 4 : airport.size === 'medium' ? 1 : 0.2);
}

/**
 * Passengers a year in millions: the traffic table's figure, or for an airport outside it an estimate
 * from its importance, below the table's smallest so that listed airports always weigh more.
 */
function trafficOf(airport: Airport, catalogue: Catalogue): number {
  return AIRPORT_TRAFFIC[airport.iata] ?? Math.min(8, importance(airport, catalogue) / 4_000_000);
}

/**
 * The airports of a world preset: those of the traffic table by traffic, then the hubs and bases of
 * the table's carriers, then the rest by importance; only airports with scheduled passenger service.
 */
function pickWorldAirports(catalogue: Catalogue, count: number): Airport[] {
  const hubs = new Set(CARRIERS.flatMap((c) => c.hubs));
  const rank = (a: Airport) => (a.iata in AIRPORT_TRAFFIC ? 0 : hubs.has(a.iata) ? 1 : 2);
  const ranked = catalogue.airports
    .filter((a) => a.scheduled_service && a.size !== 'small' && !CLOSED_TO_PASSENGERS.has(a.iata))
    .map((a) => ({ a, rank: rank(a), w: trafficOf(a, catalogue) }))
    .sort((x, y) => x.rank - y.rank || y.w - x.w || x.a.iata.localeCompare(y.a.iata))
    .map((x) => x.a);
  // The trunk routes' airports too, beyond the count when they are not among it.
  return [...ranked.slice(0, count), ...ranked.slice(count).filter((a) => TRUNK_AIRPORTS.has(a.iata))];
}

/**
 * The carriers of a world preset: the table's airlines, largest first, flying from those of their
 * hubs the preset has (one without its main hub is left out); then, up to the preset's number, one
 * airline of each country still without a carrier, from its busiest airport.
 */
function pickWorldCarriers(catalogue: Catalogue, airports: Airport[], count: number): PlannedCarrier[] {
  const byCode = new Map(airports.map((a) => [a.iata, a]));
  const carriers: PlannedCarrier[] = [];
  for (const profile of CARRIERS) {
    if (carriers.length >= count || !byCode.has(profile.hubs[0]!)) continue;
    if (!catalogue.airlineByCode.get(profile.code)) continue;
    carriers.push({ ...profile, hubs: profile.hubs.flatMap((h) => byCode.get(h) ?? []) });
  }
  const countries = new Set(carriers.map((c) => c.country));
  const rest = pickCarriers(
    catalogue,
    airports.filter((a) => !countries.has(a.country_code)),
    count - carriers.length,
    new Set(carriers.map((c) => c.code)),
  );
  return [...carriers, ...rest];
}

function pickFixedAirports(catalogue: Catalogue): Airport[] {
  return S_AIRPORTS.map((code) => catalogue.airportByCode.get(code)!).filter(Boolean);
}

/**
 * Carriers by country, each from its country's most important airport (the flag carrier where known);
 * larger countries get a second and third at their next airports.
 */
function pickCarriers(
  catalogue: Catalogue,
  airports: Airport[],
  limit: number,
  used = new Set<string>(),
): PlannedCarrier[] {
  const carriers: PlannedCarrier[] = [];
  const fallback = new Map<string, string[]>();
  for (const airline of catalogue.airlines) {
    if (!airline.active || !airline.iata || !airline.icao || !airline.country_code) continue;
    const list = fallback.get(airline.country_code) ?? [];
    list.push(airline.iata);
    fallback.set(airline.country_code, list);
  }
  const byCountry = new Map<string, Airport[]>();
  for (const a of airports) byCountry.set(a.country_code, [...(byCountry.get(a.country_code) ?? []), a]);
  for (const round of [0, 1, 2]) {
    for (const [country, list] of byCountry) {
      if (carriers.length >= limit) return carriers;
      const hub = list[round];
      if (!hub) continue;
      const flag = FLAG_CARRIERS[country];
      const options = [...(round === 0 && flag ? [flag] : []), ...(fallback.get(country) ?? [])];
      const code = options.find((c) => !used.has(c) && catalogue.airlineByCode.get(c)?.active);
      if (!code) continue;
      used.add(code);
      carriers.push({ code, country, hubs: [hub], model: 'network' });
    }
  }
  return carriers;
}

/**
 * The S preset's routes, fixed so tests can rely on them: each carrier from its hub to the most
 * important airports in range and the nearest ones, and to the other hubs; 3, 2 or 1 flights a day
 * by distance.
 */
function planFixedRoutes(
  catalogue: Catalogue,
  airports: Airport[],
  carriers: PlannedCarrier[],
  spokes: number,
) {
  const weights = new Map(airports.map((a) => [a.iata, importance(a, catalogue)]));
  const routes: PlannedRoute[] = [];
  const seen = new Set<string>();
  for (const carrier of carriers) {
    const hub = carrier.hubs[0]!;
    const maxKm = hub.size === 'large' ? 13_000 : 5_000;
    const kmTo = (a: Airport) => kmBetween(hub, a);
    const inRange = airports
      .filter((a) => a.iata !== hub.iata)
      .map((a) => ({ a, km: kmTo(a) }))
      .filter((x) => x.km >= 150 && x.km <= maxKm);
    const important = [...inRange]
      .sort((x, y) => weights.get(y.a.iata)! / (1 + y.km / 2000) - weights.get(x.a.iata)! / (1 + x.km / 2000))
      .slice(0, Math.ceil(spokes / 2));
    const nearest = [...inRange].sort((x, y) => x.km - y.km).slice(0, Math.floor(spokes / 2));
    const hubs = carriers
      .map((c) => c.hubs[0]!)
      .filter((h) => h.iata !== hub.iata && kmTo(h) <= maxKm)
      .slice(0, 8);
    for (const spoke of new Set([...important, ...nearest].map((x) => x.a).concat(hubs))) {
      const key = `${carrier.code}:${[hub.iata, spoke.iata].sort().join('-')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const km = kmTo(spoke);
      routes.push({ carrier, hub, spoke, km, daily: km > 6_000 ? 1 : km > 2_500 ? 2 : 3 });
    }
  }
  // Every airport gets at least one route: a daily flight to the nearest hub in range.
  const served = new Set(routes.flatMap((r) => [r.hub.iata, r.spoke.iata]));
  for (const airport of airports) {
    if (served.has(airport.iata)) continue;
    const nearest = carriers
      .map((carrier) => ({ carrier, hub: carrier.hubs[0]!, km: kmBetween(carrier.hubs[0]!, airport) }))
      .filter((x) => x.km >= 150 && x.km <= 3_500)
      .sort((a, b) => a.km - b.km)[0];
    if (nearest) routes.push({ ...nearest, spoke: airport, daily: 1 });
  }
  return routes;
}

/** A small deterministic hash of a name. */
function hash(text: string): number {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** Hub banks: departures from a hub leave in waves so that arrivals connect. */
const BANKS = ['06:40', '09:15', '12:05', '15:20', '18:10', '21:00'];

/**
 * A plausible network over real airports and airlines, deterministic for a seed. S is a fixed
 * European and transatlantic network for tests; M and L are built from real traffic: the busiest
 * airports, the largest airlines at their hubs, routes and frequencies by demand (route-planner.ts),
 * block times with the prevailing winds.
 */
export function generateNetwork(
  catalogue: Catalogue,
  preset: Preset,
  startDate: string,
  seed = 42,
): NetworkFile {
  const spec = PRESETS[preset];
  const random = seededRandom(seed);
  let routes: PlannedRoute[];
  if (preset === 'S') {
    const airports = pickFixedAirports(catalogue);
    routes = planFixedRoutes(
      catalogue,
      airports,
      pickCarriers(catalogue, airports, spec.carriers),
      spec.spokesPerCarrier,
    );
  } else {
    const airports = pickWorldAirports(catalogue, spec.airports);
    const carriers = pickWorldCarriers(catalogue, airports, spec.carriers);
    const traffic = new Map(airports.map((a) => [a.iata, trafficOf(a, catalogue)]));
    const gateways = new Set([...Object.keys(AIRPORT_TRAFFIC), ...carriers.map((c) => c.hubs[0]!.iata)]);
    routes = planRoutes(airports, carriers, traffic, gateways, spec.spokesPerCarrier, TRUNK_ROUTES);
  }
  const schedules: ScheduleRecord[] = [];
  const fares: FareRecord[] = [];
  const validTo = addDays(startDate, spec.days - 1);
  const windy = preset !== 'S';
  const flightNumbers = new Map<string, number>();
  const marketOf = (carrier: PlannedCarrier, from: Airport, to: Airport): FareMarket => {
    const home = catalogue.countryByCode.get(carrier.country)?.currencies[0];
    return {
      currency: home && hasRate(REFERENCE_RATES, home) ? home : 'EUR',
      // Carriers and directions differ a little (a hash of the names, so the same every run).
      level:
        (carrier.model === 'low_cost' ? 0.6 : 1) *
        (0.92 + (hash(carrier.code) % 21) / 100) *
        (0.94 + (hash(from.iata + to.iata) % 13) / 100),
      southern: from.latitude < -10,
      lowCost: carrier.model === 'low_cost',
    };
  };

  for (const { carrier, hub, spoke, km, daily, first } of routes) {
    let flightNumber = flightNumbers.get(carrier.code) ?? 100 + Math.floor(random() * 50) * 2;
    const minutesOut = blockMinutes(km, windy ? eastwardness(hub, spoke) : 0);
    const minutesBack = blockMinutes(km, windy ? eastwardness(spoke, hub) : 0);
    const { aircraft, capacity } = aircraftFor(km, preset !== 'S' && carrier.model === 'low_cost', first);
    const banks = [...BANKS]
      .sort(() => random() - 0.5)
      .slice(0, daily)
      .sort();
    for (const bank of banks) {
      const days = random() < 0.85 ? '1234567' : '12345';
      const out: ScheduleRecord = {
        carrier: carrier.code,
        flight_number: flightNumber,
        origin: hub.iata,
        destination: spoke.iata,
        departure_time: bank,
        duration_minutes: minutesOut,
        days_of_week: days,
        valid_from: startDate,
        valid_to: validTo,
        aircraft,
        capacity,
      };
      // The return leaves the spoke 70 minutes after arrival, in the spoke's local time.
      const arrival = localToInstant(startDate, bank, hub.time_zone).getTime() + minutesOut * 60_000;
      const backAt = new Date(Math.ceil((arrival + 70 * 60_000) / 300_000) * 300_000);
      const turnaround = toLocalIso(backAt, spoke.time_zone).slice(11, 16);
      // Night curfew: nothing leaves between midnight and 06:00 local; such returns wait for the morning.
      const back = turnaround < '06:00' ? '06:00' : turnaround;
      schedules.push(out, {
        ...out,
        flight_number: flightNumber + 1,
        origin: spoke.iata,
        destination: hub.iata,
        departure_time: back,
        duration_minutes: minutesBack,
      });
      flightNumber += 2;
    }
    if (preset === 'S')
      fares.push(
        ...faresFor(carrier.code, hub.iata, spoke.iata, km),
        ...faresFor(carrier.code, spoke.iata, hub.iata, km),
      );
    else
      fares.push(
        ...marketFares(carrier.code, hub.iata, spoke.iata, km, { ...marketOf(carrier, hub, spoke), first }),
        ...marketFares(carrier.code, spoke.iata, hub.iata, km, { ...marketOf(carrier, spoke, hub), first }),
      );
    flightNumbers.set(carrier.code, flightNumber);
  }

  return { schedules, fares, seat_maps: DEMO_SEAT_LAYOUTS };
}
