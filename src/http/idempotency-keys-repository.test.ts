import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createIdempotencyKeysRepository } from './idempotency-keys-repository.ts';

describe('idempotency keys repository', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('forgets keys older than the retention, keeping recent ones', async () => {
    const idempotency = createIdempotencyKeysRepository(t.storage.db, t.clock);
    const row = (key: string, created_at: string) => ({
      user_id: 'usr_1',
      key,
      operation: 'book_flight',
      request_hash: 'h',
      status: 'done' as const,
      response_status: 201,
      response_body: '{}',
      created_at,
    });
    await t.storage.db
      .insertInto('idempotency_keys')
      .values([row('old', '2026-11-19T00:00:00.000Z'), row('new', '2026-11-21T11:00:00.000Z')])
      .execute();
    await idempotency.purgeOlderThan(new Date('2026-11-20T12:00:00.000Z'));
    const keys = (
      await t.storage.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', 'usr_1').execute()
    ).map((r) => r.key);
    assert.deepEqual(keys, ['new']);
  });

  it('claims a key once, then finds, settles and releases it', async () => {
    const keys = createIdempotencyKeysRepository(t.storage.db, t.clock);
    assert.equal(await keys.claim('usr_2', 'k1', 'book_hotel', 'h1'), true);
    assert.equal(await keys.claim('usr_2', 'k1', 'book_hotel', 'h1'), false);
    assert.deepEqual(await keys.find('usr_2', 'k1'), {
      operation: 'book_hotel',
      request_hash: 'h1',
      status: 'in_progress',
      response: null,
      claimed_at: t.clock.now().toISOString(),
    });
    assert.equal(
      await keys.takeOver('usr_2', 'k1', 'h1', t.clock.now()),
      false,
      'a claim made at the cutoff is not stale',
    );
    assert.equal(await keys.takeOver('usr_2', 'k1', 'h1', new Date(t.clock.now().getTime() + 1)), true);
    assert.equal(
      await keys.takeOver('usr_2', 'k1', 'h2', new Date(t.clock.now().getTime() + 1)),
      false,
      'not by another request',
    );
    await keys.settle('usr_2', 'k1', { status: 201, body: { id: 'hbk_1' }, headers: { etag: '"v1"' } });
    assert.deepEqual((await keys.find('usr_2', 'k1'))?.response, {
      status: 201,
      body: { id: 'hbk_1' },
      headers: { etag: '"v1"' },
    });
    await keys.release('usr_2', 'k1');
    assert.equal(await keys.find('usr_2', 'k1'), undefined);
    assert.equal(await keys.claim('usr_2', 'k1', 'book_hotel', 'h2'), true, 'a released key is free again');
  });
});
