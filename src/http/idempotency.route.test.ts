import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { openTestStorage } from '../../test/helpers/engine.ts';
import type { Storage } from '../db/database.ts';
import { FakeClock } from '../ports/clock.ts';
import { AppError } from './app-error.ts';
import type { App } from './app-instance.ts';
import { registerProblemHandling } from './error-handler.ts';
import { createIdempotency } from './idempotency.ts';
import { createIdempotencyKeysRepository } from './idempotency-keys-repository.ts';

/** A bare app with one idempotent operation whose outcome the test chooses by the body. */
describe('idempotency hooks on a route', () => {
  let storage: Storage;
  let app: App;
  let runs = 0;
  before(async () => {
    storage = await openTestStorage();
    const idempotency = createIdempotency(
      createIdempotencyKeysRepository(storage.db, new FakeClock()),
      (request) => String(request.headers['x-user'] ?? 'usr_a'),
      new FakeClock(),
    );
    app = Fastify() as unknown as App;
    registerProblemHandling(app);
    app.post('/book', { ...idempotency.hooks('book') }, async (request, reply) => {
      runs++;
      const body = request.body as { outcome: string };
      if (body.outcome === 'sold_out') throw new AppError('NO_AVAILABILITY', 'Sold out');
      if (body.outcome === 'crash') throw new Error('database went away');
      reply.code(201).header('etag', '"v1"').header('location', `/booking?id=b${runs}`);
      return { id: `b${runs}` };
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await storage?.close();
  });

  const book = (key: string | undefined, outcome: string, user = 'usr_a') =>
    app.inject({
      method: 'POST',
      url: '/book',
      headers: { 'x-user': user, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { outcome },
    });

  it('runs once per key and replays the first answer with its headers', async () => {
    const before = runs;
    const first = await book('k-ok', 'ok');
    assert.equal(first.statusCode, 201);
    const again = await book('k-ok', 'ok');
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.json(), first.json());
    assert.equal(again.headers.etag, '"v1"');
    assert.equal(again.headers.location, first.headers.location);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(runs, before + 1);
  });

  it('keeps a key per user: another user with the same key runs anew', async () => {
    const before = runs;
    assert.equal((await book('k-shared', 'ok', 'usr_a')).statusCode, 201);
    assert.equal((await book('k-shared', 'ok', 'usr_b')).statusCode, 201);
    assert.equal(runs, before + 2);
  });

  it('replays a 4xx answer as problem details, and refuses the key with another body', async () => {
    const first = await book('k-4xx', 'sold_out');
    assert.equal(first.statusCode, 409);
    const again = await book('k-4xx', 'sold_out');
    assert.equal(again.statusCode, 409);
    assert.match(String(again.headers['content-type']), /^application\/problem\+json/);
    assert.equal(again.json().code, 'NO_AVAILABILITY');
    const other = await book('k-4xx', 'ok');
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('frees the key after a 5xx, so the retry runs again', async () => {
    const before = runs;
    assert.equal((await book('k-5xx', 'crash')).statusCode, 500);
    const rows = await storage.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'k-5xx')
      .execute();
    assert.deepEqual(rows, []);
    assert.equal((await book('k-5xx', 'crash')).statusCode, 500);
    assert.equal(runs, before + 2);
  });

  it('requires a key, without running the operation', async () => {
    const before = runs;
    const res = await book(undefined, 'ok');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'IDEMPOTENCY_KEY_REQUIRED');
    assert.equal(runs, before);
  });
});
