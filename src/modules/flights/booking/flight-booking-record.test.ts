import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createSealer } from '../../../shared/sealed-data.ts';
import { type FlightBookingRow, flightBookingCodec, type StoredPassenger } from './flight-booking-record.ts';

const sealer = createSealer([{ id: 'k1', key: randomBytes(32) }]);
const codec = flightBookingCodec(sealer);
const decodeFlightBooking = codec.decode;
const encodeFlightBooking = codec.encode;
const toFlightBookingRow = codec.toRow;

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
  // As a row written before passengers were sealed: read as it is.
  passengers: JSON.stringify([{ id: 'pas_1', type: 'adult', given_name: 'Ada', family_name: 'Lovelace' }]),
  contact: JSON.stringify({ email: 'a@x.org', phone: '+44' }),
  tickets: null,
  payment: null,
  documents_purged_at: null,
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
    const again = toFlightBookingRow(record);
    assert.deepEqual({ ...again, passengers: undefined }, { ...row, passengers: undefined });
    assert.deepEqual(decodeFlightBooking(again), record);
  });

  it('seals each passenger’s birth date and document, bound to the passenger', () => {
    const passenger = {
      id: 'pas_1',
      type: 'adult',
      title: 'ms',
      given_name: 'Ada',
      family_name: 'Lovelace',
      gender: 'f',
      born_on: '1985-12-10',
      document: {
        type: 'passport',
        number: 'X1234567',
        issuing_country: 'GB',
        nationality: 'GB',
        expires_on: '2031-01-01',
      },
    } as StoredPassenger;
    const { passengers } = encodeFlightBooking({ passengers: [passenger, { ...passenger, id: 'pas_2' }] });
    assert.ok(passengers);
    assert.doesNotMatch(passengers, /1985|X1234567|2031/, 'neither the date nor the document in clear');
    assert.match(passengers, /"given_name":"Ada"/, 'names stay readable (the booking is found by them)');
    assert.deepEqual(decodeFlightBooking({ ...row, passengers }).passengers[0], passenger);
    // One passenger's sealed part moved onto another does not open.
    const stored = JSON.parse(passengers) as Array<{ sealed: string }>;
    stored[1]!.sealed = stored[0]!.sealed;
    assert.throws(() => decodeFlightBooking({ ...row, passengers: JSON.stringify(stored) }), /does not open/);
    const otherKey = flightBookingCodec(createSealer([{ id: 'k2', key: randomBytes(32) }]));
    assert.throws(() => otherKey.decode({ ...row, passengers }), /data key k1, which is not configured/);
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
