import type { Airport } from '../../catalog/index.ts';
import { distanceKm } from '../../catalog/index.ts';
import type { TrunkRoute } from './trunk-routes.ts';
import type { CarrierProfile } from './world-traffic.ts';

/** A carrier of the demo world with the airports it flies from, the main one first. */
export interface PlannedCarrier extends Omit<CarrierProfile, 'hubs'> {
  hubs: Airport[];
}

/** One route a carrier flies from one of its hubs or bases, and how many times a day each way. */
export interface PlannedRoute {
  carrier: PlannedCarrier;
  hub: Airport;
  spoke: Airport;
  km: number;
  daily: number;
  /** Flown with a First cabin (a trunk route of a carrier that sells one on it). */
  first?: boolean;
}

/** Passengers a year, in millions, of each airport of the world being planned. */
export type Traffic = ReadonlyMap<string, number>;

export const kmBetween = (a: Airport, b: Airport) =>
  distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);

/** Long haul is flown from hubs of at least this traffic; smaller hubs stay within medium haul. */
const LONG_HAUL_HUB_TRAFFIC = 20;
const RANGE_KM = { longHaul: 14_000, network: 5_000, lowCost: 4_000 } as const;
/** Beyond this a route needs a gateway at the far end (a busy airport or another carrier's hub) unless domestic. */
const REGIONAL_KM = 3_000;
const LONG_HAUL_KM = 4_500;

function rangeOf(carrier: PlannedCarrier, hub: Airport, traffic: Traffic): number {
  if (carrier.model === 'low_cost') return RANGE_KM.lowCost;
  return (traffic.get(hub.iata) ?? 0) >= LONG_HAUL_HUB_TRAFFIC ? RANGE_KM.longHaul : RANGE_KM.network;
}

/**
 * Daily frequency each way by demand: the geometric mean of the two airports' traffic, fewer the longer
 * the flight, never more than the banks of a day allow (5 short haul, 3 medium and long, 1 ultra long).
 */
export function dailyFrequency(km: number, hubTraffic: number, spokeTraffic: number): number {
  const demand = Math.sqrt(hubTraffic * spokeTraffic);
  const [per, max] = km < 1_500 ? [10, 5] : km < 4_500 ? [18, 3] : km < 11_000 ? [28, 3] : [28, 1];
  return Math.max(1, Math.min(max, Math.round(demand / per)));
}

/**
 * The routes of a world: from each carrier's hubs (the main one gets the full number of spokes, the
 * others fewer) to the airports that draw the most traffic for the distance, domestic markets counting
 * double; beyond regional range only gateways (airports of the traffic table or another carrier's main
 * hub) or the carrier's own country; network carriers link their main hub with every alliance
 * partner's in range and the busiest other hubs; low-cost carriers stay short haul. The trunk routes
 * (`trunk-routes.ts`) of carriers and airports of the world are flown whatever those rules say. Every
 * airport left without a flight gets one from the nearest hub in range.
 */
export function planRoutes(
  airports: readonly Airport[],
  carriers: readonly PlannedCarrier[],
  traffic: Traffic,
  gateways: ReadonlySet<string>,
  spokesPerHub: number,
  trunks: readonly TrunkRoute[] = [],
): PlannedRoute[] {
  const routes: PlannedRoute[] = [];
  /** Each carrier's routes by the pair of airports, whichever way round. */
  const seen = new Map<string, PlannedRoute>();
  const trafficOf = (a: Airport) => traffic.get(a.iata) ?? 0.1;
  /** The carrier's route between the two airports: added now, or the one it already has. */
  const add = (carrier: PlannedCarrier, hub: Airport, spoke: Airport, km: number, daily?: number) => {
    const key = `${carrier.code}:${[hub.iata, spoke.iata].sort().join('-')}`;
    const known = seen.get(key);
    if (known) return known;
    const route = {
      carrier,
      hub,
      spoke,
      km,
      daily: daily ?? dailyFrequency(km, trafficOf(hub), trafficOf(spoke)),
    };
    seen.set(key, route);
    routes.push(route);
    return route;
  };
  const mainHubs = carriers.map((c) => ({ carrier: c, hub: c.hubs[0]! }));
  for (const carrier of carriers) {
    carrier.hubs.forEach((hub, i) => {
      const range = rangeOf(carrier, hub, traffic);
      const budget = i === 0 ? spokesPerHub : Math.ceil(spokesPerHub * 0.4);
      const inRange = airports
        .map((a) => ({ a, km: kmBetween(hub, a) }))
        .filter(
          ({ a, km }) =>
            a.iata !== hub.iata &&
            km >= 150 &&
            km <= range &&
            (km <= REGIONAL_KM || a.country_code === carrier.country || gateways.has(a.iata)),
        );
      const best = (list: typeof inRange, reach: number, count: number) =>
        list
          .map((x) => ({
            ...x,
            score: (trafficOf(x.a) / (1 + x.km / reach)) * (x.a.country_code === carrier.country ? 2 : 1),
          }))
          .sort((x, y) => y.score - x.score || x.a.iata.localeCompare(y.a.iata))
          .slice(0, count);
      // Short and medium haul by traffic for the distance; long haul, from hubs that fly it, its own share.
      const near = best(
        inRange.filter((x) => x.km <= LONG_HAUL_KM),
        2_500,
        budget,
      );
      const far = best(
        inRange.filter((x) => x.km > LONG_HAUL_KM),
        8_000,
        Math.ceil(budget / 2),
      );
      for (const { a, km } of [...near, ...far]) add(carrier, hub, a, km);
    });
    if (carrier.model !== 'network') continue;
    const hub = carrier.hubs[0]!;
    const range = rangeOf(carrier, hub, traffic);
    const others = mainHubs
      .filter(({ carrier: c, hub: h }) => c !== carrier && h.iata !== hub.iata && c.model === 'network')
      .map(({ carrier: c, hub: h }) => ({ c, h, km: kmBetween(hub, h) }))
      .filter((x) => x.km >= 150 && x.km <= range);
    const partners = others.filter((x) => carrier.alliance && x.c.alliance === carrier.alliance);
    const busiest = [...others].sort((x, y) => trafficOf(y.h) - trafficOf(x.h)).slice(0, 8);
    for (const { h, km } of [...partners, ...busiest]) add(carrier, hub, h, km);
  }

  const served = new Set(routes.flatMap((r) => [r.hub.iata, r.spoke.iata]));
  for (const airport of airports) {
    if (served.has(airport.iata)) continue;
    const nearest = mainHubs
      .map(({ carrier, hub }) => ({ carrier, hub, km: kmBetween(hub, airport) }))
      .filter((x) => x.km >= 150 && x.km <= 3_500)
      .sort((a, b) => a.km - b.km)[0];
    if (nearest) add(nearest.carrier, nearest.hub, airport, nearest.km, 1);
  }
  // Trunk routes last, so that the routes planned above keep their order (and flight numbers).
  const byCode = new Map(airports.map((a) => [a.iata, a]));
  const carrierByCode = new Map(carriers.map((c) => [c.code, c]));
  for (const trunk of trunks) {
    const [a, b] = trunk.between.map((code) => byCode.get(code));
    if (!a || !b) continue;
    for (const code of trunk.carriers) {
      const carrier = carrierByCode.get(code);
      if (!carrier) continue;
      // From the carrier's own end when it has one there.
      const [hub, spoke] = carrier.hubs.some((h) => h.iata === b.iata) ? [b, a] : [a, b];
      const route: PlannedRoute = add(carrier, hub, spoke, kmBetween(hub, spoke));
      if (trunk.first?.includes(code)) route.first = true;
    }
  }
  return routes;
}

/**
 * How much of a flight's direction is eastward, -1 (due west) to 1 (due east), from its initial
 * great-circle bearing: the prevailing westerlies shorten eastbound flights and lengthen westbound ones.
 */
export function eastwardness(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const φ1 = from.latitude * rad;
  const φ2 = to.latitude * rad;
  const Δλ = (to.longitude - from.longitude) * rad;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return Math.sin(Math.atan2(y, x));
}
