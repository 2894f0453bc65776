import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { generateNetwork } from '../../src/modules/flights/index.ts';
import { generateHotels } from '../../src/modules/hotels/index.ts';
import { signIn } from '../helpers/factories.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../helpers/test-app.ts';

/**
 * The admin imports' bodies are open objects in the schema, so the schema-driven fuzzer cannot reach
 * inside them: here a valid file is spoiled at one place at a time, every field missing one by one, and
 * at random places a value of another type (null, a number, text, a list, an object, text that only looks
 * right once made a string). Whatever is sent: never a 5xx, and a refusal is problem details naming where.
 * `FUZZ_SEED` and `FUZZ_RUNS` reproduce or lengthen a run, as in `api-fuzz.test.ts`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every JSON pointer into a value, its root excepted. */
function pointers(value: Json, at = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
  return keys.flatMap((k) => {
    const here = `${at}/${k}`;
    return [here, ...pointers((value as Record<string, Json>)[k]!, here)];
  });
}

/** A copy of `value` with the place at `pointer` replaced by `by`, or taken out when `by` is undefined. */
function spoiled(value: Json, pointer: string, by: Json | undefined): Json {
  const copy = structuredClone(value);
  const keys = pointer.split('/').slice(1);
  let parent = copy as Record<string, Json>;
  for (const k of keys.slice(0, -1)) parent = parent[k] as Record<string, Json>;
  const last = keys[keys.length - 1]!;
  if (by !== undefined) parent[last] = by;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

const OTHER_VALUES: Json[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  '06:40',
  '2027-01-01',
  true,
  [],
  ['06:40'],
  {},
  { a: 1 },
];

describe(`fuzzing the admin imports inside their files (seed ${SEED}, ${RUNS} runs each)`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const files: Record<string, () => Json> = {
    '/import_hotels': () => {
      const file = generateHotels(testCatalogue(), 'S', '2026-11-21');
      const hotel = file.hotels[0]!;
      const allotment = {
        hotel_code: hotel.code,
        room_type: hotel.room_types[0]!.code,
        from: '2027-01-10',
        to: '2027-01-12',
        rooms: 2,
        closed: false,
        closed_to_arrival: false,
      };
      return { hotels: [hotel], allotments: [allotment] } as unknown as Json;
    },
    '/import_flights': () => {
      const file = generateNetwork(testCatalogue(), 'S', '2026-11-21');
      const schedule = file.schedules[0]!;
      const fare = file.fares.find(
        (f) =>
          f.carrier === schedule.carrier &&
          f.origin === schedule.origin &&
          f.destination === schedule.destination,
      )!;
      return {
        schedules: [schedule],
        fares: [fare],
        seat_maps: (file.seat_maps ?? []).slice(0, 1),
      } as unknown as Json;
    },
  };

  /** Sends a spoiled file: never a 5xx; a refusal is problem details, a 400 naming its places. */
  const send = async (url: string, body: Json, what: string) => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: body as object });
    assert.ok(res.statusCode < 500, `${url} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      const problem = res.json();
      assert.equal(typeof problem.code, 'string', `${url} ${what}: ${res.body.slice(0, 300)}`);
      if (res.statusCode === 400)
        assert.ok(
          Array.isArray(problem.errors) && problem.errors.length > 0,
          `${url} ${what}: no places named`,
        );
    }
  };

  for (const [url, file] of Object.entries(files)) {
    it(`${url}: takes every field out one by one`, async () => {
      const valid = file();
      for (const pointer of pointers(valid))
        await send(url, spoiled(valid, pointer, undefined), `without ${pointer}`);
    });

    it(`${url}: a value of another type at any depth`, async () => {
      const valid = file();
      const places = pointers(valid);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...places),
          fc.constantFrom(...OTHER_VALUES),
          async (pointer, value) => {
            await send(url, spoiled(valid, pointer, value), `${pointer} = ${JSON.stringify(value)}`);
          },
        ),
        { seed: SEED, numRuns: RUNS * 10 },
      );
    });
  }
});
