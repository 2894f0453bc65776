import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createItineraClient,
  eachItem,
  NetworkError,
  ProblemError,
  passwordGrant,
  unwrap,
} from '@itinera/client';
import { createClient, createUser } from '../helpers/factories.ts';
import { startTestServer } from '../helpers/listening-app.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let clientId: string;
let user: { username: string; password: string };
before(async () => {
  server = await startTestServer();
  clientId = (await createClient(server)).clientId;
  user = await createUser(server, 'customer');
});
after(async () => {
  await server.app.close();
  await server.storage.close();
});

/** A fetch that records what it sent, and can fail the first `failures` attempts as a dropped connection. */
function recordingFetch(failures = 0) {
  const sent: { url: string; headers: Headers; body: string }[] = [];
  let left = failures;
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, headers: request.headers, body: await request.clone().text() });
    if (left > 0 && !request.url.endsWith('/connect/token')) {
      left--;
      throw new TypeError('fetch failed');
    }
    return fetch(request);
  };
  return { sent, fetchFn };
}

describe('the typed client against the live API', () => {
  test('asks for a token again after a busy server’s Retry-After, and gives up after three', async () => {
    let busyFor = 2;
    const asked: number[] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/connect/token')) {
        asked.push(Date.now());
        if (busyFor-- > 0)
          return new Response(JSON.stringify({ error: 'temporarily_unavailable' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '0' },
          });
      }
      return fetch(request);
    };
    const auth = passwordGrant({ baseUrl: server.baseUrl, clientId, ...user, fetch: fetchFn });
    const api = createItineraClient({ baseUrl: server.baseUrl, auth, fetch: fetchFn });
    const countries = await unwrap(api.GET('/b2c/countries', { params: { query: { limit: 1 } } }));
    assert.equal(countries.data.length, 1);
    assert.equal(asked.length, 3, 'two busy answers, then the token');

    busyFor = 5;
    asked.length = 0;
    const refused = passwordGrant({ baseUrl: server.baseUrl, clientId, ...user, fetch: fetchFn });
    await assert.rejects(refused.token(), (error: Error & { error?: string }) => {
      assert.equal(error.error, 'temporarily_unavailable');
      return true;
    });
    assert.equal(asked.length, 3, 'three asks in all');
  });

  test('signs in with the password grant, and renews with the refresh token before the access token expires', async () => {
    let clock = Date.now();
    const { sent, fetchFn } = recordingFetch();
    const auth = passwordGrant({
      baseUrl: server.baseUrl,
      clientId,
      ...user,
      fetch: fetchFn,
      now: () => clock,
    });
    const api = createItineraClient({ baseUrl: server.baseUrl, auth, fetch: fetchFn });
    const first = await unwrap(api.GET('/b2c/countries', { params: { query: { limit: 2 } } }));
    assert.ok(first.data.length > 0);
    clock += 1000;
    await unwrap(api.GET('/b2c/countries', { params: { query: { limit: 2 } } }));
    const grants = async () =>
      sent
        .filter((r) => r.url.endsWith('/connect/token'))
        .map((r) => new URLSearchParams(r.body).get('grant_type'));
    assert.deepEqual(await grants(), ['password'], 'a fresh token is reused');
    clock += 3600 * 1000;
    await unwrap(api.GET('/b2c/countries', { params: { query: { limit: 2 } } }));
    assert.deepEqual(
      await grants(),
      ['password', 'refresh_token'],
      'renewed before expiry with the refresh token',
    );
  });

  test('problem details arrive as a typed ProblemError with the stable code', async () => {
    const api = createItineraClient({
      baseUrl: server.baseUrl,
      auth: passwordGrant({ baseUrl: server.baseUrl, clientId, ...user }),
    });
    const error = await unwrap(api.GET('/booking', { params: { query: { id: 'bk_missing' } } })).catch(
      (e: unknown) => e,
    );
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 404);
    assert.equal(error.code, 'NOT_FOUND');
    assert.match(error.problem.request_id, /^req_/);
  });

  test('a keyed write lost on the network is sent again with the same Idempotency-Key; an unkeyed one is not', async () => {
    const auth = passwordGrant({ baseUrl: server.baseUrl, clientId, ...user });
    const keyed = recordingFetch(1);
    const api = createItineraClient({
      baseUrl: server.baseUrl,
      auth,
      fetch: keyed.fetchFn,
      sleep: async () => {},
    });
    const found = await unwrap(
      api.POST('/search_booking', {
        body: { product: 'flight', sort: '-created_at', limit: 5 },
        headers: { 'idempotency-key': 'retry-key-1' },
      }),
    );
    assert.deepEqual(found.data, []);
    const attempts = keyed.sent.filter((r) => r.url.endsWith('/search_booking'));
    assert.equal(attempts.length, 2);
    assert.deepEqual(
      attempts.map((r) => r.headers.get('idempotency-key')),
      ['retry-key-1', 'retry-key-1'],
    );

    const unkeyed = recordingFetch(1);
    const once = createItineraClient({
      baseUrl: server.baseUrl,
      auth,
      fetch: unkeyed.fetchFn,
      sleep: async () => {},
    });
    await assert.rejects(
      once.POST('/search_booking', { body: { product: 'flight', sort: '-created_at', limit: 5 } }),
      NetworkError,
    );
    assert.equal(unkeyed.sent.filter((r) => r.url.endsWith('/search_booking')).length, 1);
  });

  test('eachItem walks every page of a cursor-paged list', async () => {
    const api = createItineraClient({
      baseUrl: server.baseUrl,
      auth: passwordGrant({ baseUrl: server.baseUrl, clientId, ...user }),
    });
    const all = await unwrap(api.GET('/b2c/countries', { params: { query: { limit: 100 } } }));
    const codes: string[] = [];
    for await (const country of eachItem((cursor) =>
      unwrap(api.GET('/b2c/countries', { params: { query: { limit: 7, cursor } } })),
    ))
      codes.push(country.code);
    assert.equal(codes.length, all.total_count);
    assert.equal(new Set(codes).size, codes.length);
  });
});
