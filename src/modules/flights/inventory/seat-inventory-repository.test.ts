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
    const row = await t.storage.db.selectFrom('flight_schedules').select('id').executeTakeFirstOrThrow();
    scheduleId = row.id;
    seats = createSeatInventoryRepository(t.storage.db);
  });
  after(() => t.close());

  const key = (days: number) => ({ scheduleId, date: dayAfter(t, days), cabin: 'economy' as const });
  const change = (days: number, run: (trx: typeof t.storage.db) => Promise<unknown>) =>
    t.storage.db
      .transaction()
      .execute(run)
      .then(() => seats.changesOn([dayAfter(t, days)]));

  it('moves a date’s figure with every sale and release on it, and with nothing else', async () => {
    const [d1, d2] = [dayAfter(t, 5), dayAfter(t, 6)];
    assert.deepEqual([...(await seats.changesOn([d1, d2])).values()], [0, 0]);
    const sold = await change(5, (trx) => seats.take(trx, key(5), 2));
    assert.equal(sold.get(d1), 1);
    assert.equal((await change(5, (trx) => seats.release(trx, key(5), 1))).get(d1), 2);
    assert.equal(
      (await change(5, (trx) => seats.take(trx, key(5), 3))).get(d1),
      2,
      'a sale refused for want of seats changes nothing',
    );
    assert.equal((await seats.changesOn([d2])).get(d2), 0, 'another date is untouched');
  });

  it('folds a busy date into one row of the same figure, and forgets past dates', async () => {
    const d = dayAfter(t, 7);
    for (let i = 0; i < 20; i++) {
      await change(7, (trx) => seats.take(trx, key(7), 1));
      await change(7, (trx) => seats.release(trx, key(7), 1));
    }
    const before = (await seats.changesOn([d])).get(d);
    assert.equal(before, 40);
    assert.equal(await seats.compactChanges(dayAfter(t, 6), 8), 1, 'one date had more than 8 rows');
    const rows = await t.storage.db
      .selectFrom('seat_changes')
      .selectAll()
      .where('departure_date', '=', d)
      .execute();
    assert.equal(rows.length, 1);
    assert.equal((await seats.changesOn([d])).get(d), before);
    await change(7, (trx) => seats.take(trx, key(7), 1));
    assert.equal((await seats.changesOn([d])).get(d), before! + 1);
    assert.equal((await seats.changesOn([dayAfter(t, 5)])).get(dayAfter(t, 5)), 0, 'before the day given');
  });
});
