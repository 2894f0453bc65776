import { type CsvRow, csvHeader, readCsv } from '../../../shared/csv-records.ts';
import type { LineProblem } from '../../../shared/import-problems.ts';
import { isCurrency } from '../../money/index.ts';
import * as cell from './hotel-csv-cells.ts';
import type {
  AllotmentRecord,
  Board,
  HotelRecord,
  PaymentType,
  RatePlanRecord,
  RoomTypeRecord,
} from './hotel-file.ts';

/** Hotel content without its rooms and rates: one row of hotels.csv. */
export type HotelContentRecord = Omit<HotelRecord, 'room_types' | 'rate_plans'>;
export type HotelRoomTypeRow = RoomTypeRecord & { hotel_code: string };
export type HotelRatePlanRow = RatePlanRecord & { hotel_code: string };

/** The four tables a hotel operator keeps in spreadsheets, in the order they build on each other. */
export const HOTEL_TABLES = {
  hotels: {
    required: [
      'code',
      'name',
      'city_id',
      'stars',
      'address',
      'latitude',
      'longitude',
      'check_in_time',
      'check_out_time',
    ],
    optional: [
      'chain',
      'description',
      'amenities',
      'images',
      'pets_allowed',
      'smoking',
      'min_check_in_age',
      'active',
    ],
  },
  room_types: {
    required: [
      'hotel_code',
      'code',
      'name',
      'beds',
      'max_adults',
      'max_children',
      'max_occupancy',
      'size_m2',
      'rooms',
    ],
    optional: ['amenities', 'price_factor'],
  },
  rate_plans: {
    required: ['hotel_code', 'code', 'name', 'board', 'currency', 'base_amount', 'cancellation'],
    optional: [
      'standard_adults',
      'extra_adult_percent',
      'vat_percent_included',
      'city_tax_per_person_night',
      'min_stay',
      'closed_to_arrival',
      'payment',
      'weekday_percents',
      'seasons',
      'child_bands',
    ],
  },
  allotments: {
    required: ['hotel_code', 'room_type', 'from', 'to'],
    optional: ['rooms', 'closed', 'closed_to_arrival'],
  },
} as const;

export type HotelTable = keyof typeof HOTEL_TABLES;

/**
 * Which table a CSV text is, by its header: hotels start `code,name`; the others start `hotel_code`, then
 * `room_type` (allotments) or `code,name,` and `beds` (room types) or `board` (rate plans).
 */
export function hotelTableOf(text: string): HotelTable | undefined {
  const header = csvHeader(text);
  if (header[0] === 'code' && header.includes('city_id')) return 'hotels';
  if (header[0] !== 'hotel_code') return undefined;
  if (header[1] === 'room_type') return 'allotments';
  if (header.includes('beds')) return 'room_types';
  if (header.includes('board')) return 'rate_plans';
  return undefined;
}

type Reader<T> = (cells: Record<string, string>, problem: cell.Problem) => T;

const readHotel: Reader<HotelContentRecord> = (c, problem) => ({
  code: c.code ?? '',
  name: c.name ?? '',
  city_id: c.city_id ?? '',
  chain: c.chain || null,
  stars: cell.integer('stars', c.stars ?? '', problem),
  address: c.address ?? '',
  latitude: cell.decimal('latitude', c.latitude ?? '', problem),
  longitude: cell.decimal('longitude', c.longitude ?? '', problem),
  check_in_time: c.check_in_time ?? '',
  check_out_time: c.check_out_time ?? '',
  description: c.description ?? '',
  amenities: cell.list(c.amenities ?? ''),
  images: cell.list(c.images ?? ''),
  policies: {
    pets_allowed: cell.flag('pets_allowed', c.pets_allowed ?? '', problem, false),
    smoking: cell.flag('smoking', c.smoking ?? '', problem, false),
    min_check_in_age: cell.integer('min_check_in_age', c.min_check_in_age ?? '', problem, 18),
  },
  active: cell.flag('active', c.active ?? '', problem, true),
});

const readRoomType: Reader<HotelRoomTypeRow> = (c, problem) => ({
  hotel_code: c.hotel_code ?? '',
  code: c.code ?? '',
  name: c.name ?? '',
  beds: c.beds ?? '',
  max_adults: cell.integer('max_adults', c.max_adults ?? '', problem),
  max_children: cell.integer('max_children', c.max_children ?? '', problem),
  max_occupancy: cell.integer('max_occupancy', c.max_occupancy ?? '', problem),
  size_m2: cell.decimal('size_m2', c.size_m2 ?? '', problem),
  amenities: cell.list(c.amenities ?? ''),
  rooms: cell.integer('rooms', c.rooms ?? '', problem),
  price_factor: cell.decimal('price_factor', c.price_factor ?? '', problem, 1),
});

const readRatePlan: Reader<HotelRatePlanRow> = (c, problem) => {
  const currency = c.currency ?? '';
  if (!isCurrency(currency)) problem(`currency ${JSON.stringify(currency)} is not an ISO 4217 code`);
  const money = (column: string, blank?: number) =>
    isCurrency(currency) ? cell.amount(column, c[column] ?? '', currency, problem, blank) : 0;
  return {
    hotel_code: c.hotel_code ?? '',
    code: c.code ?? '',
    name: c.name ?? '',
    board: (c.board ?? '') as Board,
    currency,
    base_amount: money('base_amount'),
    standard_adults: cell.integer('standard_adults', c.standard_adults ?? '', problem, 2),
    extra_adult_percent: cell.integer('extra_adult_percent', c.extra_adult_percent ?? '', problem, 0),
    seasons: cell.seasons(c.seasons ?? '', problem),
    weekday_percents: cell.weekdayPercents(c.weekday_percents ?? '', problem),
    child_bands: cell.childBands(c.child_bands ?? '', problem),
    taxes: {
      vat_percent_included: cell.integer('vat_percent_included', c.vat_percent_included ?? '', problem, 0),
      city_tax_per_person_night: money('city_tax_per_person_night', 0),
    },
    cancellation: cell.cancellation(c.cancellation ?? '', problem),
    min_stay: cell.integer('min_stay', c.min_stay ?? '', problem, 1),
    closed_to_arrival: (c.closed_to_arrival ?? '').replace(/[\s;,]/g, ''),
    payment: (c.payment || 'pay_now') as PaymentType,
  };
};

const readAllotment: Reader<AllotmentRecord> = (c, problem) => ({
  hotel_code: c.hotel_code ?? '',
  room_type: c.room_type ?? '',
  from: c.from ?? '',
  to: c.to ?? '',
  rooms: c.rooms ? cell.integer('rooms', c.rooms, problem) : null,
  closed: cell.flag('closed', c.closed ?? '', problem, false),
  closed_to_arrival: cell.flag('closed_to_arrival', c.closed_to_arrival ?? '', problem, false),
});

export type ParsedHotelTable =
  | { table: 'hotels'; records: HotelContentRecord[]; lines: number[]; problems: LineProblem[] }
  | { table: 'room_types'; records: HotelRoomTypeRow[]; lines: number[]; problems: LineProblem[] }
  | { table: 'rate_plans'; records: HotelRatePlanRow[]; lines: number[]; problems: LineProblem[] }
  | { table: 'allotments'; records: AllotmentRecord[]; lines: number[]; problems: LineProblem[] };

const READERS = {
  hotels: readHotel,
  room_types: readRoomType,
  rate_plans: readRatePlan,
  allotments: readAllotment,
} as const;

function readRows<T>(rows: CsvRow[], read: Reader<T>, problems: LineProblem[]) {
  const records: T[] = [];
  const lines: number[] = [];
  for (const row of rows) {
    const before = problems.length;
    const record = read(row.cells, (detail) => problems.push({ line: row.line, detail }));
    if (problems.length === before) {
      records.push(record);
      lines.push(row.line);
    }
  }
  return { records, lines };
}

/**
 * Reads one of the hotel CSV tables (docs/hotel-import.md), which it tells by the header. Rows whose cells
 * cannot be read are left out with their problems; the import's own rules come after.
 */
export function parseHotelTable(text: string): ParsedHotelTable {
  const table = hotelTableOf(text);
  if (!table) {
    const detail =
      'the header is none of hotels.csv (code,name,city_id,…), room_types.csv (hotel_code,code,name,beds,…), ' +
      'rate_plans.csv (hotel_code,code,name,board,…) or allotments.csv (hotel_code,room_type,from,to,…)';
    return { table: 'hotels', records: [], lines: [], problems: [{ line: 1, detail }] };
  }
  const { rows, problems } = readCsv(text, HOTEL_TABLES[table]);
  if (problems.length > 0) return { table, records: [], lines: [], problems } as ParsedHotelTable;
  if (rows.length === 0) problems.push({ line: 1, detail: 'the file has a header and no row' });
  const read = readRows(rows, READERS[table] as Reader<unknown>, problems);
  return { table, ...read, problems } as ParsedHotelTable;
}
