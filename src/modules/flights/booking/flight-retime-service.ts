import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { localToInstant } from '../../../shared/calendar.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { NetworkRepository } from '../inventory/network-repository.ts';
import { scheduledOn } from '../inventory/schedule-dates.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { minimumConnectionMinutes } from '../search/connection-rules.ts';
import { transition } from './booking-states.ts';
import { fullView } from './booking-view.ts';
import type { AnnounceOperatorEvent, TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import { retimeSlices } from './schedule-change.ts';
import type { Ticketing } from './ticketing.ts';

const firstDepartureOf = (slices: FlightBookingRecord['itinerary']['slices']) =>
  new Date(Date.parse(slices[0]!.segments[0]!.departing_at)).toISOString();

/**
 * An operator moves one dated flight to a new time. Every live booking on it learns of it in the same
 * transaction: a hold shows the new times at once (nothing is ticketed yet); a confirmed booking becomes
 * `schedule_changed`, keeping its times until the traveller accepts the new ones, takes another flight for
 * free (POST /search_changes) or cancels with a full refund. A connection made too short is flagged.
 */
export function createFlightRetimeService(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  /** The booking's documents, shown with it. */
  ticketing: Pick<Ticketing, 'list'>;
  network: NetworkRepository;
  seats: SeatInventoryRepository;
  catalogue: Catalogue;
  clock: Clock;
  tell: TellFlightBooking;
  announce: AnnounceOperatorEvent;
}) {
  const { db, bookings, clock } = deps;
  const mct = (iata: string) => {
    const airport = deps.catalogue.airportByCode.get(iata);
    return airport ? minimumConnectionMinutes(airport) : 0;
  };

  /** One booking's answer to the retime: its new times now (a hold) or awaiting acceptance. */
  async function tellBooking(
    trx: Kysely<Database>,
    b: FlightBookingRecord,
    flight: { id: string; date: string; departsAt: number; arrivesAt: number; number: string },
    now: string,
  ): Promise<boolean> {
    const pending = b.itinerary.schedule_change?.slices ?? b.itinerary.slices;
    const moved = retimeSlices(pending, flight, mct);
    const booked = pending
      .flatMap((slice) => slice.segments)
      .find((g) => g.flight_id === flight.id && g.departure_date === flight.date);
    // Not on this flight, or already told of this very time.
    if (
      !moved ||
      (Date.parse(booked!.departing_at) === flight.departsAt &&
        Date.parse(booked!.arriving_at) === flight.arrivesAt)
    )
      return false;
    const held = b.status === 'held';
    const change = {
      flight_id: flight.id,
      flight_number: flight.number,
      departure_date: flight.date,
      previous: b.itinerary.schedule_change?.previous ?? moved.previous,
      current: moved.current,
      connection_broken: moved.connectionBroken,
      slices: moved.slices,
    };
    const itinerary = held
      ? { ...b.itinerary, slices: moved.slices }
      : { ...b.itinerary, schedule_change: change };
    const ok = await bookings.retime(
      trx,
      b.id,
      b.status,
      {
        itinerary,
        status: held ? 'held' : transition(b.status, 'reschedule'),
        first_departure_at: held ? firstDepartureOf(moved.slices) : b.first_departure_at,
      },
      now,
    );
    if (ok) {
      const { slices: _, ...data } = change;
      await deps.tell(trx, b.id, 'flight_booking.schedule_changed', {
        type: 'schedule_changed',
        data,
        at: now,
      });
    }
    return ok;
  }

  /** Tells every live booking on a dated flight of its new instants; answers the references told. */
  async function retimeBookingsOn(
    trx: Kysely<Database>,
    flight: { id: string; date: string; departsAt: number; arrivesAt: number; number: string },
    now: string,
  ): Promise<string[]> {
    const told: string[] = [];
    for (const b of await bookings.liveOnFlight(trx, flight.id, { on: flight.date }))
      if (await tellBooking(trx, b, flight, now)) told.push(b.reference);
    return told;
  }

  /**
   * Takes the schedule change's new times in `trx`, if the booking is still as read; a connection the
   * change broke cannot be accepted (409: take another flight or cancel).
   */
  async function acceptIn(trx: Kysely<Database>, row: FlightBookingRecord): Promise<boolean> {
    const next = transition(row.status, 'accept');
    const change = row.itinerary.schedule_change!;
    if (change.connection_broken)
      throw new AppError(
        'CHANGE_NOT_ALLOWED',
        'The new times leave too short a connection: take another flight (POST /search_changes) or cancel',
      );
    const { schedule_change: _, ...rest } = row.itinerary;
    const now = clock.now().toISOString();
    const done = await bookings.retime(
      trx,
      row.id,
      row.status,
      {
        itinerary: { ...rest, slices: change.slices },
        status: next,
        first_departure_at: firstDepartureOf(change.slices),
      },
      now,
    );
    if (done)
      await deps.tell(trx, row.id, 'flight_booking.schedule_change_accepted', {
        type: 'schedule_change_accepted',
        data: { flight_id: change.flight_id, departure_date: change.departure_date },
        at: now,
      });
    return done;
  }

  return {
    retimeBookingsOn,

    async retimeFlight(
      scheduleId: string,
      date: string,
      time: { departure_time: string; duration_minutes?: number | undefined },
      reason: string,
    ) {
      const schedule = await deps.network.findSchedule(scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND', `No flight ${scheduleId}`);
      if (!scheduledOn(schedule, date))
        throw invalidField(
          '/departure_date',
          `is not a date ${schedule.carrier}${schedule.flight_number} flies`,
        );
      const origin = deps.catalogue.airportByCode.get(schedule.origin);
      if (!origin) throw new AppError('NOT_FOUND', `No airport ${schedule.origin}`);
      const duration = time.duration_minutes ?? schedule.duration_minutes;
      const departsAt = localToInstant(date, time.departure_time, origin.time_zone).getTime();
      const now = clock.now().toISOString();
      if (departsAt <= Date.parse(now)) throw invalidField('/departure_time', 'is in the past');
      const flight = {
        id: scheduleId,
        date,
        departsAt,
        arrivesAt: departsAt + duration * 60_000,
        number: `${schedule.carrier}${schedule.flight_number}`,
      };
      return db.transaction().execute(async (trx) => {
        await deps.network.upsertRetime(trx, {
          schedule_id: scheduleId,
          departure_date: date,
          departure_time: time.departure_time,
          duration_minutes: duration,
          reason,
          created_at: now,
        });
        // A booking taking seats on the flight now either commits first (and is told below) or waits, then
        // reads this retime in its own transaction (`flight-booking-service.ts`): never neither.
        await deps.seats.lockDatedFlight(trx, scheduleId, date);
        const changed = await retimeBookingsOn(trx, flight, now);
        await bumpVersion(trx, 'network');
        const answer = {
          flight_id: scheduleId,
          departure_date: date,
          departure_time: time.departure_time,
          duration_minutes: duration,
          changed_bookings: changed,
        };
        await deps.announce(
          trx,
          'flight.retimed',
          { ...answer, carrier: schedule.carrier, flight_number: schedule.flight_number, reason },
          now,
        );
        return answer;
      });
    },

    /** The traveller takes the new times; a connection they broke cannot be accepted. */
    async acceptScheduleChange(principal: Principal, id: string) {
      const row = await bookings.findVisible(visibilityOf(principal), { id });
      if (!row) throw new AppError('NOT_FOUND', 'No such booking');
      const ok = await db.transaction().execute((trx) => acceptIn(trx, row));
      if (!ok) throw new AppError('CONFLICT', 'The booking changed meanwhile; read it and try again');
      const latest = (await bookings.findById(db, row.id))!;
      return fullView(latest, deps);
    },

    /** A trip's flights take their new times, in the trip's transaction; false when they changed meanwhile. */
    async acceptInTrip(trx: Kysely<Database>, id: string): Promise<boolean> {
      return acceptIn(trx, (await bookings.findById(trx, id))!);
    },
  };
}

export type FlightRetimeService = ReturnType<typeof createFlightRetimeService>;
