import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUsersRepository } from './users-repository.ts';

describe('agencies', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('gives everyone who asks for a new agency at the same moment the same one', async () => {
    const users = createUsersRepository(t.storage.db);
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        users.ensureAgency({
          id: `agy_race${i}`,
          name: 'Simultaneous Tours',
          created_at: '2026-11-21T12:00:00Z',
        }),
      ),
    );
    assert.equal(new Set(ids).size, 1);
    const rows = await t.storage.db
      .selectFrom('agencies')
      .selectAll()
      .where('name', '=', 'Simultaneous Tours')
      .execute();
    assert.deepEqual(
      rows.map((r) => r.id),
      [ids[0]],
    );
  });
});
