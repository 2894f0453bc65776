/**
 * Search bodies nobody asked before: seeded, so every run asks the same sequence, and never the same
 * body twice within a sequence. Flights go between the 30 busiest hubs, 7–290 days out, for 1–3 adults;
 * hotel stays are in the 100 cities with most hotels, 1–7 nights within the year, for 1–3 adults.
 */

/** Hubs with most traffic in the demo world: every L network has flights between them. */
export const HUBS = [
  'ATL',
  'DXB',
  'DFW',
  'LHR',
  'HND',
  'DEN',
  'IST',
  'LAX',
  'ORD',
  'DEL',
  'CDG',
  'JFK',
  'AMS',
  'MAD',
  'FRA',
  'SIN',
  'ICN',
  'BKK',
  'CAN',
  'PEK',
  'MIA',
  'SFO',
  'SEA',
  'BCN',
  'FCO',
  'MUC',
  'YYZ',
  'SYD',
  'HKG',
  'DOH',
] as const;

/** A small seeded generator (mulberry32): the same seed gives the same questions on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [low, high]. */
    int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

/** A function giving a new body on each call, never one given before (it draws again on a repeat). */
function distinct<T>(draw: () => T): () => T {
  const asked = new Set<string>();
  return () => {
    for (;;) {
      const body = draw();
      const text = JSON.stringify(body);
      if (!asked.has(text)) {
        asked.add(text);
        return body;
      }
    }
  };
}

export type Day = (n: number) => string;

function route(rng: ReturnType<typeof seeded>) {
  const origin = rng.pick(HUBS);
  let destination = rng.pick(HUBS);
  while (destination === origin) destination = rng.pick(HUBS);
  return { origin, destination };
}

/** One-way flights: one slice, 7–290 days out, 1–3 adults, at most one connection. */
export function flightOneWays(day: Day, seed = 1) {
  const rng = seeded(seed);
  return distinct(() => ({
    slices: [{ ...route(rng), departure_date: day(rng.int(7, 290)) }],
    passengers: { adults: rng.int(1, 3) },
    max_connections: 1,
  }));
}

/** Return flights: out 7–283 days ahead, back 1–14 days later. */
export function flightReturns(day: Day, seed = 2) {
  const rng = seeded(seed);
  return distinct(() => {
    const { origin, destination } = route(rng);
    const out = rng.int(7, 283);
    return {
      slices: [
        { origin, destination, departure_date: day(out) },
        { origin: destination, destination: origin, departure_date: day(out + rng.int(1, 7)) },
      ],
      passengers: { adults: rng.int(1, 3) },
      max_connections: 1,
    };
  });
}

export interface City {
  city_id: string;
  latitude: number;
  longitude: number;
}

function stay(rng: ReturnType<typeof seeded>, day: Day) {
  const checkIn = rng.int(7, 350);
  return {
    check_in: day(checkIn),
    check_out: day(checkIn + rng.int(1, 7)),
    rooms: [{ adults: rng.int(1, 3) }],
  };
}

/** Stays by city among `cities`. */
export function hotelCityStays(day: Day, cities: readonly City[], seed = 3) {
  const rng = seeded(seed);
  return distinct(() => ({ destination: { city_id: rng.pick(cities).city_id }, ...stay(rng, day) }));
}

/** Stays within 2–5 km of a city's centre, nearest first. */
export function hotelRadiusStays(day: Day, cities: readonly City[], seed = 4) {
  const rng = seeded(seed);
  return distinct(() => {
    const c = rng.pick(cities);
    return {
      destination: { latitude: c.latitude, longitude: c.longitude, radius_km: rng.int(2, 5) },
      ...stay(rng, day),
      sort: 'distance',
    };
  });
}

/**
 * Flight + hotel trips: from one of the hubs to one of `cities` (those with most hotels) other than the
 * hub's own (`cityOfHub`), out 7–200 days ahead, back 2–7 days later, 1–3 adults.
 */
export function tripQuestions(
  day: Day,
  cities: readonly City[],
  cityOfHub: ReadonlyMap<string, string>,
  seed = 6,
) {
  const rng = seeded(seed);
  return distinct(() => {
    const out = rng.int(7, 200);
    const origin = rng.pick(HUBS);
    let city = rng.pick(cities).city_id;
    while (city === cityOfHub.get(origin)) city = rng.pick(cities).city_id;
    return {
      origin,
      destination: { city_id: city },
      departure_date: day(out),
      return_date: day(out + rng.int(2, 7)),
      travellers: { adults: rng.int(1, 3) },
    };
  });
}
