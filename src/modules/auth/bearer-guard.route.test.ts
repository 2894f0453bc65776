import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CryptoKey, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('bearer authentication on functional endpoints', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signIn>>;
  let realKey: { kid: string; key: CryptoKey };

  before(async () => {
    t = await buildTestApp();
    customer = await signIn(t);
    const row = await t.storage.db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow();
    realKey = {
      kid: row.kid,
      key: (await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256')) as CryptoKey,
    };
  });
  after(() => t.close());

  const get = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/b2c/airports/LHR',
      headers: authorization ? { authorization } : {},
    });

  function forge(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; kid?: string; aud?: string; iss?: string; exp?: number } = {},
  ) {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ client_id: 'c', scope: 'read book', role: 'customer', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? realKey.kid, typ: 'at+jwt' })
      .setIssuer(options.iss ?? 'http://itinera.test')
      .setAudience(options.aud ?? 'itinera-api')
      .setSubject(customer.user.id)
      .setJti('at_forged')
      .setIssuedAt(now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? realKey.key);
  }

  function expectInvalidToken(res: Awaited<ReturnType<typeof get>>, detail: RegExp) {
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().code, 'INVALID_TOKEN');
    assert.match(res.json().detail, detail);
    assert.match(String(res.headers['www-authenticate']), /^Bearer realm="itinera", error="invalid_token"/);
  }

  it('serves a caller with a valid token', async () => {
    const res = await get(`Bearer ${customer.accessToken}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().iata, 'LHR');
  });

  it('answers 401 UNAUTHENTICATED with a bare Bearer challenge when no token is sent', async () => {
    for (const header of [undefined, 'Basic dXNlcjpwYXNz']) {
      const res = await get(header);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'UNAUTHENTICATED');
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="itinera"');
    }
  });

  it('answers invalid_token for a malformed header or token', async () => {
    expectInvalidToken(await get('Bearer'), /malformed/);
    expectInvalidToken(await get('Bearer not a token'), /malformed/);
    expectInvalidToken(await get('Bearer abc.def.ghi'), /malformed/);
  });

  it('answers invalid_token for an expired token', async () => {
    t.clock.advance(3601);
    try {
      expectInvalidToken(await get(`Bearer ${customer.accessToken}`), /expired/);
    } finally {
      t.clock.advance(-3601);
    }
  });

  it('answers invalid_token for a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expectInvalidToken(await get(`Bearer ${await forge({}, { key: privateKey })}`), /signature/);
    expectInvalidToken(
      await get(`Bearer ${await forge({}, { key: privateKey, kid: 'unknown-kid' })}`),
      /unknown key/,
    );
  });

  it('answers invalid_token for alg "none"', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ sub: customer.user.id, aud: 'itinera-api', iss: 'http://itinera.test', exp: now + 600, jti: 'x', scope: 'read' })}.`;
    expectInvalidToken(await get(`Bearer ${token}`), /algorithm|malformed/);
  });

  it('answers invalid_token for a wrong audience or issuer', async () => {
    expectInvalidToken(await get(`Bearer ${await forge({}, { aud: 'another-api' })}`), /aud/);
    expectInvalidToken(await get(`Bearer ${await forge({}, { iss: 'https://evil.example' })}`), /iss/);
  });

  it('answers 403 INSUFFICIENT_SCOPE when the token lacks the scope', async () => {
    const bookOnly = await signIn(t, 'customer', 'book');
    const denied = await get(bookOnly.auth.authorization);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().code, 'INSUFFICIENT_SCOPE');
    assert.match(
      String(denied.headers['www-authenticate']),
      /error="insufficient_scope", error_description="needs read", scope="read"/,
    );
  });

  it('answers 403 FORBIDDEN when the role may not call the route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create_user',
      headers: { authorization: `Bearer ${customer.accessToken}` },
      payload: { username: 'newbie', password: 'long-enough-password', role: 'customer' },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'FORBIDDEN');
  });

  it('lets an admin create accounts, refusing a duplicate with 409 CONFLICT', async () => {
    const admin = await signIn(t, 'admin');
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/create_user',
        headers: admin.auth,
        payload: {
          username: 'agent.smith',
          password: 'long-enough-password',
          role: 'agent',
          agency: 'Matrix Travel',
        },
      });
    const created = await create();
    assert.equal(created.statusCode, 201, created.body);
    assert.match(created.json().id, /^usr_/);
    assert.match(created.json().agency_id, /^agy_/);
    const again = await create();
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'CONFLICT');
  });
});
