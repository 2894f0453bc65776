import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoredItinerary } from './flight-booking-record.ts';
import { retimeSlices } from './schedule-change.ts';

const segment = (flight_id: string, origin: string, destination: string, dep: string, arr: string) => ({
  flight_id,
  departure_date: '2026-12-01',
  carrier: 'BA',
  carrier_name: 'British Airways',
  flight_number: 'BA1',
  aircraft: '320',
  origin,
  destination,
  departing_at: dep,
  arriving_at: arr,
  origin_time_zone: 'Europe/London',
  destination_time_zone: 'Europe/Dublin',
  duration_minutes: 80,
  connection_minutes: null as number | null,
});
const slices = [
  {
    origin: 'LHR',
    destination: 'JFK',
    departure_date: '2026-12-01',
    duration_minutes: 0,
    connections: 1,
    segments: [
      segment('f1', 'LHR', 'DUB', '2026-12-01T08:00:00+00:00', '2026-12-01T09:20:00+00:00'),
      segment('f2', 'DUB', 'JFK', '2026-12-01T11:00:00+00:00', '2026-12-01T18:30:00+00:00'),
    ],
  },
] as StoredItinerary['slices'];
const at = (iso: string) => Date.parse(iso);

describe('retiming a booking’s flights', () => {
  it('moves the flight’s local times and the connections and durations around it', () => {
    const moved = retimeSlices(
      slices,
      {
        id: 'f1',
        date: '2026-12-01',
        departsAt: at('2026-12-01T08:30:00Z'),
        arrivesAt: at('2026-12-01T09:55:00Z'),
      },
      () => 60,
    )!;
    const [first, second] = moved.slices[0]!.segments;
    assert.equal(first!.departing_at, '2026-12-01T08:30:00+00:00');
    assert.equal(first!.arriving_at, '2026-12-01T09:55:00+00:00');
    assert.equal(first!.duration_minutes, 85);
    assert.equal(first!.connection_minutes, 65);
    assert.equal(second!.connection_minutes, null);
    assert.equal(moved.slices[0]!.duration_minutes, 600);
    assert.equal(moved.connectionBroken, false);
    assert.deepEqual(moved.previous, {
      departing_at: '2026-12-01T08:00:00+00:00',
      arriving_at: '2026-12-01T09:20:00+00:00',
    });
    assert.equal(
      slices[0]!.segments[0]!.departing_at,
      '2026-12-01T08:00:00+00:00',
      'the input is left alone',
    );
  });

  it('flags a connection below the airport’s minimum, and ignores bookings not on the flight', () => {
    const late = {
      id: 'f1',
      date: '2026-12-01',
      departsAt: at('2026-12-01T08:40:00Z'),
      arrivesAt: at('2026-12-01T10:00:00Z'),
    };
    assert.equal(
      retimeSlices(slices, late, () => 60)!.connectionBroken,
      false,
      'exactly the minimum is enough',
    );
    assert.equal(retimeSlices(slices, late, () => 61)!.connectionBroken, true);
    assert.equal(
      retimeSlices(slices, { ...late, date: '2026-12-02' }, () => 60),
      null,
    );
  });
});
