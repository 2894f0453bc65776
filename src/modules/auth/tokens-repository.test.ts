import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createTokensRepository } from './tokens-repository.ts';

describe('tokens repository', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('purges expired deny-list entries and refresh tokens, keeping live ones', async () => {
    const repo = createTokensRepository(t.storage.db);
    const user = await createUser(t);
    await t.accounts.createClient({ clientId: 'purge-client', confidential: false });
    const refresh = (id: string, expires: string) =>
      repo.insertRefresh({
        id,
        family_id: 'rtf_1',
        token_hash: `hash-${id}`,
        user_id: user.id,
        client_id: 'purge-client',
        scope: 'read',
        expires_at: expires,
        used_at: null,
        revoked_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      });
    await refresh('rtk_old', '2026-06-01T00:00:00.000Z');
    await refresh('rtk_live', '2027-06-01T00:00:00.000Z');
    await repo.revokeAccessToken('at_old', '2026-06-01T00:00:00.000Z');
    await repo.revokeAccessToken('at_live', '2027-06-01T00:00:00.000Z');
    await repo.revokeAccessToken('at_live', '2027-06-01T00:00:00.000Z');

    await repo.purgeExpired('2026-11-21T00:00:00.000Z');

    assert.equal(await repo.findRefreshByHash('hash-rtk_old'), undefined);
    assert.equal((await repo.findRefreshByHash('hash-rtk_live'))?.id, 'rtk_live');
    const of = (jti: string) => ({ jti, sessionId: null, userId: user.id });
    assert.equal(await repo.isAccessRevoked(of('at_old')), false);
    assert.equal(await repo.isAccessRevoked(of('at_live')), true);
  });

  it('marks a refresh token used only once', async () => {
    const repo = createTokensRepository(t.storage.db);
    const user = await createUser(t);
    await t.accounts.createClient({ clientId: 'once-client', confidential: false });
    await repo.insertRefresh({
      id: 'rtk_once',
      family_id: 'rtf_2',
      token_hash: 'hash-once',
      user_id: user.id,
      client_id: 'once-client',
      scope: 'read',
      expires_at: '2027-01-01T00:00:00.000Z',
      used_at: null,
      revoked_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => repo.markRefreshUsed('rtk_once', '2026-11-21T00:00:00.000Z')),
    );
    assert.deepEqual(results.filter(Boolean).length, 1);
  });
});
