import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeFlightBooking,
  encodeFlightBooking,
  type FlightBookingRow,
  toFlightBookingRow,
} from './flight-booking-record.ts';

const row: FlightBookingRow = {
  id: 'bkg_1',
  reference: 'ABCDEF',
  user_id: 'usr_1',
  agency_id: 'agy_1',
  status: 'held',
  currency: 'EUR',
  total_amount: 31000,
  hold_expires_at: '2026-11-22T12:00:00.000Z',
  first_departure_at: '2026-12-01T09:00:00.000Z',
  itinerary: JSON.stringify({ cabin: 'economy', brand: 'light', slices: [] }),
  passengers: JSON.stringify([{ id: 'pas_1', type: 'adult', given_name: 'Ada', family_name: 'Lovelace' }]),
  contact: JSON.stringify({ email: 'a@x.org', phone: '+44' }),
  tickets: null,
  payment: null,
  refund_amount: null,
  names: '|ada lovelace|',
  idempotency_key: 'k-1',
  version: 1,
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
};

describe('flight booking record codec', () => {
  it('decodes JSON columns into values and encodes them back to the same row', () => {
    const record = decodeFlightBooking(row);
    assert.equal(record.itinerary.brand, 'light');
    assert.equal(record.passengers[0]!.id, 'pas_1');
    assert.equal(record.contact.email, 'a@x.org');
    assert.equal(record.tickets, null);
    assert.deepEqual(toFlightBookingRow(record), row);
  });

  it('encodes tickets (or their absence) and leaves other fields as given', () => {
    assert.deepEqual(encodeFlightBooking({ tickets: { pas_1: '1251234567890' }, hold_expires_at: null }), {
      tickets: '{"pas_1":"1251234567890"}',
      hold_expires_at: null,
    });
    assert.deepEqual(encodeFlightBooking({ tickets: null }), { tickets: null });
    const ticketed = decodeFlightBooking({ ...row, tickets: '{"pas_1":"1251234567890"}' });
    assert.deepEqual(ticketed.tickets, { pas_1: '1251234567890' });
  });
});
