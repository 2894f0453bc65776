import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { localToInstant } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { OnScheduleChanges, ScheduleChange } from '../inventory/network-import.ts';
import type { NetworkRepository } from '../inventory/network-repository.ts';
import { scheduledOn } from '../inventory/schedule-dates.ts';
import type { AnnounceOperatorEvent } from './flight-booking-events.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { FlightDisruptions } from './flight-disruptions.ts';
import type { FlightRetimeService } from './flight-retime-service.ts';

/** The dates a booking flies a schedule on, as booked and as any pending retime has them. */
function datesOn(b: FlightBookingRecord, scheduleId: string): string[] {
  const slices = [...b.itinerary.slices, ...(b.itinerary.schedule_change?.slices ?? [])];
  return slices.flatMap((s) =>
    s.segments.filter((g) => g.flight_id === scheduleId).map((g) => g.departure_date),
  );
}

/**
 * What a schedule import does to the bookings on schedules it changed, in the import's transaction, as an
 * operator's explicit operation would: a date no longer flown disrupts its bookings (`cancel_flight`); a new
 * time or duration is a retime (`retime_flight`) of every date booked from today on, except dates an operator
 * retimed one by one, which keep their own time. Admins hear of each changed schedule.
 */
export function createScheduleImportEffects(deps: {
  bookings: FlightBookingsRepository;
  network: NetworkRepository;
  catalogue: Catalogue;
  retimeBookingsOn: FlightRetimeService['retimeBookingsOn'];
  disruptOn: FlightDisruptions['disruptOn'];
  announce: AnnounceOperatorEvent;
}): OnScheduleChanges {
  async function effectsOf(trx: Kysely<Database>, { before, after }: ScheduleChange, now: string) {
    const number = `${after.carrier}${after.flight_number}`;
    const moved =
      before.departure_time !== after.departure_time || before.duration_minutes !== after.duration_minutes;
    const zone = deps.catalogue.airportByCode.get(after.origin)?.time_zone ?? 'UTC';
    const own = await deps.network.retimedDates(trx, after.id);
    const today = now.slice(0, 10);
    const booked = await deps.bookings.liveOnFlight(trx, after.id, { from: today });
    const dates = [...new Set(booked.flatMap((b) => datesOn(b, after.id)))].filter((d) => d >= today).sort();
    const changed: string[] = [];
    const disrupted: string[] = [];
    for (const date of dates) {
      if (!scheduledOn(after, date)) {
        const reason = 'The operator took this date off the schedule';
        disrupted.push(...(await deps.disruptOn(trx, after.id, date, number, reason, now)));
      } else if (moved && !own.has(date)) {
        const departsAt = localToInstant(date, after.departure_time, zone).getTime();
        const flight = {
          id: after.id,
          date,
          departsAt,
          arrivesAt: departsAt + after.duration_minutes * 60_000,
          number,
        };
        changed.push(...(await deps.retimeBookingsOn(trx, flight, now)));
      }
    }
    const times = (s: typeof before) => ({
      departure_time: s.departure_time,
      duration_minutes: s.duration_minutes,
      days_of_week: s.days_of_week,
      valid_to: s.valid_to,
    });
    await deps.announce(
      trx,
      'flight_schedule.changed',
      {
        flight_id: after.id,
        carrier: after.carrier,
        flight_number: after.flight_number,
        origin: after.origin,
        destination: after.destination,
        previous: times(before),
        current: times(after),
        changed_bookings: changed,
        disrupted_bookings: disrupted,
      },
      now,
    );
    return { changed, disrupted };
  }

  return async (trx, changes, now) => {
    const changed = new Set<string>();
    const disrupted = new Set<string>();
    for (const change of changes) {
      const effects = await effectsOf(trx, change, now);
      for (const r of effects.changed) changed.add(r);
      for (const r of effects.disrupted) disrupted.add(r);
    }
    return { changed_bookings: [...changed], disrupted_bookings: [...disrupted] };
  };
}
