import { pick, seededRandom, weighted } from '../../../ports/seeded-random.ts';
import { addDays } from '../../../shared/calendar.ts';
import { type Catalogue, createPointsOfInterest, distanceKm } from '../../catalog/index.ts';
import { convert, hasRate, niceAmount, REFERENCE_RATES } from '../../money/index.ts';
import type { HotelFile, HotelRecord, RatePlanRecord } from '../inventory/hotel-file.ts';
import { addressIn } from './hotel-addresses.ts';
import { describedRoom, describeHotel, roomTypesFor } from './hotel-content.ts';
import { AMENITIES, CHAINS, KINDS, NAMES, ROOMS } from './hotel-generator-tables.ts';
import { destinations, marketOf, starsFor } from './hotel-markets.ts';
import { type Area, chainFor, hotelName } from './hotel-names.ts';
import { reviewsFor } from './hotel-review-generator.ts';

export type HotelPreset = 'S' | 'M' | 'L';

/** S for tests, M for `npm start`, L at about 300,000 hotels with three room types each. */
export const HOTEL_PRESETS: Record<HotelPreset, { cities: number; hotels: number }> = {
  S: { cities: 3, hotels: 24 },
  M: { cities: 80, hotels: 2_000 },
  L: { cities: 6_000, hotels: 300_000 },
};

const S_CITIES = ['cty_2643743', 'cty_2988507', 'cty_3128760']; // London, Paris, Barcelona

/**
 * Rate plans priced in the hotel's own currency at realistic levels: amounts are set in euro cents and
 * converted with the reference rates (a night in Seoul is hundreds of thousands of won). A country
 * whose currency has no reference rate prices in euros.
 */
function ratePlans(
  stars: number,
  random: () => number,
  start: string,
  localCurrency: string,
  /** Whether the hotel also sells a flexible rate the guest pays at the desk, guaranteed by a card. */
  payAtHotel = false,
): RatePlanRecord[] {
  const currency = hasRate(REFERENCE_RATES, localCurrency) ? localCurrency : 'EUR';
  const local = (euroCents: number) => niceAmount(convert(REFERENCE_RATES, euroCents, 'EUR', currency)!);
  const euroBase = Math.round((4_000 + stars * stars * 2_200 + random() * 4_000) / 100) * 100;
  const base = local(euroBase);
  const summer = { from: addDays(start, 180), to: addDays(start, 270), percent: 125 };
  const festive = { from: addDays(start, 25), to: addDays(start, 42), percent: 140 };
  const common = {
    currency,
    standard_adults: 2,
    extra_adult_percent: 60,
    seasons: [festive, summer],
    weekday_percents: [100, 100, 100, 105, 120, 125, 95],
    child_bands: [
      { max_age: 1, percent: 0 },
      { max_age: 11, percent: 50 },
      { max_age: 17, percent: 75 },
    ],
    taxes: { vat_percent_included: 10, city_tax_per_person_night: local(stars >= 4 ? 400 : 200) },
    closed_to_arrival: '',
  };
  return [
    {
      ...common,
      code: 'FLEX-RO',
      name: 'Flexible, room only',
      board: 'room_only',
      base_amount: base,
      cancellation: { refundable: true, steps: [{ days_before: 2, percent: 100 }] },
      min_stay: 1,
    },
    {
      ...common,
      code: 'FLEX-BB',
      name: 'Flexible, breakfast included',
      board: 'bed_and_breakfast',
      base_amount: base + local(1_800 + stars * 400),
      cancellation: {
        refundable: true,
        steps: [
          { days_before: 7, percent: 30 },
          { days_before: 2, percent: 100 },
        ],
      },
      min_stay: 1,
    },
    {
      ...common,
      code: 'SAVER',
      name: 'Non-refundable saver',
      board: 'room_only',
      base_amount: niceAmount(Math.round(base * 0.85)),
      cancellation: { refundable: false, steps: [] },
      min_stay: 2,
      closed_to_arrival: stars >= 4 ? '6' : '',
    },
    ...(payAtHotel
      ? [
          {
            ...common,
            code: 'DESK',
            name: 'Flexible, pay at the hotel',
            board: 'room_only' as const,
            base_amount: niceAmount(Math.round(base * 1.05)),
            cancellation: { refundable: true, steps: [{ days_before: 1, percent: 100 }] },
            min_stay: 1,
            payment: 'pay_at_hotel' as const,
          },
        ]
      : []),
  ];
}

/** S: London, Paris and Barcelona with a few simple hotels each, as the tests know them. */
function generateSmall(catalogue: Catalogue, start: string, seed: number): HotelFile {
  const random = seededRandom(seed);
  const preset = 'S';
  const cities = S_CITIES.map((id) => catalogue.cityById.get(id)!).filter(Boolean);
  const weights = cities.map((c) => Math.sqrt(c.population));
  const sum = weights.reduce((a, b) => a + b, 0);
  const hotels: HotelRecord[] = [];
  cities.forEach((city, ci) => {
    const count = Math.max(1, Math.round((HOTEL_PRESETS[preset].hotels * weights[ci]!) / sum));
    const currency = catalogue.countryByCode.get(city.country_code)?.currencies[0] ?? 'EUR';
    for (let i = 0; i < count; i++) {
      const stars = 1 + Math.min(4, Math.floor(random() * 5));
      const radiusKm = 0.3 + random() * 6;
      const [latitude, longitude] = around(city.latitude, city.longitude, radiusKm, random);
      const name = `${pick(NAMES, random())} ${pick(KINDS, random())} ${city.name}`;
      const code = `${city.id.slice(4)}-${String(i + 1).padStart(4, '0')}`;
      hotels.push({
        code,
        name,
        city_id: city.id,
        chain: pick(CHAINS, random()),
        stars,
        address: addressIn('en', random(), random(), city.name),
        latitude,
        longitude,
        check_in_time: '15:00',
        check_out_time: stars >= 4 ? '12:00' : '11:00',
        description: `A ${stars}-star ${name.split(' ').slice(-2, -1)[0]!.toLowerCase()} ${radiusKm < 2 ? 'in the centre of' : 'in'} ${city.name}.`,
        descriptions: {
          de: `${name}: Hotel mit ${stars} Sternen ${radiusKm < 2 ? 'im Zentrum von' : 'in'} ${city.name}.`,
          fr: `${name} : hôtel ${stars} étoiles ${radiusKm < 2 ? 'au centre de' : 'à'} ${city.name}.`,
          es: `${name}: hotel de ${stars} estrellas ${radiusKm < 2 ? 'en el centro de' : 'en'} ${city.name}.`,
        },
        amenities: AMENITIES.filter((_, k) => random() < 0.3 + stars * 0.1 || k === 0),
        images: [`/images/hotels/${code}/1.webp`, `/images/hotels/${code}/2.webp`],
        policies: { pets_allowed: random() < 0.3, smoking: false, min_check_in_age: 18 },
        active: true,
        room_types: ROOMS.map((r) => ({
          ...describedRoom(r),
          rooms: Math.max(
            2,
            Math.round((r.code === 'FAM' ? 4 : 12) * (0.5 + random()) * (stars >= 4 ? 2 : 1)),
          ),
        })),
        rate_plans: ratePlans(stars, random, start, currency),
      });
    }
  });
  return { hotels, allotments: [] };
}

/** Where a hotel stands, and how likely: most in the centre, some by the station and the airport. */
const AREAS: ReadonlyArray<readonly [Area, number]> = [
  ['centre', 0.34],
  ['old_town', 0.1],
  ['station', 0.12],
  ['airport', 0.08],
  ['business', 0.14],
  ['outskirts', 0.22],
];
/** Share of hotels in chains, by continent (most in North America, fewest in Africa). */
const CHAIN_SHARE: Record<string, number> = { NA: 0.6, OC: 0.45, EU: 0.3, AS: 0.35, SA: 0.25, AF: 0.15 };
/** Rooms are smaller where space is dear. */
const ROOM_SIZE: Record<string, number> = {
  JP: 0.75,
  HK: 0.7,
  SG: 0.85,
  MO: 0.9,
  US: 1.2,
  CA: 1.15,
  AE: 1.2,
};

/** A point `km` from (lat, lon) in a direction drawn at random. */
function around(lat: number, lon: number, km: number, random: () => number): [number, number] {
  const angle = random() * Math.PI * 2;
  const latitude = lat + (km / 111) * Math.cos(angle);
  const longitude = lon + (km / (111 * Math.max(0.2, Math.cos((lat * Math.PI) / 180)))) * Math.sin(angle);
  return [Math.round(latitude * 1e6) / 1e6, Math.round(longitude * 1e6) / 1e6];
}

/**
 * M and L: hotels where visitors go (a city's share follows its international arrivals, or its people
 * and air traffic where those are not known), stars by market, fictional chains where chains are
 * common, names unique in each city, hotels placed in the centre, the old town, by the main station and
 * the airport, and content written from what each hotel is.
 */
function generateWorld(catalogue: Catalogue, preset: 'M' | 'L', start: string, seed: number): HotelFile {
  const random = seededRandom(seed);
  const chosen = destinations(catalogue, HOTEL_PRESETS[preset].cities);
  const sum = chosen.reduce((total, d) => total + d.weight, 0);
  const pointsOf = createPointsOfInterest(catalogue);
  const hotels: HotelRecord[] = [];
  for (const { city, weight } of chosen) {
    const count = Math.max(1, Math.round((HOTEL_PRESETS[preset].hotels * weight) / sum));
    const country = catalogue.countryByCode.get(city.country_code);
    const continent = country?.continent ?? 'EU';
    const market = marketOf(catalogue, city.country_code);
    const language = country?.languages[0] ?? 'en';
    const points = pointsOf(city.id);
    const station = points.find((p) => p.type === 'main_station');
    const airport = points.find((p) => p.type === 'airport');
    const taken = new Set<string>();
    for (let i = 0; i < count; i++) {
      const stars = starsFor(market, random());
      let area = weighted(AREAS, random());
      if ((area === 'station' && !station) || (area === 'airport' && !airport)) area = 'centre';
      const anchor = area === 'station' ? station! : area === 'airport' ? airport! : city;
      const spread = { centre: 1.2, old_town: 1, station: 0.6, airport: 2, business: 3, outskirts: 7 }[area];
      const km = (area === 'outskirts' ? 3 : 0.1) + random() * spread;
      const [latitude, longitude] = around(anchor.latitude, anchor.longitude, km, random);
      const chain = chainFor(stars, city.country_code, continent, CHAIN_SHARE[continent] ?? 0.3, random);
      const name = hotelName(chain, city.name, language, area, taken, random);
      const amenities = AMENITIES.filter(
        (a, k) => k === 0 || (a === 'airport_shuttle' ? area === 'airport' : random() < 0.15 + stars * 0.12),
      );
      const roomTypes = roomTypesFor(stars, ROOM_SIZE[city.country_code] ?? 1, random).map((r, k) => ({
        ...r,
        rooms: Math.max(2, Math.round((k === 2 ? 4 : 12) * (0.5 + random()) * (stars >= 4 ? 2 : 1))),
      }));
      const code = `${city.id.slice(4)}-${String(i + 1).padStart(4, '0')}`;
      const nearKm =
        area === 'airport' || area === 'station'
          ? distanceKm(latitude, longitude, anchor.latitude, anchor.longitude)
          : 0;
      // Drawn in this order (the address, then the description), so a seed makes the same world.
      const address = addressIn(language, random(), random(), city.name);
      const { en: description, ...descriptions } = describeHotel(
        {
          name,
          stars,
          rooms: roomTypes.reduce((n, r) => n + r.rooms, 0),
          area,
          city: city.name,
          station: station?.name ?? null,
          airport: airport?.name ?? null,
          km: nearKm,
          amenities,
        },
        random,
      );
      hotels.push({
        code,
        name,
        city_id: city.id,
        chain: chain?.name ?? null,
        stars,
        address,
        latitude,
        longitude,
        check_in_time: stars >= 4 ? '15:00' : '14:00',
        check_out_time: stars >= 4 ? '12:00' : '11:00',
        description,
        descriptions,
        amenities,
        images: [`/images/hotels/${code}/1.webp`, `/images/hotels/${code}/2.webp`],
        policies: { pets_allowed: amenities.includes('pets_allowed'), smoking: false, min_check_in_age: 18 },
        active: true,
        room_types: roomTypes.map(describedRoom),
        // M's hotels have their guests' reviews; L's, which bench imports and searches, have none.
        ...(preset === 'M' ? { reviews: reviewsFor(code, stars, start) } : {}),
        // Independent hotels of up to three stars also let guests pay at the desk, as many do.
        rate_plans: ratePlans(stars, random, start, country?.currencies[0] ?? 'EUR', !chain && stars <= 3),
      });
    }
  }
  return { hotels, allotments: [] };
}

/** Plausible hotels around the catalogue's real cities. Deterministic for a seed. */
export function generateHotels(
  catalogue: Catalogue,
  preset: HotelPreset,
  start: string,
  seed = 7,
): HotelFile {
  return preset === 'S'
    ? generateSmall(catalogue, start, seed)
    : generateWorld(catalogue, preset, start, seed);
}
