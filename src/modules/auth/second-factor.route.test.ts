import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, FORM, form } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { codeAt } from './second-factor.ts';

/**
 * A second factor on the website (RFC 6238): set up with a key and its first code, asked at every
 * sign-in, each code once, recovery codes once, wrong codes locking; /connect/token refuses the password
 * grant for such an account; MFA_REQUIRED_ROLES makes a role set one up as it signs in and keep it.
 */
describe('a second factor', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { MFA_REQUIRED_ROLES: 'admin', LOCKOUT_THRESHOLD: '5' } });
  });
  after(() => t.close());

  const json = (url: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80', ...headers },
      payload: JSON.stringify(body),
    });
  type Person = { username: string; password: string };
  const webSignIn = ({ username, password }: Person, code?: string) =>
    json('/web_session', { username, password, ...(code ? { one_time_code: code } : {}) });
  const passwordGrant = ({ username, password }: Person) =>
    t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: form({ grant_type: 'password', client_id: 'itinera-web', username, password }),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const step = () => t.clock.advance(30);

  it('is set up with a key and its first code, then asked at every sign-in, each code once', async () => {
    const user = await createUser(t, 'customer');
    const auth = bearer((await webSignIn(user)).json().access_token);
    assert.equal(
      (await json('/start_second_factor', { current_password: 'wrong one' }, auth)).statusCode,
      400,
    );
    const started = await json('/start_second_factor', { current_password: user.password }, auth);
    assert.equal(started.statusCode, 200, started.body);
    const { secret, otpauth_uri } = started.json();
    assert.match(otpauth_uri, /^otpauth:\/\/totp\/.*secret=/);
    assert.equal((await webSignIn(user)).statusCode, 200, 'a key being set up asks nothing yet');

    assert.equal((await json('/confirm_second_factor', { code: '000000' }, auth)).statusCode, 400);
    const confirmed = await json('/confirm_second_factor', { code: codeAt(secret, t.clock.now()) }, auth);
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const recovery: string[] = confirmed.json().recovery_codes;
    assert.equal(recovery.length, 10);

    const without = await webSignIn(user);
    assert.equal(without.statusCode, 401);
    assert.equal(without.json().code, 'SECOND_FACTOR_REQUIRED');
    const replayed = await webSignIn(user, codeAt(secret, t.clock.now()));
    assert.equal(replayed.json().code, 'INVALID_CREDENTIALS', 'the code that confirmed it was used');
    step();
    const code = codeAt(secret, t.clock.now());
    assert.equal((await webSignIn(user, code)).statusCode, 200);
    assert.equal((await webSignIn(user, code)).statusCode, 401, 'a code works once');

    const refused = await passwordGrant(user);
    assert.equal(refused.json().error, 'invalid_grant');
    assert.match(refused.json().error_description, /machine client/);

    assert.equal((await webSignIn(user, recovery[0])).statusCode, 200, 'a recovery code');
    assert.equal((await webSignIn(user, recovery[0])).statusCode, 401, 'once');

    step();
    const off = await json(
      '/disable_second_factor',
      { current_password: user.password, code: codeAt(secret, t.clock.now()) },
      bearer((await webSignIn(user, recovery[1])).json().access_token),
    );
    assert.equal(off.statusCode, 204, off.body);
    assert.equal((await passwordGrant(user)).statusCode, 200, 'the password grant again');
  });

  it('locks after wrong codes, even against the right one, whatever the right password said', async () => {
    const user = await createUser(t, 'customer');
    const auth = bearer((await webSignIn(user)).json().access_token);
    const { secret } = (await json('/start_second_factor', { current_password: user.password }, auth)).json();
    await json('/confirm_second_factor', { code: codeAt(secret, t.clock.now()) }, auth);
    for (let i = 0; i < 5; i++) assert.equal((await webSignIn(user, '123456')).statusCode, 401);
    step();
    const right = await webSignIn(user, codeAt(secret, t.clock.now()));
    assert.equal(right.statusCode, 401, 'locked');
    const log = (
      await t.storage.db
        .selectFrom('audit_events')
        .select('action')
        .where('target_id', '=', user.id)
        .execute()
    ).map((e) => e.action);
    assert.ok(log.includes('second_factor.enabled'));
    assert.ok(log.filter((a) => a === 'sign_in.failed').length >= 5);
  });

  it('makes a role in MFA_REQUIRED_ROLES set one up as it signs in, and keep it', async () => {
    const admin = await createUser(t, 'admin');
    assert.equal((await passwordGrant(admin)).json().error, 'invalid_grant', 'no password grant for it');
    const first = await webSignIn(admin);
    assert.equal(first.statusCode, 401);
    assert.equal(first.json().code, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    const { secret } = first.json().enrolment;
    const wrong = await webSignIn(admin, '000000');
    assert.equal(wrong.statusCode, 401);
    const again = await webSignIn(admin);
    const key = again.json().enrolment.secret;
    assert.notEqual(key, secret, 'a sign-in without the code shows a new key');
    const signedIn = await webSignIn(admin, codeAt(key, t.clock.now()));
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.equal(signedIn.json().recovery_codes.length, 10);
    const auth = bearer(signedIn.json().access_token);
    const status = await t.app.inject({ method: 'GET', url: '/second_factor', headers: auth });
    assert.deepEqual(status.json(), { enabled: true, pending: false, required: true });
    step();
    const keep = await json(
      '/disable_second_factor',
      { current_password: admin.password, code: codeAt(key, t.clock.now()) },
      auth,
    );
    assert.equal(keep.statusCode, 403);

    // A lost phone: an admin takes it off (here the admin itself); the next sign-in sets a new one up.
    const reset = await json('/reset_second_factor', { user_id: admin.id }, auth);
    assert.equal(reset.statusCode, 204, reset.body);
    assert.equal((await webSignIn(admin)).json().code, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
  });
});
