import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openTestStorage } from '../../../test/helpers/engine.ts';
import type { Storage } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { createBookingFrame } from './booking-frame.ts';

/** A table of made things with a unique reference and a unique idempotency key, as bookings have. */
const made = (db: Kysely<Database>) =>
  sql<{
    id: string;
    reference: string;
    key: string | null;
  }>`select id, reference, key from frame_made order by id`
    .execute(db)
    .then((r) => r.rows);
const insert = (trx: Kysely<Database>, id: string, reference: string, key: string | null) =>
  sql`insert into frame_made (id, reference, key) values (${id}, ${reference}, ${key})`.execute(trx);

describe('the booking frame', () => {
  let storage: Storage;
  const abandoned: string[] = [];
  let frame: ReturnType<typeof createBookingFrame<string>>;
  before(async () => {
    storage = await openTestStorage();
    await sql`create table frame_made (id text primary key, reference text not null unique, key text unique)`.execute(
      storage.db,
    );
    frame = createBookingFrame<string>({
      db: storage.db,
      abandon: async (prepared) => {
        abandoned.push(prepared);
      },
    });
  });
  after(() => storage.close());

  it('commits a step whole, and gives up what was prepared when the step fails, leaving nothing', async () => {
    const ok = await frame.create({
      prepared: 'card-1',
      existing: () => undefined,
      referenceLength: 6,
      run: async (trx, reference) => {
        await insert(trx, 'a', reference, null);
        return { id: 'a', reference };
      },
      madeHere: () => true,
    });
    assert.equal(ok.reference.length, 6);
    await assert.rejects(
      frame.create({
        prepared: 'card-2',
        existing: () => undefined,
        referenceLength: 6,
        run: async (trx, reference) => {
          await insert(trx, 'b', reference, null);
          throw new Error('sold out');
        },
        madeHere: () => true,
      }),
      /sold out/,
    );
    assert.deepEqual(
      (await made(storage.db)).map((r) => r.id),
      ['a'],
      'the failed step left no row',
    );
    assert.deepEqual(abandoned, ['card-2']);
  });

  it('draws another reference when one collides, running the whole step again', async () => {
    const taken = (await made(storage.db))[0]!.reference;
    let runs = 0;
    const result = await frame.create({
      prepared: undefined,
      existing: () => undefined,
      referenceLength: 6,
      run: async (trx, reference) => {
        runs++;
        await insert(trx, `c${runs}`, runs === 1 ? taken : reference, null);
        return { id: `c${runs}` };
      },
      madeHere: () => true,
    });
    assert.equal(runs, 2);
    assert.equal(result.id, 'c2');
    assert.deepEqual(
      (await made(storage.db)).map((r) => r.id),
      ['a', 'c2'],
    );
  });

  it('answers the booking a concurrent run of the same request made, and gives up this run’s payment', async () => {
    abandoned.length = 0;
    const request = (prepared: string, id: string) =>
      frame.create({
        prepared,
        existing: async () => (await made(storage.db)).find((r) => r.key === 'key-1'),
        referenceLength: 6,
        run: async (trx, reference) => {
          await insert(trx, id, reference, 'key-1');
          return { id, reference, key: 'key-1' as string | null };
        },
        madeHere: (answer) => answer.id === id,
      });
    const first = await request('card-3', 'd1');
    const again = await request('card-4', 'd2');
    assert.equal(again.id, first.id, 'the same booking answers');
    assert.deepEqual(abandoned, ['card-4']);
  });

  it('changes in one transaction, giving up what was prepared when nothing changed', async () => {
    abandoned.length = 0;
    const changed = await frame.change({
      prepared: 'card-5',
      run: async (trx) => {
        await sql`update frame_made set reference = ${'CHANGED'} where id = ${'a'}`.execute(trx);
        return true;
      },
      used: (ok) => ok,
    });
    const unchanged = await frame.change({ prepared: 'card-6', run: async () => false, used: (ok) => ok });
    assert.deepEqual([changed, unchanged], [true, false]);
    assert.deepEqual(abandoned, ['card-6']);
    assert.equal((await made(storage.db)).find((r) => r.id === 'a')?.reference, 'CHANGED');
  });
});
