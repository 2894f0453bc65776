import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('the website session: refresh token in an HttpOnly cookie, access token in the answer', () => {
  let t: TestApp;
  let user: { username: string; password: string };
  before(async () => {
    t = await buildTestApp();
    const created = await createUser(t, 'customer');
    user = { username: created.username, password: created.password };
  });
  after(() => t.close());

  /** A POST as the site's own page sends it (inject calls the server localhost:80), or from `origin`. */
  const post = (url: string, options: { body?: object; cookie?: string; origin?: string | null } = {}) => {
    const origin = options.origin === undefined ? 'http://localhost:80' : options.origin;
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(options.cookie ? { cookie: `itinera_session=${options.cookie}` } : {}),
        ...(origin ? { origin } : {}),
      },
      payload: JSON.stringify(options.body ?? {}),
    });
  };
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === 'itinera_session');
  const catalogue = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/b2c/countries/FR',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('signs in: the access token works, the refresh token is only in an HttpOnly SameSite=Strict cookie', async () => {
    const response = await post('/web_session', { body: user });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.refresh_token, undefined);
    assert.equal(response.headers['cache-control'], 'no-store');
    const setCookie = String(response.headers['set-cookie']);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    assert.match(setCookie, /Path=\//);
    assert.doesNotMatch(setCookie, /Secure/, 'plain HTTP: a Secure cookie would never come back');
    assert.equal((await catalogue(body.access_token)).statusCode, 200);
  });

  it('renews from the cookie, rotating it; the spent cookie ends the whole session when it comes back', async () => {
    const first = sessionCookie(await post('/web_session', { body: user }))!.value;
    const renewed = await post('/refresh_web_session', { cookie: first });
    assert.equal(renewed.statusCode, 200);
    const second = sessionCookie(renewed)!.value;
    assert.notEqual(second, first);
    assert.equal((await catalogue(renewed.json().access_token)).statusCode, 200);

    const replayed = await post('/refresh_web_session', { cookie: first });
    assert.equal(replayed.statusCode, 401);
    assert.equal(replayed.json().code, 'SESSION_EXPIRED');
    assert.equal((await post('/refresh_web_session', { cookie: second })).statusCode, 401);
    assert.equal((await catalogue(renewed.json().access_token)).statusCode, 401);
  });

  it('signs out: the sign-in is revoked and the cookie cleared', async () => {
    const signedIn = await post('/web_session', { body: user });
    const cookie = sessionCookie(signedIn)!.value;
    const out = await post('/end_web_session', { cookie });
    assert.equal(out.statusCode, 204);
    assert.equal(sessionCookie(out)?.value, '');
    assert.equal((await post('/refresh_web_session', { cookie })).statusCode, 401);
    assert.equal((await catalogue(signedIn.json().access_token)).statusCode, 401);
  });

  it('refuses wrong passwords, missing sessions and pages of other origins with problem details', async () => {
    const wrong = await post('/web_session', {
      body: { username: user.username, password: 'not-the-password' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().code, 'INVALID_CREDENTIALS');
    const none = await post('/refresh_web_session');
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'SESSION_EXPIRED');
    const foreign = await post('/web_session', { body: user, origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.equal(foreign.json().code, 'FORBIDDEN');
    assert.equal(foreign.headers['set-cookie'], undefined);
    const own = await post('/web_session', { body: user, origin: 'http://localhost:80' });
    assert.equal(own.statusCode, 200, 'the page of this server itself (inject calls it localhost:80)');
    const cookie = sessionCookie(own)!.value;
    for (const url of ['/refresh_web_session', '/end_web_session']) {
      const hidden = await post(url, { cookie, origin: null });
      assert.equal(hidden.statusCode, 403, `${url} with no Origin`);
      assert.equal(hidden.json().code, 'FORBIDDEN');
    }
    assert.equal(
      (await post('/refresh_web_session', { cookie })).statusCode,
      200,
      'the session still stands',
    );
  });

  it('behind a trusted proxy, knows its own origin from PUBLIC_URL, not from a forwarded host', async () => {
    const proxied = await buildTestApp({
      env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://shop.example.com' },
      storage: undefined,
    });
    try {
      const account = await createUser(proxied, 'customer');
      const signIn = (origin: string, forwardedHost: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/web_session',
          headers: {
            'content-type': 'application/json',
            origin,
            'x-forwarded-host': forwardedHost,
            'x-forwarded-proto': 'https',
          },
          payload: JSON.stringify({ username: account.username, password: account.password }),
        });
      const forged = await signIn('https://evil.example', 'evil.example');
      assert.equal(forged.statusCode, 403, 'a forged forwarded host and a matching Origin');
      assert.equal(forged.json().code, 'FORBIDDEN');
      const site = await signIn('https://shop.example.com', 'internal:8080');
      assert.equal(site.statusCode, 200, site.body);
    } finally {
      await proxied.close();
    }
  });

  it('counts sign-ins with the token endpoint per address, and answers the excess 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await buildTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const signIn = () =>
        limited.app.inject({
          method: 'POST',
          url: '/web_session',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: 'nobody', password: 'wrong' }),
        });
      assert.equal((await signIn()).statusCode, 401);
      assert.equal((await signIn()).statusCode, 401);
      const refused = await signIn();
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      // Renewing a session costs no password check: it is not counted.
      assert.equal(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/refresh_web_session',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
            payload: '{}',
          })
        ).json().code,
        'SESSION_EXPIRED',
      );
    } finally {
      await limited.close();
    }
  });
});
