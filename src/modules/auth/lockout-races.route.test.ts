import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, freshCredentials, postToken } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';

/**
 * A password hasher whose checks wait until the test opens the gate, so that every request of a burst is
 * provably in flight at once (no timing involved). Passwords are stored as `plain:<password>`.
 */
function gatedHasher() {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const stats = { verified: 0, burned: 0 };
  const hasher: PasswordHasher = {
    hash: async (password) => `plain:${password}`,
    async verify(hash, password) {
      stats.verified++;
      await gate;
      return hash === `plain:${password}`;
    },
    async burn() {
      stats.burned++;
      await gate;
    },
  };
  return {
    hasher,
    stats,
    open: () => open(),
    close: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
}

describe('lockout under concurrent sign-ins', () => {
  let t: TestApp;
  const gated = gatedHasher();
  before(async () => {
    t = await buildTestApp({ hasher: gated.hasher, env: { LOCKOUT_THRESHOLD: '5' } });
  });
  after(() => t.close());

  const failuresOf = async (key: string) =>
    Number(
      (
        await t.storage.db
          .selectFrom('login_failures')
          .select('failures')
          .where('account_key', '=', key)
          .executeTakeFirst()
      )?.failures ?? 0,
    );

  /** Waits (a bounded number of turns of the event loop) until `ready` holds. */
  async function until(ready: () => Promise<boolean>): Promise<void> {
    for (let turn = 0; turn < 5000; turn++) {
      if (await ready()) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    assert.fail('the burst never got in flight');
  }

  it('refuses the right password sent among 29 wrong ones at once, checking at most the threshold', async () => {
    gated.close();
    const { user, fields } = await freshCredentials(t);
    const before = { ...gated.stats };
    const wrong = Array.from({ length: 29 }, () => postToken(t, { ...fields, password: 'wrong-guess-1' }));
    await until(async () => (await failuresOf(`usr:${user.id}`)) >= 29);
    const right = postToken(t, { ...fields, password: user.password });
    await until(async () => (await failuresOf(`usr:${user.id}`)) >= 30);
    gated.open();
    const answers = await Promise.all([...wrong, right]);
    assert.ok(answers.every((r) => r.statusCode === 400 && r.json().error === 'invalid_grant'));
    assert.equal(gated.stats.verified - before.verified, 5, 'only the threshold of attempts is checked');
    assert.equal(gated.stats.burned - before.burned, 25, 'the others cost the same work, unchecked');
    const later = await postToken(t, fields);
    assert.equal(later.json().error, 'invalid_grant', 'the account is locked');
    t.clock.advance(901);
    assert.equal((await postToken(t, fields)).statusCode, 200);
  });

  it('never locks an account for sign-ins with the right password, however many arrive at once', async () => {
    gated.close();
    const { user, fields } = await freshCredentials(t);
    const burst = Array.from({ length: 8 }, () => postToken(t, fields));
    await until(async () => (await failuresOf(`usr:${user.id}`)) >= 8);
    gated.open();
    const answers = await Promise.all(burst);
    assert.equal(answers.filter((r) => r.statusCode === 200).length, 5, 'the threshold of checks at once');
    const after = await postToken(t, fields);
    assert.equal(after.statusCode, 200, 'not locked: the refused ones were never checked');
  });

  it('counts failures against the account, whether it is named by username or e-mail', async () => {
    gated.open();
    const client = await freshCredentials(t);
    const email = `victim-${Date.now()}@example.com`;
    const user = await createUser(t);
    await t.storage.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    const as = (username: string, password: string) => postToken(t, { ...client.fields, username, password });
    for (let i = 0; i < 5; i++)
      assert.equal((await as(user.username, 'wrong')).json().error, 'invalid_grant');
    const byEmail = await as(email.toUpperCase(), user.password);
    assert.equal(byEmail.json().error, 'invalid_grant', 'the e-mail reaches the same locked account');
    t.clock.advance(901);
    assert.equal((await as(email, user.password)).statusCode, 200);
  });

  it('locks unknown logins alike, keyed by a digest so no login grows the table', async () => {
    gated.open();
    const { fields } = await freshCredentials(t);
    const login = `nobody-${'y'.repeat(300)}`;
    for (let i = 0; i < 6; i++) {
      const res = await postToken(t, { ...fields, username: login, password: 'whatever' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error, 'invalid_grant', res.body);
    }
    const keys = await t.storage.db.selectFrom('login_failures').select('account_key').execute();
    assert.ok(
      keys.every((k) => k.account_key.length <= 60),
      'every key is short',
    );
    assert.ok(keys.some((k) => k.account_key.startsWith('login:')));
  });

  it('refuses NUL and oversized parameters as invalid_request before any look-up', async () => {
    gated.open();
    const { fields } = await freshCredentials(t);
    const rows = async () =>
      (await t.storage.db.selectFrom('login_failures').select('account_key').execute()).length;
    const before = await rows();
    for (const bad of [
      { username: 'x'.repeat(900_000) },
      { username: 'nul\u0000byte' },
      { client_id: 'itinera\u0000demo' },
      { password: 'p'.repeat(5000) },
    ]) {
      const res = await postToken(t, { ...fields, ...bad });
      assert.equal(res.statusCode, 400, res.body.slice(0, 200));
      assert.equal(res.json().error, 'invalid_request');
    }
    assert.equal(await rows(), before, 'nothing was counted or stored');
  });

  it('purges failure counts whose window and lock are over', async () => {
    gated.open();
    const { fields } = await freshCredentials(t);
    await postToken(t, { ...fields, password: 'wrong' });
    const count = async () =>
      Number(
        (
          await t.storage.db
            .selectFrom('login_failures')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    assert.ok((await count()) > 0);
    t.clock.advance(3600);
    await t.scheduler.run('purge');
    assert.equal(await count(), 0);
  });
});
