import { pick } from '../../../ports/seeded-random.ts';
import type { RoomTypeRecord } from '../inventory/hotel-file.ts';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  counted,
  listIn,
  PHRASES,
  type Phrases,
} from './hotel-content-languages.ts';
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

type Draws = Record<'where' | 'kind' | 'line' | 'style' | 'outlook' | 'food', number>;

/** One language's description from the same draws as every other's. */
function describeIn(p: Phrases, h: DescriptionInput, area: Area, d: Draws): string {
  const where = pick(p.where[area], d.where)
    .replace('{city}', () => h.city)
    .replace('{station}', () => h.station ?? '')
    .replace('{airport}', () => h.airport ?? '')
    .replace('{km}', () => h.km.toFixed(1).replace('.', p.decimal));
  const sentences = [
    p.opening
      .replace('{name}', () => h.name)
      .replace('{stars}', String(h.stars))
      .replace('{starCount}', () => counted(p.star, h.stars))
      .replace('{kind}', () => pick(p.kind[h.stars]!, d.kind))
      .replace('{where}', () => where),
    pick(p.roomsLine, d.line)
      .replace('{n}', String(h.rooms))
      .replace('{style}', () => pick(p.style, d.style))
      .replace('{outlook}', () => pick(p.outlook, d.outlook)),
    pick(p.food, d.food),
  ];
  const extras = h.amenities.flatMap((a) => (p.extras[a] ? [p.extras[a]] : [])).slice(0, 3);
  if (extras.length > 0) {
    const list = listIn(p, extras);
    sentences.push(
      p.extrasLine
        .replace('{List}', () => list.replace(/^./, (c) => c.toUpperCase()))
        .replace('{list}', () => list),
    );
  }
  return sentences.join(' ');
}

/**
 * Four or five sentences that tell one hotel from the next: its kind, place, rooms, table and extras, in
 * English, German, French and Spanish (the same phrases in each, drawn once).
 */
export function describeHotel(h: DescriptionInput, random: () => number): Record<ContentLanguage, string> {
  const area =
    (h.area === 'station' && !h.station) || (h.area === 'airport' && !h.airport) ? 'centre' : h.area;
  const d: Draws = {
    where: random(),
    kind: random(),
    line: random(),
    style: random(),
    outlook: random(),
    food: random(),
  };
  return inEveryLanguage((p) => describeIn(p, h, area, d));
}

/** A room type in a sentence, in each language: size, beds, guests and what it has. */
export function describeRoom(r: Omit<RoomTypeRecord, 'rooms'>): Record<ContentLanguage, string> {
  return inEveryLanguage((p) =>
    p.room
      .replace('{size}', String(r.size_m2))
      .replace('{beds}', () => p.beds[r.beds] ?? r.beds)
      .replace('{guests}', () => counted(p.guest, r.max_occupancy))
      .replace('{amenities}', () =>
        listIn(
          p,
          r.amenities.map((a) => p.amenities[a] ?? a.replaceAll('_', ' ')),
        ),
      ),
  );
}

/** A room type with its descriptions: English, and the others by language. */
export function describedRoom<R extends Omit<RoomTypeRecord, 'rooms'>>(r: R) {
  const { en, ...others } = describeRoom(r);
  return { ...r, description: en, descriptions: others };
}

function inEveryLanguage(write: (p: Phrases) => string): Record<ContentLanguage, string> {
  return Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, write(PHRASES[l])])) as Record<
    ContentLanguage,
    string
  >;
}
