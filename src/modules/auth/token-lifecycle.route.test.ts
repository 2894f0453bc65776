import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, createUser, FORM, form, signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('refresh, revocation and introspection', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const post = (url: string, fields: Record<string, string | undefined>) =>
    t.app.inject({ method: 'POST', url, headers: FORM, payload: form(fields) });
  const refresh = (clientId: string, refreshToken: string, scope?: string) =>
    post('/connect/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
      scope,
    });
  /** A user signed in through a confidential client: the kind of client that may introspect. */
  const confidentialSignIn = async () => {
    const client = await createClient(t, { confidential: true });
    const user = await createUser(t, 'customer');
    const secret = client.clientSecret!;
    const res = await post('/connect/token', {
      grant_type: 'password',
      client_id: client.clientId,
      client_secret: secret,
      username: user.username,
      password: user.password,
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    return { client, secret, user, accessToken: body.access_token, refreshToken: body.refresh_token };
  };
  const introspect = (token: string, caller: { client: { clientId: string }; secret: string }) =>
    post('/connect/introspect', { token, client_id: caller.client.clientId, client_secret: caller.secret });
  const catalogue = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/b2c/countries/FR',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('rotates the refresh token: the new pair works and the old token is spent', async () => {
    const s = await signIn(t);
    const first = await refresh(s.client.clientId, s.refreshToken);
    assert.equal(first.statusCode, 200, first.body);
    const body = first.json();
    assert.notEqual(body.refresh_token, s.refreshToken);
    assert.equal(body.scope, 'read book');
    assert.equal((await catalogue(body.access_token)).statusCode, 200);
    const second = await refresh(s.client.clientId, body.refresh_token);
    assert.equal(second.statusCode, 200);
  });

  it('revokes the whole family when a spent refresh token is replayed', async () => {
    const s = await signIn(t);
    const rotated = (await refresh(s.client.clientId, s.refreshToken)).json();
    const replay = await refresh(s.client.clientId, s.refreshToken);
    assert.equal(replay.statusCode, 400);
    assert.equal(replay.json().error, 'invalid_grant');
    const heir = await refresh(s.client.clientId, rotated.refresh_token);
    assert.equal(heir.statusCode, 400, 'the token rotated from the replayed one is revoked too');
    assert.equal(heir.json().error, 'invalid_grant');
  });

  it('ends every token of a refresh race: the winner’s new refresh and access tokens die with the family', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const s = await signIn(t);
      const answers = await Promise.all([1, 2].map(() => refresh(s.client.clientId, s.refreshToken)));
      assert.ok(
        answers.some((r) => r.statusCode === 400),
        'the second use is a reuse',
      );
      for (const won of answers.filter((r) => r.statusCode === 200)) {
        const { access_token, refresh_token } = won.json();
        assert.equal((await refresh(s.client.clientId, refresh_token)).json().error, 'invalid_grant');
        const call = await catalogue(access_token);
        assert.equal(call.statusCode, 401, `trial ${trial}: the access token still works`);
        assert.equal(call.json().code, 'INVALID_TOKEN');
      }
      assert.equal((await catalogue(s.accessToken)).statusCode, 401, 'the first access token too');
    }
  });

  it('ends the access tokens of a family revoked for reuse, at once', async () => {
    const s = await signIn(t);
    const rotated = (await refresh(s.client.clientId, s.refreshToken)).json();
    assert.equal((await catalogue(rotated.access_token)).statusCode, 200);
    assert.equal((await refresh(s.client.clientId, s.refreshToken)).statusCode, 400);
    for (const token of [s.accessToken, rotated.access_token]) {
      const call = await catalogue(token);
      assert.equal(call.statusCode, 401);
      assert.equal(call.json().code, 'INVALID_TOKEN');
    }
  });

  it('ends a disabled account’s access tokens at once, and its sign-ins for good', async () => {
    const s = await confidentialSignIn();
    assert.equal((await catalogue(s.accessToken)).statusCode, 200);
    await t.accounts.setUserDisabled(s.user.username, true);
    const call = await catalogue(s.accessToken);
    assert.equal(call.statusCode, 401);
    assert.equal(call.json().code, 'INVALID_TOKEN');
    const introspected = await introspect(s.accessToken, s);
    assert.deepEqual(introspected.json(), { active: false });
    await t.accounts.setUserDisabled(s.user.username, false);
    assert.equal(
      (await catalogue(s.accessToken)).statusCode,
      401,
      'enabling the account again needs a new sign-in',
    );
    const again = await post('/connect/token', {
      grant_type: 'refresh_token',
      client_id: s.client.clientId,
      client_secret: s.secret,
      refresh_token: s.refreshToken,
    });
    assert.equal(again.json().error, 'invalid_grant');
  });

  it('never lets two concurrent uses of one refresh token both succeed', async () => {
    const s = await signIn(t);
    const answers = await Promise.all([1, 2, 3].map(() => refresh(s.client.clientId, s.refreshToken)));
    assert.ok(
      answers.filter((r) => r.statusCode === 200).length <= 1,
      answers.map((r) => r.statusCode).join(),
    );
  });

  it('refuses a refresh token presented by another client, and an expired one', async () => {
    const s = await signIn(t);
    const other = await signIn(t);
    assert.equal((await refresh(other.client.clientId, s.refreshToken)).json().error, 'invalid_grant');
    t.clock.advance(31 * 86_400);
    const late = await refresh(s.client.clientId, s.refreshToken);
    assert.equal(late.json().error, 'invalid_grant');
    t.clock.advance(-31 * 86_400);
  });

  it('narrows scope on refresh but never widens it', async () => {
    const s = await signIn(t, 'admin');
    const narrowed = await refresh(s.client.clientId, s.refreshToken, 'read');
    assert.equal(narrowed.json().scope, 'read');
    const widened = await refresh(s.client.clientId, narrowed.json().refresh_token, 'read admin');
    assert.equal(widened.statusCode, 400);
    assert.equal(widened.json().error, 'invalid_scope');
  });

  it('stops refreshing once the user is disabled', async () => {
    const s = await signIn(t);
    await t.accounts.setUserDisabled(s.user.username, true);
    assert.equal((await refresh(s.client.clientId, s.refreshToken)).json().error, 'invalid_grant');
  });

  it('revokes a refresh token and its family (RFC 7009), answering 200 even for unknown tokens', async () => {
    const s = await signIn(t);
    const revoked = await post('/connect/revoke', { token: s.refreshToken, client_id: s.client.clientId });
    assert.equal(revoked.statusCode, 200);
    assert.equal((await refresh(s.client.clientId, s.refreshToken)).json().error, 'invalid_grant');
    assert.equal(
      (await post('/connect/revoke', { token: 'rt_unknown', client_id: s.client.clientId })).statusCode,
      200,
    );
    const missing = await post('/connect/revoke', { client_id: s.client.clientId });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error, 'invalid_request');
  });

  it('revokes an access token so that it no longer authenticates', async () => {
    const s = await signIn(t);
    assert.equal((await catalogue(s.accessToken)).statusCode, 200);
    assert.equal(
      (await post('/connect/revoke', { token: s.accessToken, client_id: s.client.clientId })).statusCode,
      200,
    );
    const res = await catalogue(s.accessToken);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'INVALID_TOKEN');
    assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
  });

  it('does not let one client revoke another client’s token', async () => {
    const s = await signIn(t);
    const other = await signIn(t);
    assert.equal(
      (await post('/connect/revoke', { token: s.accessToken, client_id: other.client.clientId })).statusCode,
      200,
    );
    assert.equal((await catalogue(s.accessToken)).statusCode, 200);
  });

  it('introspects active tokens (RFC 7662) and reports spent, revoked, foreign and junk tokens inactive', async () => {
    const s = await confidentialSignIn();
    const access = (await introspect(s.accessToken, s)).json();
    assert.equal(access.active, true);
    assert.equal(access.sub, s.user.id);
    assert.equal(access.client_id, s.client.clientId);
    assert.equal(access.scope, 'read book');
    assert.equal(access.token_type, 'Bearer');
    assert.equal(access.username, s.user.username);
    const refreshInfo = (await introspect(s.refreshToken, s)).json();
    assert.equal(refreshInfo.active, true);
    assert.equal(refreshInfo.token_type, 'refresh_token');
    const other = await confidentialSignIn();
    assert.deepEqual((await introspect(s.accessToken, other)).json(), { active: false });
    assert.deepEqual((await introspect('junk', s)).json(), { active: false });
    const renewed = await post('/connect/token', {
      grant_type: 'refresh_token',
      client_id: s.client.clientId,
      client_secret: s.secret,
      refresh_token: s.refreshToken,
    });
    assert.equal(renewed.statusCode, 200, renewed.body);
    assert.deepEqual((await introspect(s.refreshToken, s)).json(), { active: false });
    t.clock.advance(3601);
    assert.deepEqual((await introspect(s.accessToken, s)).json(), { active: false });
    t.clock.advance(-3601);
  });

  it('refuses introspection to a public client, which anyone can name, even for its own tokens', async () => {
    const s = await signIn(t);
    const res = await post('/connect/introspect', { token: s.accessToken, client_id: s.client.clientId });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, 'invalid_client');
    assert.equal(res.json().username, undefined);
  });

  it('requires client authentication for introspection', async () => {
    const s = await signIn(t);
    const res = await post('/connect/introspect', { token: s.accessToken, client_id: 'no-such-client' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, 'invalid_client');
  });
});
