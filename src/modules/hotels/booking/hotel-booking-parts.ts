import { type FieldError, invalidField, invalidFields } from '../../../http/app-error.ts';
import type { RateKeyPayload, RateKeys } from '../search/rate-key.ts';
import { checkGuests, type RoomGuestsInput } from './hotel-booking-rules.ts';
import { expired } from './hotel-rate-now.ts';

/**
 * The rate keys (or quotes) a booking is made of, each with the rooms it books: one key for every room
 * (the rooms of one search, all of one room type and rate), or one key in each room (each room searched
 * on its own, so a party can mix a double and a family room on different rates). Every key is for the
 * same hotel, dates and currency.
 */
export interface BookingPart {
  payload: RateKeyPayload;
  rooms: RoomGuestsInput[];
  /** The position of its first room in the booking. */
  first: number;
}

type Keyed = { quote_id?: string | undefined; rate_key?: string | undefined };
type PartsInput = Keyed & {
  rooms: Array<RoomGuestsInput & Keyed>;
  expected_total: { currency: string };
};

/** Reads a key at `at` (`/quote_id`, `/rooms/1/rate_key`…): 400 when it is none of ours, 410 when it expired. */
function readKey(keys: RateKeys, keyed: Keyed, at: string, now: Date): RateKeyPayload {
  const quote = keyed.quote_id !== undefined;
  const p = quote ? keys.readQuote(keyed.quote_id!) : keys.read(keyed.rate_key!);
  if (!p)
    throw quote
      ? invalidField(`${at}/quote_id`, 'is not a quote from /check_rate')
      : invalidField(`${at}/rate_key`, 'is not a rate key from /search_hotels');
  if (p.expires * 1000 <= now.getTime()) throw expired(p, quote ? 'quote' : 'rate key');
  return p;
}

const hasKey = (k: Keyed) => k.quote_id !== undefined || k.rate_key !== undefined;
const bothKeys = (k: Keyed) => k.quote_id !== undefined && k.rate_key !== undefined;

/** The booking's parts, checked: keys where they belong, one stay, and guests that fit each key's rooms. */
export function readParts(keys: RateKeys, input: PartsInput, now: Date): BookingPart[] {
  const inRooms = input.rooms.filter(hasKey).length;
  if (bothKeys(input) || input.rooms.some(bothKeys))
    throw invalidField(
      input.rooms.some(bothKeys) ? '/rooms' : '/quote_id',
      'takes a quote_id or a rate_key, not both',
    );
  if (hasKey(input) ? inRooms > 0 : inRooms !== input.rooms.length)
    throw invalidField(
      '/quote_id',
      'or rate_key is required once for every room, or in each room (to mix room types and rates)',
    );
  const parts: BookingPart[] = hasKey(input)
    ? [{ payload: readKey(keys, input, '', now), rooms: input.rooms, first: 0 }]
    : input.rooms.map((room, i) => {
        const payload = readKey(keys, room, `/rooms/${i}`, now);
        if (payload.rooms.length !== 1)
          throw invalidField(
            `/rooms/${i}/${room.quote_id !== undefined ? 'quote_id' : 'rate_key'}`,
            `books ${payload.rooms.length} rooms; in a room, give the key of a search for that room alone`,
          );
        return { payload, rooms: [room], first: i };
      });
  const [one] = parts;
  for (const part of parts.slice(1)) {
    const p = part.payload;
    if (
      p.hotel_id !== one!.payload.hotel_id ||
      p.check_in !== one!.payload.check_in ||
      p.check_out !== one!.payload.check_out ||
      p.currency !== one!.payload.currency
    )
      throw invalidField(
        `/rooms/${part.first}`,
        'is a rate of another hotel, stay or currency than the first room: one booking is one stay',
      );
  }
  if (input.expected_total.currency !== one!.payload.currency)
    throw invalidField('/expected_total/currency', `must be the rate's currency ${one!.payload.currency}`);
  const errors: FieldError[] = parts.flatMap((part) =>
    checkGuests(part.rooms, part.payload.rooms).map((e) => ({
      ...e,
      pointer: e.pointer.replace(/^\/rooms\/(\d+)/, (_, i) => `/rooms/${part.first + Number(i)}`),
    })),
  );
  if (errors.length > 0) throw invalidFields('The booking request', errors);
  return parts;
}
