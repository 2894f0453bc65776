import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postToken } from '../../../test/helpers/factories.ts';
import { startSmtp } from '../../../test/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { OverloadedError } from '../../ports/limiter.ts';

/**
 * Password reset, invitation and change over the API, with the mails through a real SMTP server: a reset
 * link works once and for an hour, ends every session, and the answer never tells whether an account
 * exists; an invitation's link sets the first password, for a week.
 */
describe('password reset and change', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const CLIENT = 'reset-test';
  before(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Itinera <accounts@itinera.test>' } });
    await t.accounts.createClient({ clientId: CLIENT, name: 'Reset test', confidential: false });
    await t.accounts.createUser({ username: 'reset-admin', password: 'the admin password 1', role: 'admin' });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  let n = 0;
  /** A new account with an e-mail address. */
  const account = async (password = 'the first password 1') => {
    const username = `forgetful-${++n}`;
    await t.accounts.createUser({ username, email: `${username}@example.com`, password, role: 'customer' });
    return { username, email: `${username}@example.com`, password };
  };
  const signIn = (username: string, password: string) =>
    postToken(t, { grant_type: 'password', client_id: CLIENT, username, password });
  const bearer = async (username: string, password: string) => {
    const res = await signIn(username, password);
    assert.equal(res.statusCode, 200, res.body);
    return { authorization: `Bearer ${res.json().access_token}` };
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  /** Asks for a reset, sends what is due, and answers the mails that arrived meanwhile. */
  const ask = async (login: string, extra: Record<string, unknown> = {}) => {
    const before = smtp.received.length;
    const res = await post('/request_password_reset', { login, ...extra });
    assert.equal(res.statusCode, 202, res.body);
    assert.deepEqual(res.json(), { status: 'accepted' });
    await t.mail.sendDue();
    return smtp.received.slice(before);
  };
  const tokenOf = (text: string | undefined) => {
    const token = /#token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
    assert.ok(token, `a link in: ${text}`);
    return token;
  };
  const signedInStill = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/flight_bookings', headers })).statusCode === 200;

  it('mails a link that sets a new password once, ending every session and the lockout', async () => {
    const user = await account();
    const session = await bearer(user.username, user.password);
    // Five wrong passwords lock the account (LOCKOUT_THRESHOLD): even the right one is refused now.
    for (let i = 0; i < 5; i++) await signIn(user.username, 'a wrong password');
    assert.equal((await signIn(user.username, user.password)).statusCode, 400, 'locked out');
    const mails = await ask(user.email.toUpperCase());
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.to && 'text' in mails[0]!.to ? mails[0]!.to.text : '', user.email);
    assert.equal(mails[0]!.subject, 'Reset your Itinera password');
    assert.ok(mails[0]!.text!.includes(`http://itinera.test/reset-password#token=`));
    const token = tokenOf(mails[0]!.text);

    const reset = await post('/reset_password', { token, new_password: 'a brand new password' });
    assert.equal(reset.statusCode, 204, reset.body);
    assert.equal(await signedInStill(session), false, 'the sessions before the reset are over');
    assert.equal((await signIn(user.username, user.password)).statusCode, 400, 'the old password is refused');
    await bearer(user.username, 'a brand new password'); // and the lockout is lifted

    const again = await post('/reset_password', { token, new_password: 'yet another password' });
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().code, 'INVALID_RESET_TOKEN');
  });

  it('answers alike for an unknown login and a disabled account, and mails neither', async () => {
    assert.deepEqual(await ask('nobody-at-all@example.com'), []);
    const user = await account();
    await t.accounts.setUserDisabled(user.username, true);
    assert.deepEqual(await ask(user.username), []);
  });

  it('refuses a link after its hour, and a too-short password without using the link', async () => {
    const user = await account();
    const token = tokenOf((await ask(user.username))[0]?.text);
    const short = await post('/reset_password', { token, new_password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().code, 'VALIDATION_FAILED');
    t.clock.advance(61 * 60);
    const late = await post('/reset_password', { token, new_password: 'a long enough password' });
    assert.equal(late.json().code, 'INVALID_RESET_TOKEN');
    await bearer(user.username, user.password);
  });

  it('mails an account at most three times an hour, and a used link ends the others', async () => {
    const user = await account();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) for (const mail of await ask(user.username)) tokens.push(tokenOf(mail.text));
    assert.equal(tokens.length, 3);
    const used = await post('/reset_password', { token: tokens[1], new_password: 'chosen from the second' });
    assert.equal(used.statusCode, 204, used.body);
    const other = await post('/reset_password', { token: tokens[2], new_password: 'chosen from the third' });
    assert.equal(other.json().code, 'INVALID_RESET_TOKEN');
    t.clock.advance(61 * 60);
    assert.equal((await ask(user.username)).length, 1, 'an hour later, a mail again');
  });

  it('writes in German when asked', async () => {
    const user = await account();
    const [mail] = await ask(user.email, { language: 'de' });
    assert.equal(mail?.subject, 'Ihr Itinera-Passwort zurücksetzen');
    assert.ok(mail?.text?.includes('innerhalb von 60 Minuten'), mail?.text);
  });

  it('invites a new account by mail: its link sets the first password, for a week', async () => {
    // Signed in anew each time: days pass between the invitations.
    const admin = () => bearer('reset-admin', 'the admin password 1');
    const invite = async (username: string) => {
      const before = smtp.received.length;
      const res = await post(
        '/invite_user',
        { username, email: `${username}@example.com`, role: 'agent', agency: 'Invited Travel' },
        await admin(),
      );
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().username, username);
      await t.mail.sendDue();
      const mails = smtp.received.slice(before);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.subject, 'Your Itinera account');
      assert.match(mails[0]!.text ?? '', /reset-password#token=[A-Za-z0-9_-]+&invite=1/, 'a welcome page');
      return tokenOf(mails[0]!.text);
    };
    const first = await invite('invited-one');
    t.clock.advance(6 * 86_400);
    const chosen = await post('/reset_password', { token: first, new_password: 'my first own password' });
    assert.equal(chosen.statusCode, 204, chosen.body);
    await bearer('invited-one', 'my first own password');

    const late = await invite('invited-two');
    t.clock.advance(8 * 86_400);
    const refused = await post('/reset_password', { token: late, new_password: 'too late a password' });
    assert.equal(refused.json().code, 'INVALID_RESET_TOKEN');
    const taken = await post(
      '/invite_user',
      { username: 'invited-one', email: 'someone-else@example.com', role: 'customer' },
      await admin(),
    );
    assert.equal(taken.statusCode, 409);
  });

  it('changes a password given the current one, ending the other sessions and keeping this one', async () => {
    const user = await account();
    const here = await bearer(user.username, user.password);
    const elsewhere = await bearer(user.username, user.password);
    const wrong = await post(
      '/change_password',
      { current_password: 'not the password', new_password: 'a changed password' },
      here,
    );
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().errors[0].pointer, '/current_password');
    const changed = await post(
      '/change_password',
      { current_password: user.password, new_password: 'a changed password' },
      here,
    );
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal(await signedInStill(here), true, 'this session goes on');
    assert.equal(await signedInStill(elsewhere), false, 'the other session is over');
    await bearer(user.username, 'a changed password');
  });

  it('counts wrong current passwords as failed sign-ins: five lock the account', async () => {
    const user = await account();
    const here = await bearer(user.username, user.password);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        '/change_password',
        { current_password: `wrong ${i} password`, new_password: 'a password of mine' },
        here,
      );
      assert.equal(wrong.statusCode, 400);
    }
    const right = await post(
      '/change_password',
      { current_password: user.password, new_password: 'a password of mine' },
      here,
    );
    assert.equal(right.statusCode, 400, 'locked: even the right password is refused');
    assert.equal((await signIn(user.username, user.password)).statusCode, 400, 'and signing in too');
    t.clock.advance(16 * 60); // LOCKOUT_SECONDS later
    const later = await post(
      '/change_password',
      { current_password: user.password, new_password: 'a password of mine' },
      await bearer(user.username, user.password),
    );
    assert.equal(later.statusCode, 204, later.body);
  });

  it('refuses a machine client, which has no password to change', async () => {
    const admin = await bearer('reset-admin', 'the admin password 1');
    const made = await post('/create_client', { name: 'No password here' }, admin);
    assert.equal(made.statusCode, 201, made.body);
    const { client_id, client_secret } = made.json();
    const token = await postToken(t, { grant_type: 'client_credentials', client_id, client_secret });
    assert.equal(token.statusCode, 200, token.body);
    const refused = await post(
      '/change_password',
      { current_password: 'anything at all', new_password: 'a password of a client' },
      { authorization: `Bearer ${token.json().access_token}` },
    );
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'FORBIDDEN');
  });

  it('leaves each reset, invitation and change in the audit log, done by whom', async () => {
    const admin = await bearer('reset-admin', 'the admin password 1');
    const read = async (action: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/audit_events?action=${action}`,
        headers: admin,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as any[];
    };
    const requested = await read('password_reset.requested');
    assert.ok(requested.length >= 5, 'every reset mailed');
    assert.ok(requested.every((e) => e.actor.type === 'anonymous' && e.target.type === 'user'));
    const completed = await read('password_reset.completed');
    assert.ok(completed.length >= 3);
    assert.ok(
      completed.every((e) => e.actor.type === 'user' && e.actor.id === e.target.id),
      'by the account itself',
    );
    const invited = await read('user.invited');
    assert.deepEqual(
      invited.map((e) => e.actor.name),
      ['reset-admin', 'reset-admin'],
    );
    const changed = await read('password.changed');
    assert.equal(changed.length, 2);
    assert.ok(changed.every((e) => e.actor.id === e.target.id));
    const refused = await read('password.change_refused');
    assert.equal(refused.length, 7, 'the wrong one of the change test, five wrong and one locked out');
    assert.ok(refused.every((e) => e.outcome === 'failure'));
  });
});

describe('a new password while password hashing is saturated', () => {
  it('answers 503 with Retry-After, not an internal error', async () => {
    const t = await buildTestApp({
      hasher: {
        hash: () => Promise.reject(new OverloadedError()),
        verify: async () => false,
        burn: async () => {},
      },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/reset_password',
        payload: { token: 'some code', new_password: 'a long enough password' },
      });
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().code, 'SERVICE_UNAVAILABLE');
      assert.equal(res.headers['retry-after'], '1');
    } finally {
      await t.close();
    }
  });
});
