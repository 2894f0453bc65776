import { seededRandom } from '../../../ports/seeded-random.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { Catalogue, City } from '../../catalog/index.ts';
import { convert, hasRate, niceAmount, REFERENCE_RATES } from '../../money/index.ts';
import type { HotelFile, HotelRecord, RatePlanRecord, RoomTypeRecord } from '../inventory/hotel-file.ts';

export type HotelPreset = 'S' | 'M' | 'L';

/** S for tests, M for `npm start`, L at about 300,000 hotels with three room types each. */
export const HOTEL_PRESETS: Record<HotelPreset, { cities: number; hotels: number }> = {
  S: { cities: 3, hotels: 24 },
  M: { cities: 80, hotels: 2_000 },
  L: { cities: 6_000, hotels: 300_000 },
};

const S_CITIES = ['cty_2643743', 'cty_2988507', 'cty_3128760']; // London, Paris, Barcelona

/**
 * Where travellers go, beyond the biggest cities: the M and L presets have hotels here first, so a demo
 * has Paris, Rome and Amsterdam, not only the most populous cities. Name and country in the catalogue.
 */
const DESTINATIONS: ReadonlyArray<[string, string]> = [
  ['London', 'GB'],
  ['Paris', 'FR'],
  ['Barcelona', 'ES'],
  ['Madrid', 'ES'],
  ['Rome', 'IT'],
  ['Milan', 'IT'],
  ['Venice', 'IT'],
  ['Amsterdam', 'NL'],
  ['Berlin', 'DE'],
  ['Munich', 'DE'],
  ['Vienna', 'AT'],
  ['Prague', 'CZ'],
  ['Lisbon', 'PT'],
  ['Dublin', 'IE'],
  ['Edinburgh', 'GB'],
  ['Copenhagen', 'DK'],
  ['Stockholm', 'SE'],
  ['Zürich', 'CH'],
  ['Athens', 'GR'],
  ['Istanbul', 'TR'],
  ['Dubai', 'AE'],
  ['New York City', 'US'],
  ['Los Angeles', 'US'],
  ['San Francisco', 'US'],
  ['Miami', 'US'],
  ['Chicago', 'US'],
  ['Toronto', 'CA'],
  ['Mexico City', 'MX'],
  ['Rio de Janeiro', 'BR'],
  ['Buenos Aires', 'AR'],
  ['Tokyo', 'JP'],
  ['Seoul', 'KR'],
  ['Singapore', 'SG'],
  ['Bangkok', 'TH'],
  ['Hong Kong', 'HK'],
  ['Sydney', 'AU'],
  ['Cape Town', 'ZA'],
  ['Marrakesh', 'MA'],
  ['Cairo', 'EG'],
  ['Delhi', 'IN'],
];

const NAMES = [
  'Grand',
  'Royal',
  'Park',
  'Harbour',
  'Central',
  'Garden',
  'Riverside',
  'Old Town',
  'Plaza',
  'Boutique',
  'Station',
  'Skyline',
];
const KINDS = ['Hotel', 'Inn', 'Suites', 'Residence', 'Lodge', 'House'];
const CHAINS = [null, null, null, 'Meridian Collection', 'Lantern Hotels', 'Azure Stays', 'Northstar Inns'];
const STREETS = [
  'Market Street',
  'Station Road',
  'Church Lane',
  'Park Avenue',
  'Harbour Walk',
  'King Street',
  'Rose Square',
];
const AMENITIES = [
  'wifi',
  'air_conditioning',
  'restaurant',
  'bar',
  'gym',
  'pool',
  'spa',
  'parking',
  'airport_shuttle',
  'pets_allowed',
  'family_rooms',
  'accessible',
];
const ROOMS: Array<Omit<RoomTypeRecord, 'rooms'>> = [
  {
    code: 'STD',
    name: 'Standard double room',
    beds: '1 double bed',
    max_adults: 2,
    max_children: 1,
    max_occupancy: 3,
    size_m2: 18,
    amenities: ['wifi', 'shower'],
    price_factor: 1,
  },
  {
    code: 'TWN',
    name: 'Superior twin room',
    beds: '2 single beds',
    max_adults: 2,
    max_children: 1,
    max_occupancy: 3,
    size_m2: 22,
    amenities: ['wifi', 'bath', 'desk'],
    price_factor: 1.25,
  },
  {
    code: 'FAM',
    name: 'Family suite',
    beds: '1 double bed and 2 single beds',
    max_adults: 4,
    max_children: 3,
    max_occupancy: 5,
    size_m2: 38,
    amenities: ['wifi', 'bath', 'sofa', 'kitchenette'],
    price_factor: 1.8,
  },
];

function citiesFor(catalogue: Catalogue, preset: HotelPreset): City[] {
  if (preset === 'S') return S_CITIES.map((id) => catalogue.cityById.get(id)!).filter(Boolean);
  const chosen = new Map<string, City>();
  for (const [name, country] of DESTINATIONS) {
    const city = catalogue.cities.find((c) => c.name === name && c.country_code === country);
    if (city) chosen.set(city.id, city);
  }
  for (const city of catalogue.cities) {
    if (chosen.size >= HOTEL_PRESETS[preset].cities) break;
    chosen.set(city.id, city);
  }
  return [...chosen.values()];
}

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
  ];
}

/** Plausible hotels around the catalogue's real cities, more in bigger cities. Deterministic for a seed. */
export function generateHotels(
  catalogue: Catalogue,
  preset: HotelPreset,
  start: string,
  seed = 7,
): HotelFile {
  const random = seededRandom(seed);
  const cities = citiesFor(catalogue, preset);
  const weights = cities.map((c) => Math.sqrt(c.population));
  const sum = weights.reduce((a, b) => a + b, 0);
  const hotels: HotelRecord[] = [];
  cities.forEach((city, ci) => {
    const count = Math.max(1, Math.round((HOTEL_PRESETS[preset].hotels * weights[ci]!) / sum));
    const currency = catalogue.countryByCode.get(city.country_code)?.currencies[0] ?? 'EUR';
    for (let i = 0; i < count; i++) {
      const stars = 1 + Math.min(4, Math.floor(random() * 5));
      const radiusKm = 0.3 + random() * 6;
      const angle = random() * Math.PI * 2;
      const latitude = city.latitude + (radiusKm / 111) * Math.cos(angle);
      const longitude =
        city.longitude +
        (radiusKm / (111 * Math.max(0.2, Math.cos((city.latitude * Math.PI) / 180)))) * Math.sin(angle);
      const name = `${NAMES[Math.floor(random() * NAMES.length)]} ${KINDS[Math.floor(random() * KINDS.length)]} ${city.name}`;
      const code = `${city.id.slice(4)}-${String(i + 1).padStart(4, '0')}`;
      hotels.push({
        code,
        name,
        city_id: city.id,
        chain: CHAINS[Math.floor(random() * CHAINS.length)] ?? null,
        stars,
        address: `${1 + Math.floor(random() * 200)} ${STREETS[Math.floor(random() * STREETS.length)]}, ${city.name}`,
        latitude: Math.round(latitude * 1e6) / 1e6,
        longitude: Math.round(longitude * 1e6) / 1e6,
        check_in_time: '15:00',
        check_out_time: stars >= 4 ? '12:00' : '11:00',
        description: `A ${stars}-star ${name.split(' ').slice(-2, -1)[0]!.toLowerCase()} ${radiusKm < 2 ? 'in the centre of' : 'in'} ${city.name}.`,
        amenities: AMENITIES.filter((_, k) => random() < 0.3 + stars * 0.1 || k === 0),
        images: [
          `https://images.itinera.example/hotels/${code}/1.jpg`,
          `https://images.itinera.example/hotels/${code}/2.jpg`,
        ],
        policies: { pets_allowed: random() < 0.3, smoking: false, min_check_in_age: 18 },
        active: true,
        room_types: ROOMS.map((r) => ({
          ...r,
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
