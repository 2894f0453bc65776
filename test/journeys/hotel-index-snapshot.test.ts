import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the hotel index saved to a snapshot', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let dir: string;
  const apps: TestApp[] = [];
  let file: Awaited<ReturnType<typeof seedHotels>>;
  before(async () => {
    storage = await openTestStorage();
    dir = mkdtempSync(path.join(tmpdir(), 'itinera-snapshots-'));
  });
  after(async () => {
    for (const t of apps) await t.close();
    await storage?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const app = async (snapshots: boolean) => {
    const t = await buildTestApp({ storage, env: { INDEX_SNAPSHOT_DIR: snapshots ? dir : 'off' } });
    apps.push(t);
    return t;
  };
  const hotelSearch = async (t: TestApp, id: string) => {
    const auth = (await signIn(t)).auth;
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: auth,
      payload: stay(t, 20, 2, { destination: { hotel_ids: [id] } }),
    });
    return res.json().data[0];
  };

  it('starts a process from the snapshot another saved, brought up to date by the change log', async () => {
    const one = await app(true);
    file = await seedHotels(one);
    await one.hotels.indexSaved();
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.snapshot')).length, 1);
    const [changed, untouched] = [file.hotels[0]!, file.hotels[1]!];
    const changedId = (await one.hotels.repository.findHotelByCode(changed.code))!.id;
    const untouchedId = (await one.hotels.repository.findHotelByCode(untouched.code))!.id;
    const before = (await hotelSearch(one, changedId)).cheapest_total_amount;
    // A change after the snapshot, logged by the import: the next process applies it on top.
    await one.hotels.importHotels({
      hotels: [
        { ...changed, rate_plans: changed.rate_plans.map((p) => ({ ...p, base_amount: p.base_amount * 2 })) },
      ],
    });
    // Rooms removed behind the log's back: only a process reading storage afresh can know.
    await storage.db.deleteFrom('rate_plans').where('hotel_id', '=', untouchedId).execute();
    const two = await app(true);
    assert.ok(
      (await hotelSearch(two, changedId)).cheapest_total_amount > before,
      'the logged change applied',
    );
    assert.ok(await hotelSearch(two, untouchedId), 'the rest as the snapshot has it');
    const fresh = await app(false);
    assert.equal(await hotelSearch(fresh, untouchedId), undefined, 'built from storage, it has no rates');
  });

  it('builds afresh when the snapshot is not of this database', async () => {
    const elsewhere = await openTestStorage();
    try {
      const other = await buildTestApp({ storage: elsewhere, env: { INDEX_SNAPSHOT_DIR: dir } });
      apps.push(other);
      assert.equal((await other.hotels.refreshIndex()).size, 0, 'its own, empty database');
    } finally {
      await apps.pop()!.close();
      await elsewhere.close();
    }
  });
});
