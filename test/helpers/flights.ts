import { addDays } from '../../src/modules/flights/flight-times.ts';
import { generateNetwork } from '../../src/modules/flights/index.ts';
import { type TestApp, testCatalogue } from './test-app.ts';

/** The S preset network, valid from the test clock's date, imported through the real import path. */
export async function seedFlights(t: TestApp): Promise<void> {
  const today = t.clock.now().toISOString().slice(0, 10);
  await t.flights.importNetwork(generateNetwork(testCatalogue(), 'S', today));
  await t.flights.refreshNetwork();
}

/** A date `days` after the test clock's date. */
export function dayAfter(t: TestApp, days: number): string {
  return addDays(t.clock.now().toISOString().slice(0, 10), days);
}

export function searchBody(
  t: TestApp,
  slices: Array<[string, string, number]>,
  extra: Record<string, unknown> = {},
) {
  return {
    slices: slices.map(([origin, destination, days]) => ({
      origin,
      destination,
      departure_date: dayAfter(t, days),
    })),
    passengers: { adults: 1 },
    ...extra,
  };
}
