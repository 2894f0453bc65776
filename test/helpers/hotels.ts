import { generateHotels } from '../../src/modules/hotels/index.ts';
import { dayAfter } from './flights.ts';
import { type TestApp, testCatalogue } from './test-app.ts';

/** The test gateway's approving card, by its documented token. */
export const TEST_CARD = { type: 'card', card_token: 'tok_visa' };

export const LONDON = 'cty_2643743';
export const PARIS = 'cty_2988507';

/** The S hotel preset (London, Paris, Barcelona), imported through the real import path. */
export async function seedHotels(t: TestApp) {
  const file = generateHotels(testCatalogue(), 'S', t.clock.now().toISOString().slice(0, 10));
  await t.hotels.importHotels(file);
  await t.hotels.refreshIndex();
  return file;
}

export function stay(t: TestApp, from: number, nights: number, extra: Record<string, unknown> = {}) {
  return {
    destination: { city_id: LONDON },
    check_in: dayAfter(t, from),
    check_out: dayAfter(t, from + nights),
    rooms: [{ adults: 2 }],
    ...extra,
  };
}

export const HOLDER = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+442071234567',
};

/** Guests for a searched room: adults named after `family`, children with their ages. */
export function guestsFor(room: { adults: number; children?: number[] }, family = 'Lovelace') {
  return [
    ...Array.from({ length: room.adults }, (_, i) => ({
      given_name: `Adult${'abcdefgh'[i]}`,
      family_name: family,
    })),
    ...(room.children ?? []).map((age, i) => ({
      given_name: `Child${'abcdef'[i]}`,
      family_name: family,
      age,
    })),
  ];
}

/** The first option that `pick` takes among every option of a search (of one hotel, or London's). */
export async function firstRate(
  t: TestApp,
  auth: Record<string, string>,
  body: Record<string, unknown>,
  pick: (option: any) => boolean = () => true,
): Promise<any> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/search_hotels',
    headers: auth,
    payload: { options: 'all', ...body },
  });
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  for (const hotel of res.json().data) {
    const option = hotel.options.find(pick);
    if (option) return { hotel: hotel.hotel, option };
  }
  throw new Error(`no option matched: ${JSON.stringify(body)} ${res.body.slice(0, 300)}`);
}

export function bookHotel(
  t: TestApp,
  auth: Record<string, string>,
  body: Record<string, unknown>,
  key = `hotel-${Math.random()}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/book_hotel',
    headers: { ...auth, 'idempotency-key': key },
    payload: body,
  });
}

/** A book_hotel body for a rate (key or quote) and the searched rooms. */
export function hotelBookingBody(
  rate: { rate_key?: string; quote_id?: string },
  rooms: Array<{ adults: number; children?: number[] }>,
  total: { amount: number; currency: string },
  extra: Record<string, unknown> = {},
) {
  return {
    ...rate,
    holder: HOLDER,
    rooms: rooms.map((r) => ({ guests: guestsFor(r) })),
    expected_total: total,
    payment: TEST_CARD,
    ...extra,
  };
}

/** Sets the rooms for sale of one room type on `nights` nights from `from` days ahead; returns its id. */
export async function limitRooms(
  t: TestApp,
  hotelId: string,
  code: string,
  from: number,
  nights: number,
  rooms: number,
): Promise<string> {
  const roomType = (await t.hotels.repository.roomTypesOf(hotelId)).find((r) => r.code === code)!;
  // As an operator's allotment does: through the repository, which logs the change for searches.
  await t.storage.db.transaction().execute((trx) =>
    t.hotels.repository.upsertOverrides(
      trx,
      Array.from({ length: nights }, (_, i) => ({
        room_type_id: roomType.id,
        night: dayAfter(t, from + i),
        rooms,
        closed: 0,
        closed_to_arrival: 0,
      })),
    ),
  );
  return roomType.id;
}
