import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { signIn } from '../helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  dayAfter,
  firstOffer,
  searchBody,
  seedFlights,
} from '../helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, LONDON, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { type ArbitraryOptions, arbitraryFor, mutatedOnce, type Schema } from './schema-arbitraries.ts';

/**
 * Every operation of /openapi.json, fed requests made from its own schemas (mostly valid, hostile at
 * random nodes, naming real offers, rates and bookings now and then), as admin, as a customer and as
 * nobody. Whatever is sent: never a 5xx, and every 4xx is problem details with a code (RFC 6749 bodies
 * on the OAuth endpoints). `FUZZ_SEED` and `FUZZ_RUNS` (per operation) reproduce or lengthen a run;
 * `npm run fuzz` runs longer with a new seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const OAUTH = /^\/connect\/(token|revoke|introspect)$/;
/** Channel managers' OpenTravel endpoint: it answers OTA messages (XML), errors included. */
const OTA = '/ota';

interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  body?: { type: 'json' | 'form' | 'xml'; schema: Schema };
}

function operationsOf(doc: Schema): Operation[] {
  return Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const form = content['application/x-www-form-urlencoded']?.schema;
      const xml = content['application/xml']?.schema;
      return {
        id: op.operationId,
        method: m.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(json ? { body: { type: 'json' as const, schema: json } } : {}),
        ...(form ? { body: { type: 'form' as const, schema: form } } : {}),
        ...(xml && !json ? { body: { type: 'xml' as const, schema: xml } } : {}),
      };
    }),
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe(`fuzzing every operation from its schema (seed ${SEED}, ${RUNS} runs each)`, () => {
  let t: TestApp;
  let doc: Schema;
  let operations: Operation[];
  /** Callers, weighted: mostly an admin (who may call everything), then a customer, nobody, a forgery. */
  const auths: Array<{ weight: number; arbitrary: fc.Arbitrary<Record<string, string>> }> = [];
  const pools: Record<string, unknown[]> = {};
  /** Known-good bodies by operation, sent as they are or with one place made hostile. */
  const seeds: Record<string, unknown[]> = {};

  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    await seedHotels(t);
    const admin = await signIn(t, 'admin');
    const customer = await signIn(t);
    auths.push(
      { weight: 14, arbitrary: fc.constant(admin.auth) },
      { weight: 3, arbitrary: fc.constant(customer.auth) },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.constant({ authorization: 'Bearer not.a.token' }) },
    );
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    operations = operationsOf(doc);

    // Real things to name: an offer, a rate, a quote, a booking of each kind, places and codes.
    const offer = await firstOffer(t, admin.auth, searchBody(t, [['LHR', 'JFK', 10]]));
    const flight = (await bookFlight(t, admin.auth, bookingBody(offer))).json();
    const { hotel, option } = await firstRate(t, admin.auth, stay(t, 20, 2));
    const hotelTotal = { amount: option.total_amount, currency: option.currency };
    const stayBody = hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], hotelTotal);
    const stayBooking = (await bookHotel(t, admin.auth, stayBody)).json();
    const flightId = offer.slices[0].segments[0].flight_id;
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/check_rate',
        headers: admin.auth,
        payload: { rate_key: option.rate_key },
      })
    ).json();
    Object.assign(pools, {
      offer_id: [offer.id],
      rate_key: [option.rate_key],
      quote_id: [quote.quote?.quote_id].filter(Boolean),
      id: [flight.id, stayBooking.id, hotel.id, 'LHR', 'FR', LONDON],
      booking_id: [flight.id, stayBooking.id],
      flight_id: [flightId],
      room_type: ['STD', 'TWN'],
      url: ['https://example.com/hooks', 'http://127.0.0.1:9/hooks'],
      events: [['*'], ['flight_booking.created']],
      types: ['flight_booking.created', 'hotel_booking.cancelled,flight_booking.confirmed'],
      carrier: ['BA', 'AF'],
      departure_date: [dayAfter(t, 10)],
      reference: [flight.reference].filter(Boolean),
      code: ['LHR', 'FR', 'BA', 'JFK'],
      origin: ['LHR', 'CDG', LONDON],
      destination: ['JFK', 'MAD', 'LHR'],
      city_id: [LONDON],
      hotel_id: [hotel.id],
      hotel_ids: [[hotel.id]],
      client_id: [admin.client.clientId],
      username: [admin.user.username],
      grant_type: ['password', 'refresh_token'],
      refresh_token: [admin.refreshToken],
      admin_authorization: [admin.auth.authorization],
      'if-match': await Promise.all(
        [flight.id, stayBooking.id].map(
          async (id) =>
            (await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: admin.auth })).headers
              .etag,
        ),
      ),
    });
    Object.assign(seeds, {
      search_flight: [
        searchBody(t, [['LHR', 'JFK', 10]], { max_connections: 1 }),
        searchBody(
          t,
          [
            ['CDG', 'MAD', 5],
            ['MAD', 'CDG', 9],
          ],
          { flexible_days: 1, sort: 'duration' },
        ),
      ],
      book_flight: [bookingBody(offer), bookingBody(offer, undefined, { type: 'hold' })],
      update_booking: [
        { booking_id: flight.id, contact: { email: 'new@example.com', phone: '+33123456789' } },
      ],
      search_hotels: [
        stay(t, 20, 2),
        stay(t, 30, 3, { rooms: [{ adults: 1, children: [4, 9] }], sort: 'stars' }),
      ],
      check_rate: [{ rate_key: option.rate_key }],
      book_hotel: [stayBody],
      modify_hotel_booking: [{ booking_id: stayBooking.id, special_requests: 'Late arrival, about 23:00' }],
      search_booking: [{ name: 'traveller' }, { product: 'hotel', city_id: LONDON }],
      quote_cancellation: [{ booking_id: flight.id }, { booking_id: stayBooking.id }],
      set_allotment: [
        { hotel_id: hotel.id, room_type: 'STD', from: dayAfter(t, 50), to: dayAfter(t, 52), rooms: 3 },
      ],
      cancel_flight: [{ flight_id: flightId, departure_date: dayAfter(t, 11), reason: 'weather' }],
    });
  });
  after(async () => t?.close());

  it('covers the whole interface, and its known-good bodies are good', async () => {
    assert.ok(operations.length >= 40, `${operations.length} operations`);
    const admin = { authorization: String(pools.admin_authorization?.[0]) };
    for (const [id, bodies] of Object.entries(seeds)) {
      const op = operations.find((o) => o.id === id)!;
      for (const body of bodies) {
        const bookingId = (body as { booking_id?: string }).booking_id;
        const etag = bookingId
          ? (await t.app.inject({ method: 'GET', url: `/booking?id=${bookingId}`, headers: admin })).headers
              .etag
          : undefined;
        const res = await t.app.inject({
          method: op.method,
          url: op.path,
          headers: {
            ...admin,
            'idempotency-key': `seed-${Math.random()}`,
            ...(etag ? { 'if-match': String(etag) } : {}),
          },
          payload: body as object,
        });
        assert.ok(res.statusCode < 300, `${id}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
  });

  const dates = () => [dayAfter(t, 1), dayAfter(t, 10), dayAfter(t, 12), dayAfter(t, 40), '2020-01-01'];

  /** Requests of one operation: from its schemas, gently (valid) or roughly, or from a known-good body. */
  function requestFor(op: Operation) {
    const made = (hostility: 0 | 1) => {
      const options: ArbitraryOptions = { doc, pools, dates: dates(), hostility };
      const params = fc.record(
        Object.fromEntries(
          op.parameters.map((p) => [`${p.in}:${p.name}`, arbitraryFor(p.schema ?? {}, options, p.name)]),
        ),
        { requiredKeys: op.parameters.filter((p) => p.in !== 'query').map((p) => `${p.in}:${p.name}`) },
      );
      const body = op.body ? arbitraryFor(op.body.schema, options) : fc.constant(undefined);
      return { params, body };
    };
    const gentle = made(0);
    const rough = made(1);
    const known = seeds[op.id] ?? [];
    const body = fc.oneof(
      gentle.body,
      rough.body,
      ...(known.length > 0 ? [fc.constantFrom(...known), mutatedOnce(known), mutatedOnce(known)] : []),
    );
    return fc.record({ params: fc.oneof(gentle.params, rough.params), body, auth: fc.oneof(...auths) });
  }

  // One test per operation, registered once the document is read.
  it('never answers 5xx, and every 4xx is problem details (RFC 6749 on /connect/*)', async (ctx) => {
    for (const op of operations) {
      await ctx.test(`${op.method} ${op.path} (${op.id})`, async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(op), async ({ params, body, auth }) => {
            let url = op.path;
            const query = new URLSearchParams();
            const headers: Record<string, string> = { ...auth };
            for (const [key, value] of Object.entries(params)) {
              const [where, name] = key.split(/:(.*)/s) as [string, string];
              if (value === undefined) continue;
              if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent(text(value)));
              else if (where === 'query') query.append(name, text(value));
              else if (where === 'header') headers[name] = text(value).replace(/[^\x20-\x7e]/g, '');
            }
            if (query.size > 0) url += `?${query}`;
            let payload: string | undefined;
            if (op.body?.type === 'json' && body !== undefined) {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(body);
            } else if (op.body?.type === 'xml' && body !== undefined) {
              headers['content-type'] = 'application/xml';
              payload = text(body);
            } else if (op.body?.type === 'form' && body && typeof body === 'object') {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              payload = new URLSearchParams(
                Object.entries(body).map(([k, v]) => [k, text(v)] as [string, string]),
              ).toString();
            }
            const res = await t.app.inject({
              method: op.method,
              url,
              headers,
              ...(payload !== undefined ? { payload } : {}),
            });
            if (process.env.FUZZ_TRACE)
              process.stderr.write(
                `TRACE ${op.id} ${res.statusCode} ${res.statusCode >= 400 ? (res.json().code ?? res.json().error) : ''}\n`,
              );
            const seen = `${op.method} ${url} ${payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            assert.ok(res.statusCode < 500, seen);
            if (op.path === OTA) {
              assert.match(String(res.headers['content-type']), /^application\/xml/, seen);
              assert.match(res.body, /<OTA_\w+RS[\s>][\s\S]*<(Errors|Success)/, seen);
            } else if (res.statusCode >= 400) {
              const answer = res.json();
              if (OAUTH.test(op.path)) {
                assert.equal(typeof answer.error, 'string', seen);
              } else {
                assert.match(String(res.headers['content-type']), /^application\/problem\+json/, seen);
                assert.equal(typeof answer.code, 'string', seen);
                assert.equal(answer.status, res.statusCode, seen);
              }
            }
          }),
          { seed: SEED, numRuns: RUNS },
        );
      });
    }
  });
});
