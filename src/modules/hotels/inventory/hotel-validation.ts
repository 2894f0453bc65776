import { invalidFields } from '../../../http/app-error.ts';
import { daysBetween } from '../../../shared/calendar.ts';
import { type ImportProblem, isDate, isText, matches } from '../../../shared/import-problems.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { type AllotmentRecord, BOARDS, type HotelFile, PAYMENT_TYPES } from './hotel-file.ts';
import type { Season } from './hotel-rates.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const int = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
const MAX_ALLOTMENT_NIGHTS = 400;
/**
 * The largest amount a rate may name, in minor units of any currency (a night of a palace in rupiah
 * cents fits): a stay of 30 nights, 8 rooms and every factor stays a safe integer.
 */
const MAX_AMOUNT = 1_000_000_000_000;

/** Every problem of a hotel import file, each with a JSON pointer; empty means it can be imported. */
/** Accepts a file as the hotel import format, or throws 400 listing every problem with its pointer. */
export function assertHotelFile(file: unknown, catalogue: Catalogue): asserts file is HotelFile {
  const problems = validateHotels(file as HotelFile, catalogue);
  if (problems.length > 0) throw invalidFields('The hotel file', problems);
}

export function validateHotels(file: HotelFile, catalogue: Catalogue): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const bad = (pointer: string, detail: string) => problems.push({ pointer, detail });
  /**
   * The records of a list that are objects, each with its index; anything else in the list (or a list
   * that is not one) is reported, so no rule below ever reads a field of null, a number or a string.
   */
  function records<T>(list: unknown, pointer: string, required: boolean): Array<[T, number]> {
    if (list === undefined || list === null) {
      if (required) bad(pointer, 'must be an array');
      return [];
    }
    if (!Array.isArray(list)) {
      bad(pointer, 'must be an array');
      return [];
    }
    return list.flatMap((item, i): Array<[T, number]> => {
      if (item && typeof item === 'object' && !Array.isArray(item)) return [[item as T, i]];
      bad(`${pointer}/${i}`, 'must be an object');
      return [];
    });
  }
  if (!Array.isArray(file?.hotels)) return [{ pointer: '/hotels', detail: 'must be an array' }];
  const codes = new Map<string, Set<string>>();
  for (const [h, i] of records<HotelFile['hotels'][number]>(file.hotels, '/hotels', true)) {
    const p = `/hotels/${i}`;
    if (typeof h.code !== 'string' || !CODE.test(h.code))
      bad(`${p}/code`, 'must be 1–40 of A-Z a-z 0-9 . _ -');
    else if (codes.has(h.code)) bad(`${p}/code`, 'appears twice in the file');
    if (typeof h.name !== 'string' || h.name.trim() === '' || h.name.length > 200)
      bad(`${p}/name`, 'must be 1–200 characters');
    if (h.chain !== undefined && h.chain !== null && (typeof h.chain !== 'string' || h.chain.length > 100))
      bad(`${p}/chain`, 'must be a name of at most 100 characters, or null');
    if (!isText(h.address, 0, 300)) bad(`${p}/address`, 'must be text of at most 300 characters');
    if (h.description !== undefined && !isText(h.description, 0, 10_000))
      bad(`${p}/description`, 'must be text of at most 10,000 characters');
    checkDescriptions(h.descriptions, `${p}/descriptions`, bad);
    checkReviews(h.reviews, `${p}/reviews`, bad);
    if (
      h.policies !== undefined &&
      (h.policies === null || typeof h.policies !== 'object' || Array.isArray(h.policies))
    )
      bad(`${p}/policies`, 'must be an object');
    if (!catalogue.cityById.has(h.city_id)) bad(`${p}/city_id`, 'must be a city id of /b2c/cities');
    if (!int(h.stars, 1, 5)) bad(`${p}/stars`, 'must be 1 to 5');
    if (typeof h.latitude !== 'number' || Math.abs(h.latitude) > 90)
      bad(`${p}/latitude`, 'must be -90 to 90');
    if (typeof h.longitude !== 'number' || Math.abs(h.longitude) > 180)
      bad(`${p}/longitude`, 'must be -180 to 180');
    if (!matches(TIME, h.check_in_time)) bad(`${p}/check_in_time`, 'must be HH:MM');
    if (!matches(TIME, h.check_out_time)) bad(`${p}/check_out_time`, 'must be HH:MM');
    for (const k of ['amenities', 'images'] as const)
      if (!Array.isArray(h[k]) || h[k].some((x) => typeof x !== 'string'))
        bad(`${p}/${k}`, 'must be an array of strings');
    if (Array.isArray(h.room_types) && h.room_types.length === 0)
      bad(`${p}/room_types`, 'needs at least one room type');
    if (Array.isArray(h.rate_plans) && h.rate_plans.length === 0)
      bad(`${p}/rate_plans`, 'needs at least one rate plan');
    const rooms = new Set<string>();
    for (const [r, j] of records<HotelFile['hotels'][number]['room_types'][number]>(
      h.room_types,
      `${p}/room_types`,
      true,
    )) {
      const q = `${p}/room_types/${j}`;
      if (typeof r.code !== 'string' || !CODE.test(r.code) || rooms.has(r.code))
        bad(`${q}/code`, 'must be a code unique in the hotel');
      rooms.add(r.code);
      if (!isText(r.name, 1, 200)) bad(`${q}/name`, 'must be 1–200 characters');
      if (!isText(r.beds, 0, 200)) bad(`${q}/beds`, 'must be text of at most 200 characters');
      if (!int(r.size_m2, 0, 10_000))
        bad(`${q}/size_m2`, 'must be a whole number of square metres, 0 to 10,000');
      if (
        !int(r.max_adults, 1, 10) ||
        !int(r.max_children, 0, 10) ||
        !int(r.max_occupancy, 1, 12) ||
        r.max_occupancy < r.max_adults
      ) {
        bad(`${q}/max_occupancy`, 'occupancy limits must be whole numbers with max_occupancy ≥ max_adults');
      }
      if (!int(r.rooms, 0, 5000)) bad(`${q}/rooms`, 'must be 0 to 5000');
      if (typeof r.price_factor !== 'number' || r.price_factor <= 0 || r.price_factor > 20)
        bad(`${q}/price_factor`, 'must be above 0 and at most 20');
      if (!Array.isArray(r.amenities) || r.amenities.some((x) => typeof x !== 'string'))
        bad(`${q}/amenities`, 'must be an array of strings');
      if (r.description !== undefined && !isText(r.description, 0, 10_000))
        bad(`${q}/description`, 'must be text of at most 10,000 characters');
      checkDescriptions(r.descriptions, `${q}/descriptions`, bad);
    }
    codes.set(h.code, rooms);
    const plans = new Set<string>();
    for (const [r, j] of records<HotelFile['hotels'][number]['rate_plans'][number]>(
      h.rate_plans,
      `${p}/rate_plans`,
      true,
    )) {
      const q = `${p}/rate_plans/${j}`;
      if (typeof r.code !== 'string' || !CODE.test(r.code) || plans.has(r.code))
        bad(`${q}/code`, 'must be a code unique in the hotel');
      plans.add(r.code);
      if (!isText(r.name, 1, 200)) bad(`${q}/name`, 'must be 1–200 characters');
      if (!BOARDS.includes(r.board)) bad(`${q}/board`, `must be one of ${BOARDS.join(', ')}`);
      if (typeof r.currency !== 'string' || !/^[A-Z]{3}$/.test(r.currency))
        bad(`${q}/currency`, 'must be an ISO 4217 code');
      if (!int(r.base_amount, 1, MAX_AMOUNT))
        bad(`${q}/base_amount`, 'must be a whole amount in minor units');
      if (!int(r.standard_adults, 1, 10) || !int(r.extra_adult_percent, 0, 200))
        bad(`${q}/standard_adults`, 'standard_adults 1–10, extra_adult_percent 0–200');
      if (
        !Array.isArray(r.weekday_percents) ||
        r.weekday_percents.length !== 7 ||
        r.weekday_percents.some((x) => !int(x, 10, 500))
      )
        bad(`${q}/weekday_percents`, 'must be 7 percents (Monday first), 10–500');
      for (const [s, k] of records<Season>(r.seasons, `${q}/seasons`, false)) {
        if (!isDate(s.from) || !isDate(s.to) || s.to < s.from || !int(s.percent, 10, 1000))
          bad(`${q}/seasons/${k}`, 'needs from ≤ to (dates) and a percent 10–1000');
      }
      if (
        !Array.isArray(r.child_bands) ||
        r.child_bands.some((b) => !b || !int(b.max_age, 0, 17) || !int(b.percent, 0, 200))
      )
        bad(`${q}/child_bands`, 'each band needs max_age 0–17 and percent 0–200');
      if (
        !int(r.taxes?.vat_percent_included, 0, 50) ||
        !int(r.taxes?.city_tax_per_person_night, 0, MAX_AMOUNT)
      )
        bad(`${q}/taxes`, 'needs vat_percent_included 0–50 and city_tax_per_person_night in minor units');
      const c = r.cancellation;
      if (
        typeof c?.refundable !== 'boolean' ||
        !Array.isArray(c.steps) ||
        c.steps.some((s) => !s || !int(s.days_before, 0, 365) || !int(s.percent, 0, 100))
      ) {
        bad(`${q}/cancellation`, 'needs refundable and steps of {days_before 0–365, percent 0–100}');
      }
      if (!int(r.min_stay, 1, 60)) bad(`${q}/min_stay`, 'must be 1 to 60');
      if (typeof r.closed_to_arrival !== 'string' || !/^[1-7]{0,7}$/.test(r.closed_to_arrival))
        bad(`${q}/closed_to_arrival`, 'must be ISO weekday digits, or empty');
      if (r.payment !== undefined && !(PAYMENT_TYPES as readonly unknown[]).includes(r.payment))
        bad(`${q}/payment`, `must be one of ${PAYMENT_TYPES.join(', ')}`);
    }
  }
  for (const [a, i] of records<AllotmentRecord>(file.allotments, '/allotments', false)) {
    const p = `/allotments/${i}`;
    const rooms = codes.get(a.hotel_code);
    if (!rooms) bad(`${p}/hotel_code`, 'must be a hotel of this file');
    else if (!rooms.has(a.room_type)) bad(`${p}/room_type`, 'must be a room type of that hotel');
    if (
      !isDate(a.from) ||
      !isDate(a.to) ||
      a.to < a.from ||
      daysBetween(a.from, a.to) >= MAX_ALLOTMENT_NIGHTS
    ) {
      bad(`${p}/to`, `needs from ≤ to, at most ${MAX_ALLOTMENT_NIGHTS} nights`);
    }
    if (a.rooms !== undefined && a.rooms !== null && !int(a.rooms, 0, 5000))
      bad(`${p}/rooms`, 'must be 0 to 5000');
  }
  return problems;
}

/** Descriptions by language: an object of ISO 639-1 codes to texts of at most 10,000 characters. */
function checkDescriptions(value: unknown, pointer: string, bad: (pointer: string, detail: string) => void) {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    bad(pointer, 'must be an object of texts by language code (de, fr, es…)');
    return;
  }
  for (const [language, text] of Object.entries(value)) {
    if (!/^[a-z]{2}$/.test(language)) bad(`${pointer}/${language}`, 'must be under an ISO 639-1 code');
    else if (!isText(text, 1, 10_000))
      bad(`${pointer}/${language}`, 'must be text of 1 to 10,000 characters');
  }
}

/** Imported reviews: at most 500 a hotel, each a score of 1–10, a text, its language, author and month. */
function checkReviews(value: unknown, pointer: string, bad: (pointer: string, detail: string) => void) {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.length > 500) {
    bad(pointer, 'must be an array of at most 500 reviews');
    return;
  }
  for (const [i, r] of value.entries()) {
    const q = `${pointer}/${i}`;
    if (r === null || typeof r !== 'object') {
      bad(q, 'must be an object');
      continue;
    }
    if (!Number.isInteger(r.score) || r.score < 1 || r.score > 10) bad(`${q}/score`, 'must be 1 to 10');
    if (r.title !== undefined && !isText(r.title, 1, 100)) bad(`${q}/title`, 'must be 1–100 characters');
    if (!isText(r.text, 1, 2000)) bad(`${q}/text`, 'must be 1–2000 characters');
    if (typeof r.language !== 'string' || !/^[a-z]{2}$/.test(r.language))
      bad(`${q}/language`, 'must be an ISO 639-1 code');
    if (!isText(r.author, 1, 60)) bad(`${q}/author`, 'must be 1–60 characters');
    if (typeof r.stayed_in !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(r.stayed_in))
      bad(`${q}/stayed_in`, 'must be a month, YYYY-MM');
  }
}
