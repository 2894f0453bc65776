import { toLocalIso } from '../../../shared/calendar.ts';
import type { describeSlice } from '../search/offer-builder.ts';

/** A booking's slices as it stores them. */
type Slices = Array<ReturnType<typeof describeSlice>>;

/** An operator's retime as a booking records it, until the traveller accepts it or takes another flight. */
export interface ScheduleChange {
  flight_id: string;
  flight_number: string;
  departure_date: string;
  previous: { departing_at: string; arriving_at: string };
  current: { departing_at: string; arriving_at: string };
  /** A connection of the booking is now shorter than the airport's minimum (or the flights overlap). */
  connection_broken: boolean;
  /** The booking's flights with the new times: its slices once accepted. */
  slices: Slices;
}

/**
 * A booking's slices with one dated flight moved to new instants: its local times, duration, the
 * connections either side and the slice's duration follow; `mct` gives an airport's minimum connection
 * in minutes. Null when the booking does not fly that flight.
 */
export function retimeSlices(
  slices: Slices,
  flight: { id: string; date: string; departsAt: number; arrivesAt: number },
  mct: (airport: string) => number,
): {
  slices: Slices;
  connectionBroken: boolean;
  previous: ScheduleChange['previous'];
  current: ScheduleChange['current'];
} | null {
  let previous: ScheduleChange['previous'] | null = null;
  let current: ScheduleChange['current'] | null = null;
  let broken = false;
  const moved = slices.map((slice) => {
    const at = slice.segments.findIndex((s) => s.flight_id === flight.id && s.departure_date === flight.date);
    if (at < 0) return slice;
    const old = slice.segments[at]!;
    previous = { departing_at: old.departing_at, arriving_at: old.arriving_at };
    current = {
      departing_at: toLocalIso(new Date(flight.departsAt), old.origin_time_zone),
      arriving_at: toLocalIso(new Date(flight.arrivesAt), old.destination_time_zone),
    };
    const moved = current;
    const segments = slice.segments.map((s, i) =>
      i === at
        ? {
            ...s,
            ...moved,
            duration_minutes: Math.round((flight.arrivesAt - flight.departsAt) / 60_000),
          }
        : { ...s },
    );
    segments.forEach((s, i) => {
      const next = segments[i + 1];
      if (!next) return;
      const minutes = Math.round((Date.parse(next.departing_at) - Date.parse(s.arriving_at)) / 60_000);
      s.connection_minutes = minutes;
      if (minutes < mct(s.destination)) broken = true;
    });
    const first = segments[0]!;
    const last = segments[segments.length - 1]!;
    return {
      ...slice,
      segments,
      duration_minutes: Math.round((Date.parse(last.arriving_at) - Date.parse(first.departing_at)) / 60_000),
    };
  });
  return previous && current ? { slices: moved, connectionBroken: broken, previous, current } : null;
}
