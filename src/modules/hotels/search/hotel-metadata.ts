import type { Catalogue } from '../../catalog/index.ts';
import { fold } from '../../catalog/index.ts';
import {
  decodeHotelContent,
  decodeImages,
  decodeRatePlan,
  decodeRoomType,
} from '../inventory/hotel-content-codec.ts';
import type { HotelRow, RatePlanRow, RoomTypeRow } from '../inventory/hotels-repository.ts';
import type { HotelIndex } from './hotel-index.ts';

/** Cities with at least one active hotel, most hotels first; optionally one country, or names starting with `q`. */
export function hotelCities(
  index: HotelIndex,
  catalogue: Catalogue,
  filter: { country?: string; q?: string },
) {
  const q = filter.q ? fold(filter.q) : '';
  const out = [];
  for (const [cityId, count] of index.cityCounts()) {
    const city = catalogue.cityById.get(cityId);
    if (!city) continue;
    if (filter.country && city.country_code !== filter.country.toUpperCase()) continue;
    if (q && !fold(city.name).startsWith(q)) continue;
    out.push({
      city_id: city.id,
      name: city.name,
      country_code: city.country_code,
      latitude: city.latitude,
      longitude: city.longitude,
      hotel_count: count,
    });
  }
  return out.sort((a, b) => b.hotel_count - a.hotel_count || a.name.localeCompare(b.name));
}

/** Destination autocomplete: cities with hotels whose name starts with the text, then hotels whose name contains it. */
export function destinations(index: HotelIndex, catalogue: Catalogue, text: string, limit: number) {
  const q = fold(text);
  const cities = hotelCities(index, catalogue, { q }).map((c) => ({
    type: 'city' as const,
    id: c.city_id,
    name: c.name,
    country_code: c.country_code,
    hotel_count: c.hotel_count,
    city_id: c.city_id,
    city_name: c.name,
    stars: null,
  }));
  // Hotels whose name starts with the text first, then by name; folded names come from the index.
  const matches = index.named(q, limit * 4);
  matches.sort(
    (a, b) =>
      Number(b.nameFolded.startsWith(q)) - Number(a.nameFolded.startsWith(q)) || a.name.localeCompare(b.name),
  );
  const hotels = matches.map((h) => ({
    type: 'hotel' as const,
    id: h.id,
    name: h.name,
    country_code: h.country_code,
    hotel_count: null,
    city_id: h.city_id,
    city_name: h.city_name,
    stars: h.stars,
  }));
  return [...cities, ...hotels].slice(0, limit);
}

/** A hotel's summary in the feed. */
export function hotelSummary(h: HotelRow, catalogue: Catalogue) {
  return {
    id: h.id,
    code: h.code,
    name: h.name,
    active: h.active === 1,
    city_id: h.city_id,
    city_name: catalogue.cityById.get(h.city_id)?.name ?? '',
    chain: h.chain,
    stars: h.stars,
    address: h.address,
    latitude: h.latitude,
    longitude: h.longitude,
    time_zone: h.time_zone,
    updated_at: h.updated_at,
  };
}

/** Texts by language and the reader's choice of them (`pick`, as Accept-Language says) → one text and its language. */
type Pick = (languages: string[]) => string;

function inLanguage(texts: Record<string, string>, pick: Pick): { text: string; language: string } | null {
  const languages = Object.keys(texts).filter((l) => texts[l]);
  if (languages.length === 0) return null;
  // English first, so a reader whose languages are none of these reads English where there is some.
  languages.sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  const language = pick(languages);
  return { text: texts[language]!, language };
}

/**
 * Everything a hotel page shows: content, room types, rate plans in outline; descriptions in the reader's
 * language where the hotel has one (`pick` chooses among those it has), English otherwise.
 */
export function hotelDetails(
  h: HotelRow,
  rooms: RoomTypeRow[],
  plans: RatePlanRow[],
  catalogue: Catalogue,
  pick: Pick = (languages) => languages[0]!,
  /** Imported pictures of room types: the picture's id by room type id. */
  roomPictures: ReadonlyMap<string, string> = new Map(),
) {
  const texts = { ...(h.description ? { en: h.description } : {}), ...JSON.parse(h.descriptions) };
  const described = inLanguage(texts, pick);
  // A hotel whose pictures Itinera draws has one of each room type too.
  const drawnHere = decodeImages(h.images)[0]?.startsWith(`/images/hotels/${h.code}/`) ?? false;
  return {
    ...hotelSummary(h, catalogue),
    review_score: h.review_count > 0 ? h.review_score / 10 : null,
    review_count: h.review_count,
    description: described?.text ?? '',
    description_language: described?.language ?? 'en',
    check_in_time: h.check_in_time,
    check_out_time: h.check_out_time,
    ...decodeHotelContent(h),
    room_types: rooms
      .map((r) => ({ ...decodeRoomType(r), texts: JSON.parse(r.descriptions) as Record<string, string> }))
      .map((r) => ({
        description: inLanguage(r.texts, pick)?.text ?? null,
        image: roomPictures.has(r.id)
          ? `/images/hotels/${h.code}/uploads/${roomPictures.get(r.id)}.webp`
          : drawnHere
            ? `/images/hotels/${h.code}/rooms/${r.code}.webp`
            : null,
        code: r.code,
        name: r.name,
        beds: r.beds,
        max_adults: r.max_adults,
        max_children: r.max_children,
        max_occupancy: r.max_occupancy,
        size_m2: r.size_m2,
        amenities: r.amenities,
      })),
    rate_plans: plans
      .map((p) => decodeRatePlan(p))
      .map((p) => ({
        code: p.code,
        name: p.name,
        board: p.board,
        currency: p.currency,
        refundable: p.cancellation.refundable,
        min_stay: p.min_stay,
      })),
  };
}
