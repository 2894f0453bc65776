import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HotelBookingRoomRecord } from './hotel-booking-record.ts';
import { guaranteeChargeAmount, guaranteeChargeLimit } from './hotel-guarantee-rules.ts';

const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };
const booking = {
  status: 'confirmed' as const,
  guarantee: { type: 'card' as const, card, gateway: 'test', gateway_token: 'tgw_approve_1' },
  payment: null,
  check_in: '2027-03-10',
  hotel: { time_zone: 'Europe/Paris' } as never,
  penalty_amount: null,
};
const room = (total: number, steps: Array<{ days_before: number; percent: number }>, refundable = true) =>
  ({
    status: 'confirmed',
    total_amount: total,
    price: { cancellation_policy: { refundable, steps } },
  }) as unknown as HotelBookingRoomRecord;

describe('charging a stay’s guarantee', () => {
  // Midnight 10 March in Paris is 23:00 UTC on the 9th.
  const arrivalDay = new Date('2027-03-10T10:00:00Z');

  it('charges a no-show what cancelling would cost now, by each live room’s terms', () => {
    const rooms = [
      room(20_000, [{ days_before: 1, percent: 100 }]),
      room(30_000, [{ days_before: 7, percent: 30 }]),
      room(10_000, [], false),
      { ...room(50_000, []), status: 'cancelled' } as HotelBookingRoomRecord,
    ];
    assert.equal(guaranteeChargeLimit('no_show', booking, rooms, arrivalDay), 20_000 + 9_000 + 10_000);
  });

  it('charges nothing before the check-in day begins in the hotel’s zone, or when the rate asks nothing', () => {
    const rooms = [room(20_000, [{ days_before: 1, percent: 100 }])];
    assert.throws(
      () => guaranteeChargeLimit('no_show', booking, rooms, new Date('2027-03-09T22:59:59Z')),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION',
    );
    assert.equal(guaranteeChargeLimit('no_show', booking, rooms, new Date('2027-03-09T23:00:00Z')), 20_000);
    assert.throws(
      () => guaranteeChargeLimit('no_show', booking, [room(20_000, [])], arrivalDay),
      (e: any) => e.code === 'CONFLICT' && /nothing for a no-show/.test(e.message),
    );
  });

  it('charges a late cancellation the penalty it recorded, once, and only with a card kept', () => {
    const cancelled = { ...booking, status: 'cancelled' as const, penalty_amount: 12_345 };
    assert.equal(guaranteeChargeLimit('late_cancellation', cancelled, [], arrivalDay), 12_345);
    assert.throws(
      () => guaranteeChargeLimit('late_cancellation', booking, [], arrivalDay),
      (e: any) => e.code === 'INVALID_STATE_TRANSITION',
    );
    assert.throws(
      () => guaranteeChargeLimit('late_cancellation', { ...cancelled, penalty_amount: 0 }, [], arrivalDay),
      (e: any) => e.code === 'CONFLICT',
    );
    assert.throws(
      () => guaranteeChargeLimit('late_cancellation', { ...cancelled, guarantee: null }, [], arrivalDay),
      (e: any) => e.code === 'CONFLICT' && /No card/.test(e.message),
    );
    assert.throws(
      () => guaranteeChargeLimit('late_cancellation', { ...cancelled, payment: {} as never }, [], arrivalDay),
      (e: any) => e.code === 'CONFLICT' && /already/.test(e.message),
    );
  });

  it('charges the limit unless less is asked, and never more', () => {
    assert.equal(guaranteeChargeAmount(5_000, undefined), 5_000);
    assert.equal(guaranteeChargeAmount(5_000, 1_200), 1_200);
    assert.throws(
      () => guaranteeChargeAmount(5_000, 5_001),
      (e: any) => e.extras.errors[0].pointer === '/amount',
    );
  });
});
