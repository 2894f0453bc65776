import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuests, hotelHoldDeadline, searchableNames, stayHasBegun } from './hotel-booking-rules.ts';
import { assertHotelAction, hotelAllowedActions } from './hotel-booking-states.ts';

describe('hotel booking rules', () => {
  const adult = (given: string) => ({ given_name: given, family_name: 'Test' });

  it('wants each room’s searched adults, and its children with their ages in any order', () => {
    const occupancy = [
      { adults: 2, children: [3, 9] },
      { adults: 1, children: [] },
    ];
    const ok = [
      { guests: [adult('A'), { ...adult('C'), age: 9 }, adult('B'), { ...adult('D'), age: 3 }] },
      { guests: [adult('E')] },
    ];
    assert.deepEqual(checkGuests(ok, occupancy), []);
    const wrong = [
      { guests: [adult('A'), adult('B'), { ...adult('C'), age: 4 }, { ...adult('D'), age: 9 }] },
      { guests: [adult('E'), adult('F')] },
    ];
    assert.deepEqual(
      checkGuests(wrong, occupancy).map((e) => e.pointer),
      ['/rooms/0/guests', '/rooms/1/guests'],
    );
    assert.equal(checkGuests([ok[0]!], occupancy)[0]!.pointer, '/rooms');
  });

  it('keeps every name once, folded, between bars', () => {
    const names = searchableNames({ given_name: 'Zoë', family_name: 'Ångström' }, [
      { guests: [adult('Ann'), { given_name: 'Zoë', family_name: 'Ångström' }] },
    ]);
    assert.equal(names, '|zoe angstrom|ann test|');
  });

  it('starts the stay at midnight of the check-in date in the hotel’s zone', () => {
    // Midnight 1 March in Tokyo (UTC+9) is 15:00 UTC the day before.
    assert.equal(stayHasBegun('2027-03-01', 'Asia/Tokyo', new Date('2027-02-28T14:59:59Z')), false);
    assert.equal(stayHasBegun('2027-03-01', 'Asia/Tokyo', new Date('2027-02-28T15:00:00Z')), true);
    assert.equal(stayHasBegun('2027-03-01', 'America/New_York', new Date('2027-03-01T04:59:59Z')), false);
  });

  it('allows actions by status and time, and says which when it refuses', () => {
    const before = { begun: false, ended: false, freeToCancel: true };
    assert.deepEqual(hotelAllowedActions('confirmed', before), ['cancel', 'modify', 'change_dates']);
    assert.deepEqual(hotelAllowedActions('confirmed', { ...before, freeToCancel: false }), [
      'cancel',
      'modify',
    ]);
    assert.deepEqual(hotelAllowedActions('confirmed', { ...before, begun: true }), ['modify']);
    assert.deepEqual(hotelAllowedActions('confirmed', { begun: true, ended: true, freeToCancel: false }), []);
    assert.deepEqual(hotelAllowedActions('cancelled', before), []);
    assert.throws(
      () => assertHotelAction('cancelled', before, 'modify'),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION' && e.extras.booking_status === 'cancelled',
    );
    assert.throws(
      () => assertHotelAction('confirmed', { ...before, freeToCancel: false }, 'change_dates'),
      (e: any) => e.code === 'CHANGE_NOT_ALLOWED',
    );
    assert.throws(
      () => assertHotelAction('confirmed', { ...before, begun: true }, 'cancel'),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION' && /begun/.test(e.message),
    );
  });

  it('holds a day at most, never past the moment letting the rooms go would cost', () => {
    const now = new Date('2027-03-01T10:00:00Z');
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    // Far off and free to cancel for weeks: a day.
    const weeksOff = new Date('2027-04-01T00:00:00Z');
    assert.equal(
      iso(hotelHoldDeadline(now, weeksOff, true, '2027-04-10', 'Europe/London')),
      '2027-03-02T10:00:00.000Z',
    );
    // Free cancellation ends in five hours: the hold ends then.
    const soon = new Date('2027-03-01T15:00:00Z');
    assert.equal(iso(hotelHoldDeadline(now, soon, true, '2027-03-05', 'Europe/London')), soon.toISOString());
    // Free until arrival (no cancellation steps): arrival at midnight in Tokyo, 15:00 UTC the day before.
    assert.equal(
      iso(hotelHoldDeadline(now, null, true, '2027-03-02', 'Asia/Tokyo')),
      '2027-03-01T15:00:00.000Z',
    );
    // Non-refundable: 72 hours before the check-in day begins in the hotel's zone.
    assert.equal(
      iso(hotelHoldDeadline(now, null, false, '2027-03-05', 'Europe/London')),
      '2027-03-02T00:00:00.000Z',
    );
    // Less than half an hour left is no hold at all.
    assert.equal(hotelHoldDeadline(now, new Date('2027-03-01T10:29:59Z'), true, '2027-03-05', 'UTC'), null);
    assert.equal(hotelHoldDeadline(now, null, false, '2027-03-04', 'Europe/London'), null);
  });

  it('lets a hold be paid, cancelled or corrected, never moved, and nothing once expired', () => {
    const before = { begun: false, ended: false, freeToCancel: true };
    assert.deepEqual(hotelAllowedActions('held', before), ['pay', 'cancel', 'modify']);
    assert.deepEqual(hotelAllowedActions('expired', before), []);
    assert.throws(
      () => assertHotelAction('held', before, 'change_dates'),
      (e: any) => e.code === 'CHANGE_NOT_ALLOWED' && /hold/.test(e.message),
    );
    assert.throws(
      () => assertHotelAction('confirmed', before, 'pay'),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION' && /held/.test(e.message),
    );
    assert.throws(
      () => assertHotelAction('expired', before, 'pay'),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION' && e.extras.booking_status === 'expired',
    );
  });
});
