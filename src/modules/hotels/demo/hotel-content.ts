import { pick } from '../../../ports/seeded-random.ts';
import type { RoomTypeRecord } from '../inventory/hotel-file.ts';
import type { Area } from './hotel-names.ts';

type Room = Omit<RoomTypeRecord, 'rooms'>;
const room = (
  code: string,
  name: string,
  beds: string,
  adults: number,
  children: number,
  size: number,
  amenities: string[],
  factor: number,
): Room => ({
  code,
  name,
  beds,
  max_adults: adults,
  max_children: children,
  max_occupancy: adults + children,
  size_m2: size,
  amenities,
  price_factor: factor,
});

/** Room types by class; a hotel offers three of its class, cheapest first. */
const ROOMS_BY_CLASS: Record<'economy' | 'midscale' | 'upscale' | 'luxury', readonly Room[]> = {
  economy: [
    room('SGL', 'Single room', '1 single bed', 1, 0, 11, ['wifi', 'shower'], 0.8),
    room('DBL', 'Standard double room', '1 double bed', 2, 1, 15, ['wifi', 'shower'], 1),
    room('TWN', 'Twin room', '2 single beds', 2, 1, 16, ['wifi', 'shower'], 1.05),
    room('TRP', 'Triple room', '3 single beds', 3, 1, 21, ['wifi', 'shower'], 1.35),
  ],
  midscale: [
    room('STD', 'Standard double room', '1 queen bed', 2, 1, 19, ['wifi', 'shower', 'desk'], 1),
    room('TWN', 'Superior twin room', '2 single beds', 2, 1, 22, ['wifi', 'bath', 'desk'], 1.2),
    room('DLX', 'Deluxe double room', '1 king bed', 2, 1, 25, ['wifi', 'bath', 'minibar'], 1.35),
    room('FAM', 'Family room', '1 double bed and 2 single beds', 4, 3, 34, ['wifi', 'bath', 'sofa'], 1.7),
  ],
  upscale: [
    room('DLX', 'Deluxe king room', '1 king bed', 2, 1, 28, ['wifi', 'bath', 'minibar', 'coffee_machine'], 1),
    room('DTW', 'Deluxe twin room', '2 double beds', 3, 2, 32, ['wifi', 'bath', 'minibar'], 1.15),
    room('EXE', 'Executive room', '1 king bed', 2, 1, 32, ['wifi', 'bath', 'lounge_access', 'view'], 1.4),
    room('JST', 'Junior suite', '1 king bed and a sofa bed', 3, 2, 45, ['wifi', 'bath', 'sofa', 'view'], 1.9),
  ],
  luxury: [
    room('DLX', 'Deluxe room', '1 king bed', 2, 1, 38, ['wifi', 'bath', 'rain_shower', 'minibar'], 1),
    room('PRM', 'Premier room', '1 king bed', 2, 1, 45, ['wifi', 'bath', 'view', 'minibar'], 1.3),
    room('JST', 'Junior suite', '1 king bed and a sofa bed', 3, 2, 60, ['wifi', 'bath', 'sofa', 'view'], 1.8),
    room(
      'STE',
      'Suite',
      '1 king bed, separate living room',
      4,
      2,
      85,
      ['wifi', 'bath', 'butler', 'view'],
      2.8,
    ),
  ],
};

const classOf = (stars: number) =>
  stars <= 2 ? 'economy' : stars === 3 ? 'midscale' : stars === 4 ? 'upscale' : 'luxury';

/**
 * Three room types of the hotel's class, sizes scaled to the city (smaller where space is dear,
 * `sizeFactor` below 1), keeping their order of price.
 */
export function roomTypesFor(stars: number, sizeFactor: number, random: () => number): Room[] {
  const pool = ROOMS_BY_CLASS[classOf(stars)];
  const skip = Math.floor(random() * pool.length);
  return pool
    .filter((_, i) => i !== skip)
    .map((r) => ({
      ...r,
      size_m2: Math.max(9, Math.round(r.size_m2 * sizeFactor * (0.9 + random() * 0.2))),
    }));
}

const KIND: Record<number, readonly string[]> = {
  1: ['simple guesthouse', 'budget hotel', 'hostel with private rooms'],
  2: ['budget hotel', 'family-run guesthouse', 'compact city hotel'],
  3: ['comfortable city hotel', 'family-run hotel', 'modern hotel', 'small boutique hotel'],
  4: ['design hotel', 'business hotel', 'boutique hotel', 'upscale hotel'],
  5: ['grand hotel', 'luxury hotel', 'landmark hotel', 'palace hotel'],
};
const WHERE: Record<Area, readonly string[]> = {
  centre: [
    'in the heart of {city}',
    'a short walk from the centre of {city}',
    'on a lively square in {city}',
  ],
  old_town: ['in the old town of {city}', 'on a quiet cobbled street in historic {city}'],
  station: ['{km} km from {station}', 'opposite {station}', 'a few minutes on foot from {station}'],
  airport: ['{km} km from {airport}, with a shuttle to the terminals', 'beside {airport}'],
  business: ['in the business district of {city}', 'next to the convention centre of {city}'],
  outskirts: ['in a green residential district of {city}', 'on the edge of {city}, with easy parking'],
};
const ROOMS_LINE = [
  'Its {n} rooms are {style}.',
  'The {n} rooms are {style}, with blackout curtains and good beds.',
  '{n} rooms, {style}, look onto {outlook}.',
];
const STYLE = [
  'bright and simply furnished',
  'decorated in warm woods and linen',
  'styled by local designers',
  'quiet and practical',
  'spacious, with high ceilings',
  'done in muted colours with art from the region',
];
const OUTLOOK = ['the street', 'an inner courtyard', 'the skyline', 'a garden', 'the river', 'the rooftops'];
const FOOD = [
  'Breakfast is a buffet of local and continental dishes.',
  'The restaurant serves seasonal regional cooking.',
  'A café off the lobby serves breakfast until late morning.',
  'The rooftop bar has views over the city.',
  'There is no restaurant, but many within a few minutes’ walk.',
];
const EXTRA: Record<string, string> = {
  pool: 'a pool',
  spa: 'a spa with sauna',
  gym: 'a gym open all hours',
  parking: 'parking on site',
  airport_shuttle: 'a shuttle to the airport',
  family_rooms: 'rooms for families',
  pets_allowed: 'pets are welcome',
};

export interface DescriptionInput {
  name: string;
  stars: number;
  rooms: number;
  area: Area;
  city: string;
  station: string | null;
  airport: string | null;
  km: number;
  amenities: readonly string[];
}

/** Four or five sentences that tell one hotel from the next: its kind, place, rooms, table and extras. */
export function describeHotel(h: DescriptionInput, random: () => number): string {
  const area =
    (h.area === 'station' && !h.station) || (h.area === 'airport' && !h.airport) ? 'centre' : h.area;
  const where = pick(WHERE[area], random())
    .replace('{city}', h.city)
    .replace('{station}', h.station ?? '')
    .replace('{airport}', h.airport ?? '')
    .replace('{km}', h.km.toFixed(1));
  const sentences = [
    `${h.name} is a ${h.stars}-star ${pick(KIND[h.stars]!, random())} ${where}.`,
    pick(ROOMS_LINE, random())
      .replace('{n}', String(h.rooms))
      .replace('{style}', pick(STYLE, random()))
      .replace('{outlook}', pick(OUTLOOK, random())),
    pick(FOOD, random()),
  ];
  const extras = h.amenities.flatMap((a) => (EXTRA[a] ? [EXTRA[a]] : []));
  if (extras.length > 0) {
    const items = extras.slice(0, 3);
    const list = items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
    sentences.push(`${list.replace(/^./, (c) => c.toUpperCase())}.`);
  }
  return sentences.join(' ');
}
