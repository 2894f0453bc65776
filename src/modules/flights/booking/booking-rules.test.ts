import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ageOn,
  checkPassengers,
  holdDeadline,
  isNameCorrection,
  type PassengerInput,
  refundFor,
} from './booking-rules.ts';

const person = (type: PassengerInput['type'], born_on: string, document = true): PassengerInput => ({
  type,
  title: 'mx',
  given_name: 'Alex',
  family_name: 'Doe',
  gender: 'x',
  born_on,
  document: document
    ? {
        type: 'passport',
        number: 'X1234567',
        issuing_country: 'GB',
        nationality: 'GB',
        expires_on: '2030-01-01',
      }
    : undefined,
});
const trip = { firstDate: '2026-12-10', lastDate: '2026-12-20', international: true, today: '2026-11-21' };

describe('booking rules', () => {
  it('computes ages on a date', () => {
    assert.equal(ageOn('2014-12-10', '2026-12-10'), 12);
    assert.equal(ageOn('2014-12-11', '2026-12-10'), 11);
  });

  it('accepts passengers that match the offer', () => {
    const errors = checkPassengers(
      [person('adult', '1990-01-01'), person('child', '2019-05-05'), person('infant', '2025-06-01')],
      { adults: 1, children: [7], infants: 1 },
      trip,
    );
    assert.deepEqual(errors, []);
  });

  it('refuses a traveller not yet born today, and one older than 120', () => {
    const infantDueNextWeek = checkPassengers(
      [person('adult', '1990-01-01'), person('infant', '2026-11-28')],
      { adults: 1, children: [], infants: 1 },
      trip,
    );
    assert.deepEqual(
      infantDueNextWeek.map((e) => [e.pointer, e.detail]),
      [['/passengers/1/born_on', 'is in the future: travellers are booked once born']],
    );
    const born1900 = checkPassengers(
      [person('adult', '1900-01-01')],
      { adults: 1, children: [], infants: 0 },
      trip,
    );
    assert.deepEqual(
      born1900.map((e) => e.pointer),
      ['/passengers/0/born_on'],
    );
    assert.match(born1900[0]!.detail, /older than 120/);
    assert.deepEqual(
      checkPassengers([person('adult', '1907-01-01')], { adults: 1, children: [], infants: 0 }, trip),
      [],
      'a 119-year-old may fly',
    );
  });

  it('refuses a mismatched mix, wrong ages and missing documents abroad', () => {
    assert.equal(
      checkPassengers([person('adult', '1990-01-01')], { adults: 2, children: [], infants: 0 }, trip)[0]
        ?.pointer,
      '/passengers',
    );
    const pointers = checkPassengers(
      [person('adult', '2016-01-01'), person('child', '2025-01-01'), person('infant', '2024-12-15', false)],
      { adults: 1, children: [1], infants: 1 },
      trip,
    ).map((e) => e.pointer);
    assert.deepEqual(pointers, [
      '/passengers/0/born_on',
      '/passengers/1/born_on',
      '/passengers/2/born_on',
      '/passengers/2/document',
    ]);
    assert.deepEqual(
      checkPassengers(
        [person('adult', '1990-01-01', false)],
        { adults: 1, children: [], infants: 0 },
        { ...trip, international: false },
      ),
      [],
    );
  });

  it('holds for a day but not within three hours of departure', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    assert.equal(
      holdDeadline(now, new Date('2026-12-10T10:00:00Z')).toISOString(),
      '2026-12-02T10:00:00.000Z',
    );
    assert.equal(
      holdDeadline(now, new Date('2026-12-01T20:00:00Z')).toISOString(),
      '2026-12-01T17:00:00.000Z',
    );
  });

  it('refunds by status and fare conditions', () => {
    const booking = { total: 50_000, tax: 8_000, seatedPassengers: 2 };
    assert.deepEqual(
      refundFor({ ...booking, status: 'held' }, { refundable: false, penaltyPerPassenger: 0 }),
      { refund: 0, penalty: 0 },
    );
    assert.deepEqual(
      refundFor({ ...booking, status: 'disrupted' }, { refundable: false, penaltyPerPassenger: 0 }),
      { refund: 50_000, penalty: 0 },
    );
    assert.deepEqual(
      refundFor({ ...booking, status: 'confirmed' }, { refundable: true, penaltyPerPassenger: 5_000 }),
      { refund: 40_000, penalty: 10_000 },
    );
    assert.deepEqual(
      refundFor({ ...booking, status: 'confirmed' }, { refundable: false, penaltyPerPassenger: 0 }),
      { refund: 8_000, penalty: 42_000 },
    );
  });

  it('allows correcting up to three letters of a name', () => {
    assert.equal(isNameCorrection('Jonh Smith', 'John Smith'), true);
    assert.equal(isNameCorrection('Jon Smith', 'John Smyth'), true);
    assert.equal(isNameCorrection('John Smith', 'Mary Jones'), false);
  });
});
