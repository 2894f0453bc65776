import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { ERROR_CODES } from './error-codes.ts';

describe('problem details for every failure kind', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    t = await buildTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
    admin = await signIn(t, 'admin');
  });
  after(() => t.close());

  function assertProblem(
    res: { statusCode: number; headers: Record<string, unknown>; json(): any },
    code: keyof typeof ERROR_CODES,
  ) {
    const body = res.json();
    assert.equal(res.statusCode, ERROR_CODES[code].status, JSON.stringify(body));
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(body.code, code);
    assert.equal(body.status, ERROR_CODES[code].status);
    assert.equal(body.title, ERROR_CODES[code].title);
    assert.equal(body.type, `urn:itinera:problem:${code.toLowerCase().replaceAll('_', '-')}`);
    assert.equal(typeof body.detail, 'string');
    assert.equal(body.request_id, res.headers['x-request-id']);
    return body;
  }

  it('answers 404 ROUTE_NOT_FOUND for an unknown path', async () => {
    assertProblem(await t.app.inject({ method: 'GET', url: '/no/such/thing' }), 'ROUTE_NOT_FOUND');
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path and another method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/connect/token' });
    assertProblem(res, 'METHOD_NOT_ALLOWED');
    assert.equal(res.headers.allow, 'POST');
    const get = await t.app.inject({
      method: 'POST',
      url: '/b2c/airports/LHR',
      headers: admin.auth,
      payload: {},
    });
    assertProblem(get, 'METHOD_NOT_ALLOWED');
    assert.equal(get.headers.allow, 'GET, HEAD');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body type the operation does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: { ...admin.auth, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assertProblem(res, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 MALFORMED_BODY for broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    assertProblem(res, 'MALFORMED_BODY');
  });

  it('answers 413 PAYLOAD_TOO_LARGE past the body limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(5000) }),
    });
    assertProblem(res, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 400 VALIDATION_FAILED with JSON pointers to each bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: admin.auth,
      payload: { username: 'ok-name', role: 'pilot', password: 'long-enough-password' },
    });
    const body = assertProblem(res, 'VALIDATION_FAILED');
    assert.deepEqual(body.errors[0], { location: 'body', pointer: '/role', detail: body.errors[0].detail });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: admin.auth,
      payload: { role: 'customer', password: 'long-enough-password' },
    });
    assert.equal(assertProblem(missing, 'VALIDATION_FAILED').errors[0].pointer, '/username');
    const query = await t.app.inject({ method: 'GET', url: '/b2c/airports?limit=1000', headers: admin.auth });
    assert.deepEqual(assertProblem(query, 'VALIDATION_FAILED').errors[0].pointer, '/limit');
    assert.equal(query.json().errors[0].location, 'querystring');
  });

  it('answers 400 INVALID_CURSOR for a forged cursor or one from another query', async () => {
    assertProblem(
      await t.app.inject({ method: 'GET', url: '/b2c/airports?cursor=nonsense', headers: admin.auth }),
      'INVALID_CURSOR',
    );
    const page = (
      await t.app.inject({ method: 'GET', url: '/b2c/airports?q=london&limit=2', headers: admin.auth })
    ).json();
    const reused = await t.app.inject({
      method: 'GET',
      url: `/b2c/airports?q=paris&limit=2&cursor=${page.next_cursor}`,
      headers: admin.auth,
    });
    assertProblem(reused, 'INVALID_CURSOR');
  });

  it('answers 404 NOT_FOUND for an unknown catalogue code', async () => {
    assertProblem(
      await t.app.inject({ method: 'GET', url: '/b2c/airports/QQQ', headers: admin.auth }),
      'NOT_FOUND',
    );
  });

  it('answers 400 UNSUPPORTED_API_VERSION for an unknown Itinera-Version and echoes a known one', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/b2c/countries/FR',
      headers: { ...admin.auth, 'itinera-version': '1999-01-01' },
    });
    assert.deepEqual(assertProblem(bad, 'UNSUPPORTED_API_VERSION').supported_versions, [
      '2026-11-21',
      '2026-11-23',
    ]);
    const good = await t.app.inject({
      method: 'GET',
      url: '/b2c/countries/FR',
      headers: { ...admin.auth, 'itinera-version': '2026-11-21' },
    });
    assert.equal(good.statusCode, 200);
    assert.equal(good.headers['itinera-version'], '2026-11-21');
  });

  it('keeps a well-formed caller request id and makes one otherwise', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    assert.equal(kept.headers['x-request-id'], 'trace-1234abcd');
    const made = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    assert.match(String(made.headers['x-request-id']), /^req_[0-9a-z]{16}$/);
  });

  it('reports liveness and readiness; with the database gone, 503 for readiness and a bare 500 elsewhere', async () => {
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/health/live' })).json(), { status: 'ok' });
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/health/ready' })).json(), { status: 'ok' });
    const broken = await buildTestApp();
    const caller = await signIn(broken);
    await broken.storage.close();
    try {
      assertProblem(await broken.app.inject({ method: 'GET', url: '/health/ready' }), 'SERVICE_UNAVAILABLE');
      const failed = await broken.app.inject({
        method: 'GET',
        url: '/b2c/airports/LHR',
        headers: caller.auth,
      });
      const body = assertProblem(failed, 'INTERNAL_ERROR');
      assert.doesNotMatch(failed.body, /sqlite|postgres|pool|stack|at .*\.ts/i);
      assert.match(body.detail, /request_id/);
    } finally {
      await broken.app.close();
    }
  });
});

describe('rate limits per caller', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  after(() => t.close());

  it('answers 429 RATE_LIMITED with Retry-After and RateLimit headers, counting each user apart', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: 'GET', url: '/b2c/countries/FR', headers: a.auth });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.equal(last!.json().code, 'RATE_LIMITED');
    assert.equal(last!.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.ok(Number(last!.headers['retry-after']) > 0);
    assert.equal(last!.headers['ratelimit-limit'], '3');
    assert.equal(last!.headers['ratelimit-remaining'], '0');
    const other = await t.app.inject({ method: 'GET', url: '/b2c/countries/FR', headers: b.auth });
    assert.equal(other.statusCode, 200);
  });
});

describe('rate limits for callers without a valid token', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_ANONYMOUS_MAX: '4', RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  after(() => t.close());

  it('counts no token, bad tokens and the OpenAPI document against the address, not a signed-in caller', async () => {
    const caller = await signIn(t); // one anonymous request: the token request
    const fromAddress = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers, remoteAddress: '192.0.2.7' });
    const statuses = [
      (await fromAddress('/b2c/countries/FR')).statusCode,
      (await fromAddress('/b2c/countries/FR', { authorization: 'Bearer forged.token.value' })).statusCode,
      (await fromAddress('/openapi.json')).statusCode,
      (await fromAddress('/b2c/countries/FR', { authorization: 'Bearer x' })).statusCode,
    ];
    assert.deepEqual(statuses, [401, 401, 200, 401]);
    const over = await fromAddress('/openapi.json');
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().code, 'RATE_LIMITED');
    assert.ok(Number(over.headers['retry-after']) > 0);
    const forged = await fromAddress('/b2c/countries/FR', { authorization: 'Bearer forged.token.value' });
    assert.equal(forged.statusCode, 429, 'a bad token is no way around the limit');
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/b2c/countries/FR',
      headers: caller.auth,
      remoteAddress: '192.0.2.7',
    });
    assert.equal(signedIn.statusCode, 200, 'a signed-in caller is counted as itself');
    assert.equal((await fromAddress('/health/live')).statusCode, 200, 'health checks are not counted');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress: '192.0.2.8' });
    assert.equal(elsewhere.statusCode, 200);
  });
});
