import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeHotelBooking,
  decodeHotelBookingRoom,
  encodeHotelBookingRoom,
  type HotelBookingRoomRow,
  type HotelBookingRow,
  toHotelBookingRoomRow,
  toHotelBookingRow,
} from './hotel-booking-record.ts';

const hotel = { id: 'htl_1', name: 'Hôtel du Nord', time_zone: 'Europe/Paris', city_id: 'cty_1' };
const row: HotelBookingRow = {
  id: 'hbk_1',
  reference: 'ABCDEFGH',
  client_reference: null,
  user_id: 'usr_1',
  agency_id: null,
  status: 'confirmed',
  hotel_id: 'htl_1',
  city_id: 'cty_1',
  check_in: '2026-12-01',
  check_out: '2026-12-03',
  currency: 'EUR',
  total_amount: 24000,
  penalty_amount: null,
  payment: null,
  hold_expires_at: null,
  guarantee: null,
  free_cancellation_until: '2026-11-30T17:00:00.000Z',
  holder: JSON.stringify({ given_name: 'Ada', family_name: 'Lovelace', email: 'a@x.org', phone: '+44' }),
  names: '|ada lovelace|',
  special_requests: null,
  hotel: JSON.stringify(hotel),
  idempotency_key: null,
  version: 3,
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
  cancelled_at: null,
  hotel_confirmation: null,
};
const room: HotelBookingRoomRow = {
  id: 'hbr_1',
  booking_id: 'hbk_1',
  position: 0,
  room_type_id: 'rmt_1',
  rate_plan_id: 'rpl_1',
  status: 'confirmed',
  adults: 2,
  child_ages: '[4,9]',
  guests: JSON.stringify([{ given_name: 'Ada', family_name: 'Lovelace' }]),
  special_requests: 'quiet room',
  price: JSON.stringify({ currency: 'EUR', nightly: [{ date: '2026-12-01', amount: 12000 }] }),
  total_amount: 24000,
  penalty_amount: null,
};

describe('hotel booking record codecs', () => {
  it('decode JSON columns into values and encode them back to the same row', () => {
    const record = decodeHotelBooking(row);
    assert.equal(record.hotel.time_zone, 'Europe/Paris');
    assert.equal(record.holder.family_name, 'Lovelace');
    assert.deepEqual(toHotelBookingRow(record), row);
    const r = decodeHotelBookingRoom(room);
    assert.deepEqual(r.child_ages, [4, 9]);
    assert.equal(r.guests[0]!.given_name, 'Ada');
    assert.deepEqual(toHotelBookingRoomRow(r), room);
  });

  it('encode only the fields given, for partial updates', () => {
    assert.deepEqual(encodeHotelBookingRoom({ total_amount: 1, guests: [] }), {
      total_amount: 1,
      guests: '[]',
    });
    assert.deepEqual(encodeHotelBookingRoom({ special_requests: null }), { special_requests: null });
  });
});
