import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis by two processes on one database', () => {
  let redis: Redis;
  let one: TestApp;
  let two: TestApp;
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  before(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    storage = await openTestStorage();
    const env = { RATE_LIMIT_MAX: '4' };
    one = await buildTestApp({ env, storage, redis });
    two = await buildTestApp({ env, storage, redis });
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
    redis?.disconnect();
  });

  it('counts one caller’s requests across both processes', async () => {
    const caller = await signIn(one);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      statuses.push(
        (await app.inject({ method: 'GET', url: '/b2c/countries/FR', headers: caller.auth })).statusCode,
      );
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  });

  it('accepts on one process a token issued by the other', async () => {
    const caller = await signIn(two);
    assert.equal(
      (await one.app.inject({ method: 'GET', url: '/b2c/countries/DE', headers: caller.auth })).statusCode,
      200,
    );
  });
});
