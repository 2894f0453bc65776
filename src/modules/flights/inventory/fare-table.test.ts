import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FareTable } from './fare-table.ts';
import type { FareIndexRow, FareRoute } from './network-repository.ts';

const row = (adult: number): FareIndexRow => ({
  carrier: 'BA',
  origin: 'LHR',
  destination: 'DUB',
  cabin: 'economy',
  brand: 'light',
  currency: 'GBP',
  adult_amount: adult,
  child_amount: adult,
  infant_amount: 0,
  tax_amount: 1_000,
  infant_tax_amount: 0,
  checked_bags: 0,
  cabin_bags: 1,
  changeable: 0,
  change_penalty: 0,
  refundable: 1,
  refund_penalty: 500,
  seat_fee_standard: null,
  seat_fee_preferred: 2_000,
  extra_bag_fee: null,
  extra_bag_max: 0,
  pricing: null,
});
const route: FareRoute = { carrier: 'BA', origin: 'LHR', destination: 'DUB' };

describe('the fare table', () => {
  it('reads a route once, gives its fares as filed, and reads it again once told it changed', async () => {
    let stored = 10_000;
    let reads = 0;
    const table = new FareTable(async () => {
      reads++;
      return [row(stored)];
    });
    assert.throws(() => table.faresFor('BA', 'LHR', 'DUB', 'economy'), /before they were loaded/);
    await table.load([route]);
    await table.load([route]);
    assert.equal(reads, 1);
    const [fare] = table.faresFor('BA', 'LHR', 'DUB', 'economy');
    assert.deepEqual(
      [fare!.adult, fare!.refund, fare!.change.allowed, fare!.seatFees, fare!.extraBags],
      [10_000, { allowed: true, penalty: 500 }, false, { standard: null, preferred: 2_000 }, null],
    );
    stored = 12_000;
    table.forget([route]);
    await table.load([route]);
    assert.equal(table.faresFor('BA', 'LHR', 'DUB', 'economy')[0]!.adult, 12_000);
  });

  it('does not keep what a read under way found once the route is forgotten meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let stored = 10_000;
    const table = new FareTable(async () => {
      const seen = stored;
      await gate;
      return [row(seen)];
    });
    const first = table.load([route]);
    stored = 15_000;
    table.forget([route]);
    release();
    await first;
    await table.load([route]);
    assert.equal(
      table.faresFor('BA', 'LHR', 'DUB', 'economy')[0]!.adult,
      15_000,
      'read again, not the stale read',
    );
    assert.equal(table.faresFor('BA', 'LHR', 'DUB', 'economy').length, 1);
  });
});
