import { generateHotels } from '../../src/modules/hotels/index.ts';
import { dayAfter } from './flights.ts';
import { type TestApp, testCatalogue } from './test-app.ts';

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
