import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter, scheduleRecord } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createSeatInventoryRepository } from './seat-inventory-repository.ts';

describe('seat inventory: the change figures searches check', () => {
  let t: TestApp;
  let seats: ReturnType<typeof createSeatInventoryRepository>;
  let scheduleId: string;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [
        { ...scheduleRecord(t, 'BA', 4242, ['LHR', 'DUB'], '09:00', 75), capacity: { economy: 3 } },
      ],
      fares: [],
    });
    scheduleId = (await t.storage.db.selectFrom('flight_schedules').select('id').executeTakeFirstOrThrow())
      .id;
    seats = createSeatInventoryRepository(t.storage.db);
  });
  after(() => t.close());

  it('moves a departure date’s figure with every sale and release on it, and not with a sale refused', async () => {
    const [d1, d2] = [dayAfter(t, 5), dayAfter(t, 6)];
    const key = { scheduleId, date: d1, cabin: 'economy' as const };
    const figures = async (run: (trx: TestApp['storage']['db']) => Promise<unknown>) => {
      await t.storage.db.transaction().execute(run);
      return [...(await seats.changesOn([d1, d2])).values()];
    };
    assert.deepEqual(await figures(async () => {}), [0, 0]);
    assert.deepEqual(await figures((trx) => seats.take(trx, key, 2)), [1, 0]);
    assert.deepEqual(await figures((trx) => seats.release(trx, key, 1)), [2, 0]);
    assert.deepEqual(await figures((trx) => seats.take(trx, key, 3)), [2, 0], 'two seats left, three asked');
  });
});
