import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuests, searchableNames, stayHasBegun } from './hotel-booking-rules.ts';
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
});
