import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter, scheduleRecord } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createNetworkRepository } from './network-repository.ts';

describe('network repository: the active schedules, a page at a time', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('gives every active schedule once, by carrier, number, origin and start, whatever the page size', async () => {
    // Imported out of order, with two periods of one flight and a flight number shared by two origins.
    const period = (from: number, to: number) => ({
      valid_from: dayAfter(t, from),
      valid_to: dayAfter(t, to),
    });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'VY', 153, ['CDG', 'BCN'], '09:25', 100),
        { ...scheduleRecord(t, 'BA', 4242, ['LHR', 'DUB'], '09:00', 75), ...period(31, 60) },
        { ...scheduleRecord(t, 'BA', 4242, ['LHR', 'DUB'], '09:00', 75), ...period(0, 30) },
        scheduleRecord(t, 'FR', 395, ['CDG', 'BCN'], '09:25', 100),
        scheduleRecord(t, 'BA', 12, ['LHR', 'EDI'], '07:00', 80),
        scheduleRecord(t, 'BA', 12, ['EDI', 'LHR'], '11:00', 80),
        scheduleRecord(t, 'AF', 1000, ['CDG', 'NCE'], '08:00', 85),
      ],
      fares: [],
    });
    const repo = createNetworkRepository(t.storage.db);
    const withdrawn = await t.storage.db
      .selectFrom('flight_schedules')
      .select('id')
      .where('carrier', '=', 'AF')
      .executeTakeFirstOrThrow();
    await repo.withdrawSchedule(t.storage.db, withdrawn.id, new Date().toISOString());
    for (const size of [1, 2, 3, 6, 100]) {
      const seen: string[] = [];
      for await (const page of repo.activeSchedulePages(size)) {
        assert.ok(page.length <= size);
        seen.push(...page.map((s) => `${s.carrier}${s.flight_number} ${s.origin} ${s.valid_from}`));
      }
      assert.deepEqual(
        seen,
        [
          `BA12 EDI ${dayAfter(t, 0)}`,
          `BA12 LHR ${dayAfter(t, 0)}`,
          `BA4242 LHR ${dayAfter(t, 0)}`,
          `BA4242 LHR ${dayAfter(t, 31)}`,
          `FR395 CDG ${dayAfter(t, 0)}`,
          `VY153 CDG ${dayAfter(t, 0)}`,
        ],
        `pages of ${size}`,
      );
    }
  });
});
