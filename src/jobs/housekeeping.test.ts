import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { testEngine } from '../../test/helpers/engine.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const DAY_MS = 86_400_000;

describe(`the purge (${testEngine()})`, () => {
  const apps: TestApp[] = [];
  after(async () => {
    for (const t of apps) await t.close();
  });

  async function seeded(env: Record<string, string> = {}) {
    const t = await buildTestApp({ env });
    apps.push(t);
    const now = t.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
    for (const [id, daysAgo] of [
      ['aud_old', 401],
      ['aud_recent', 399],
    ] as const)
      await t.storage.db
        .insertInto('audit_events')
        .values({
          id,
          at: at(daysAgo),
          action: 'user.updated',
          outcome: 'success',
          actor_type: 'command',
          actor_id: null,
          actor_name: null,
          agency_id: null,
          target_type: null,
          target_id: null,
          ip: null,
          request_id: null,
          before: null,
          after: null,
        })
        .execute();
    for (const [key, daysAgo] of [
      ['two-days', 2],
      ['an-hour', 1 / 24],
    ] as const)
      await t.storage.db
        .insertInto('idempotency_keys')
        .values({
          user_id: 'usr_x',
          key,
          operation: 'book_flight',
          request_hash: 'h',
          status: 'done',
          response_status: 200,
          response_body: '{}',
          created_at: at(daysAgo),
        })
        .execute();
    return t;
  }

  const left = async (t: TestApp) => ({
    audit: (await t.storage.db.selectFrom('audit_events').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    ),
    keys: (await t.storage.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    ),
  });

  it('deletes audit entries past their retention and idempotency keys older than a day, and nothing else', async () => {
    const t = await seeded();
    await t.scheduler.run('purge');
    assert.deepEqual(await left(t), { audit: ['aud_recent'], keys: ['an-hour'] });
  });

  it('keeps the audit log for ever with AUDIT_RETENTION_DAYS=0', async () => {
    const t = await seeded({ AUDIT_RETENTION_DAYS: '0' });
    await t.scheduler.run('purge');
    assert.deepEqual(await left(t), { audit: ['aud_old', 'aud_recent'], keys: ['an-hour'] });
  });
});
