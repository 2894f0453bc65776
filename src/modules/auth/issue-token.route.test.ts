import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  createClient,
  createUser,
  FORM,
  form,
  freshCredentials,
  postToken,
} from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('POST /connect/token', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { LOCKOUT_THRESHOLD: '3' } });
  });
  after(() => t.close());

  const token = (fields: Record<string, string | undefined>, headers: Record<string, string> = FORM) =>
    t.app.inject({ method: 'POST', url: '/connect/token', headers, payload: form(fields) });

  it('issues a signed access token, a refresh token and no-store for the password grant', async () => {
    const client = await createClient(t);
    const user = await createUser(t);
    const res = await token({
      grant_type: 'password',
      client_id: client.clientId,
      username: user.username,
      password: user.password,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json();
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, 'read book');
    assert.match(body.refresh_token, /^rt_/);
    const claims = decodeJwt(body.access_token);
    assert.equal(decodeProtectedHeader(body.access_token).alg, 'ES256');
    assert.equal(decodeProtectedHeader(body.access_token).typ, 'at+jwt');
    assert.equal(claims.iss, 'http://itinera.test');
    assert.equal(claims.aud, 'itinera-api');
    assert.equal(claims.sub, user.id);
    assert.equal(claims.client_id, client.clientId);
    assert.equal(claims.role, 'customer');
    assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 3600);
    assert.ok(claims.jti);
  });

  it('accepts the e-mail as user name, in any case', async () => {
    const client = await createClient(t);
    await t.accounts.createUser({
      username: 'mail-user',
      email: 'Mail.User@Example.com',
      password: 'correct horse battery',
      role: 'customer',
    });
    const res = await token({
      grant_type: 'password',
      client_id: client.clientId,
      username: 'MAIL.USER@example.com',
      password: 'correct horse battery',
    });
    assert.equal(res.statusCode, 200);
  });

  it('omits the refresh token for a client without the refresh_token grant', async () => {
    const client = await createClient(t, { grants: ['password'] });
    const user = await createUser(t);
    const res = await token({
      grant_type: 'password',
      client_id: client.clientId,
      username: user.username,
      password: user.password,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().refresh_token, undefined);
  });

  const cases: Array<
    [
      string,
      () => Promise<{ fields: Record<string, string | undefined>; headers?: Record<string, string> }>,
      number,
      string,
    ]
  > = [
    ['missing grant_type', async () => ({ fields: { client_id: 'x' } }), 400, 'invalid_request'],
    [
      'missing username',
      async () => ({
        fields: { grant_type: 'password', client_id: (await createClient(t)).clientId, password: 'p' },
      }),
      400,
      'invalid_request',
    ],
    [
      'missing password',
      async () => ({
        fields: { grant_type: 'password', client_id: (await createClient(t)).clientId, username: 'someone' },
      }),
      400,
      'invalid_request',
    ],
    [
      'missing client_id',
      async () => ({ fields: { grant_type: 'password', username: 'a', password: 'b' } }),
      400,
      'invalid_request',
    ],
    [
      'an unknown grant type',
      async () => ({
        fields: {
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          client_id: (await createClient(t)).clientId,
        },
      }),
      400,
      'unsupported_grant_type',
    ],
    [
      'an unknown client',
      async () => ({ fields: { grant_type: 'password', client_id: 'nobody', username: 'a', password: 'b' } }),
      401,
      'invalid_client',
    ],
    [
      'a grant the client may not use',
      async () => ({
        fields: {
          grant_type: 'password',
          client_id: (await createClient(t, { grants: ['refresh_token'] })).clientId,
          username: 'a',
          password: 'b',
        },
      }),
      400,
      'unauthorized_client',
    ],
    [
      'an unknown scope',
      async () => ({ fields: (await freshCredentials(t, 'customer', { scope: 'read everything' })).fields }),
      400,
      'invalid_scope',
    ],
    [
      'a scope above the role',
      async () => ({ fields: (await freshCredentials(t, 'customer', { scope: 'admin' })).fields }),
      400,
      'invalid_scope',
    ],
    [
      'a wrong password',
      async () => {
        const user = await createUser(t);
        return {
          fields: {
            grant_type: 'password',
            client_id: (await createClient(t)).clientId,
            username: user.username,
            password: 'wrong-password',
          },
        };
      },
      400,
      'invalid_grant',
    ],
    [
      'an unknown user',
      async () => ({
        fields: {
          grant_type: 'password',
          client_id: (await createClient(t)).clientId,
          username: 'ghost',
          password: 'whatever-it-is',
        },
      }),
      400,
      'invalid_grant',
    ],
    [
      'a repeated parameter',
      async () => ({ fields: { grant_type: 'password' }, headers: FORM }),
      400,
      'invalid_request',
    ],
  ];

  for (const [name, make, status, error] of cases) {
    it(`answers ${status} ${error} for ${name}`, async () => {
      const { fields, headers } = await make();
      const payload =
        name === 'a repeated parameter'
          ? 'grant_type=password&grant_type=password&client_id=x'
          : form(fields);
      const res = await t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: headers ?? FORM,
        payload,
      });
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json().error, error);
      assert.equal(typeof res.json().error_description, 'string');
      assert.equal(res.headers['cache-control'], 'no-store');
      if (status === 401) assert.match(String(res.headers['www-authenticate']), /^Basic realm="itinera"/);
    });
  }

  it('answers invalid_request for a JSON body instead of a form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'password', client_id: 'x', username: 'a', password: 'b' }),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'invalid_request');
    assert.match(res.json().error_description, /x-www-form-urlencoded/);
  });

  it('answers invalid_request, not a problem document, for an unparseable content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=password',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'invalid_request');
  });

  it('gives the same answer for an unknown user, a wrong password and a disabled account', async () => {
    const client = await createClient(t);
    const user = await createUser(t);
    const disabled = await createUser(t);
    await t.accounts.setUserDisabled(disabled.username, true);
    const answers = await Promise.all([
      token({
        grant_type: 'password',
        client_id: client.clientId,
        username: 'nobody-here',
        password: 'x-password',
      }),
      token({
        grant_type: 'password',
        client_id: client.clientId,
        username: user.username,
        password: 'x-password',
      }),
      token({
        grant_type: 'password',
        client_id: client.clientId,
        username: disabled.username,
        password: disabled.password,
      }),
    ]);
    const bodies = answers.map((r) => `${r.statusCode} ${r.body}`);
    assert.equal(new Set(bodies).size, 1, bodies.join('\n'));
    assert.equal(answers[0]!.json().error, 'invalid_grant');
  });

  it('locks the account after repeated failures, even for the right password, and unlocks later', async () => {
    const client = await createClient(t);
    const user = await createUser(t);
    const attempt = (password: string) =>
      token({ grant_type: 'password', client_id: client.clientId, username: user.username, password });
    for (let i = 0; i < 3; i++) assert.equal((await attempt('wrong-password')).json().error, 'invalid_grant');
    const locked = await attempt(user.password);
    assert.equal(locked.statusCode, 400);
    assert.equal(locked.json().error, 'invalid_grant');
    t.clock.advance(901);
    assert.equal((await attempt(user.password)).statusCode, 200);
  });

  it('counts parallel wrong guesses, each one, so a burst still locks the account', async () => {
    const { user, fields } = await freshCredentials(t);
    const guesses = await Promise.all(
      Array.from({ length: 6 }, () => postToken(t, { ...fields, password: 'parallel-wrong-guess' })),
    );
    assert.ok(guesses.every((r) => r.json().error === 'invalid_grant'));
    const right = await postToken(t, { ...fields, password: user.password });
    assert.equal(right.json().error, 'invalid_grant', 'the right password is refused while locked');
  });

  it('forgets failures older than the window', async () => {
    const { fields } = await freshCredentials(t);
    for (let i = 0; i < 2; i++) await postToken(t, { ...fields, password: 'wrong-password' });
    t.clock.advance(901);
    for (let i = 0; i < 2; i++) await postToken(t, { ...fields, password: 'wrong-password' });
    assert.equal((await postToken(t, fields)).statusCode, 200);
  });
});

describe('POST /connect/token with confidential clients', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  it('authenticates with HTTP Basic and with client_secret in the form', async () => {
    const client = await createClient(t, { confidential: true });
    const user = await createUser(t);
    const viaBasic = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...FORM, authorization: basic(client.clientId, client.clientSecret!) },
      payload: form({ grant_type: 'password', username: user.username, password: user.password }),
    });
    assert.equal(viaBasic.statusCode, 200, viaBasic.body);
    const viaForm = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: form({
        grant_type: 'password',
        client_id: client.clientId,
        client_secret: client.clientSecret!,
        username: user.username,
        password: user.password,
      }),
    });
    assert.equal(viaForm.statusCode, 200, viaForm.body);
  });

  it('answers 401 invalid_client with a Basic challenge for a wrong or missing secret', async () => {
    const client = await createClient(t, { confidential: true });
    for (const headers of [{ ...FORM, authorization: basic(client.clientId, 'wrong') }, FORM]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers,
        payload: form({ grant_type: 'password', client_id: client.clientId, username: 'a', password: 'b' }),
      });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().error, 'invalid_client');
      assert.match(String(res.headers['www-authenticate']), /^Basic /);
    }
  });

  it('refuses two client authentication methods at once', async () => {
    const client = await createClient(t, { confidential: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...FORM, authorization: basic(client.clientId, client.clientSecret!) },
      payload: form({
        grant_type: 'password',
        client_secret: client.clientSecret!,
        username: 'a',
        password: 'b',
      }),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'invalid_request');
  });
});

describe('POST /connect/token bursts from one source', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  after(() => t.close());

  it('answers 429 temporarily_unavailable with Retry-After past the per-source limit', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: FORM,
        payload: form({ grant_type: 'password', client_id: 'nobody', username: 'a', password: 'b' }),
      });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
    assert.equal(last!.json().error, 'temporarily_unavailable');
    assert.ok(Number(last!.headers['retry-after']) > 0);
  });
});
