import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { NetworkRepository } from '../inventory/network-repository.ts';
import { scheduledOn } from '../inventory/schedule-dates.ts';
import type { AnnounceOperatorEvent, TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

/**
 * What operators do to flights already sold: cancel one dated flight, withdraw a schedule or a fare. Every
 * live booking on what is gone becomes `disrupted` (visible, refundable in full), with an event naming the
 * flight and why; nothing is deleted, and each status change is conditional on the status read.
 */
export function createFlightDisruptions(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  network: NetworkRepository;
  clock: Clock;
  tell: TellFlightBooking;
  announce: AnnounceOperatorEvent;
  audit: Pick<AuditLog, 'record'>;
}) {
  const { db, bookings, clock } = deps;

  /** Marks live bookings disrupted, each once, with an event naming the flight and the reason. */
  async function disrupt(
    trx: Kysely<Database>,
    live: FlightBookingRecord[],
    flight: string,
    reason: string,
    now: string,
  ): Promise<string[]> {
    const references: string[] = [];
    for (const b of live) {
      if (await bookings.changeStatus(trx, b.id, b.status, 'disrupted', { hold_expires_at: null }, now)) {
        await deps.tell(trx, b.id, 'flight_booking.disrupted', {
          type: 'disrupted',
          data: { flight, reason },
          at: now,
        });
        references.push(b.reference);
      }
    }
    return references;
  }

  /**
   * Disrupts the live bookings on a schedule's dates (one date, or every date from one on), and counts the
   * change to the network every process searches.
   */
  async function disruptAll(
    trx: Kysely<Database>,
    schedule: { id: string; carrier: string; flight_number: number },
    dates: Parameters<FlightBookingsRepository['liveOnFlight']>[2],
    reason: string,
    now: string,
  ): Promise<string[]> {
    const live = await bookings.liveOnFlight(trx, schedule.id, dates);
    const disrupted = await disrupt(trx, live, `${schedule.carrier}${schedule.flight_number}`, reason, now);
    await bumpVersion(trx, 'network');
    return disrupted;
  }

  return {
    /** Marks the live bookings on one dated flight disrupted; answers their references. */
    async disruptOn(
      trx: Kysely<Database>,
      scheduleId: string,
      date: string,
      flight: string,
      reason: string,
      now: string,
    ): Promise<string[]> {
      return disrupt(trx, await bookings.liveOnFlight(trx, scheduleId, { on: date }), flight, reason, now);
    },

    /**
     * An operator cancels one dated flight: it disappears from search, and every live booking on it
     * becomes `disrupted` (visible, refundable in full), nothing deleted.
     */
    async cancelFlight(scheduleId: string, date: string, reason: string) {
      const schedule = await deps.network.findSchedule(scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND', `No flight ${scheduleId}`);
      if (!scheduledOn(schedule, date))
        throw invalidField(
          '/departure_date',
          `is not a date ${schedule.carrier}${schedule.flight_number} flies (${schedule.valid_from} to ${schedule.valid_to}, days ${schedule.days_of_week})`,
        );
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const inserted = await deps.network.insertCancellation(trx, {
          schedule_id: scheduleId,
          departure_date: date,
          reason,
          created_at: now,
        });
        const disrupted = await disruptAll(trx, schedule, { on: date }, reason, now);
        const answer = {
          flight_id: scheduleId,
          departure_date: date,
          already_cancelled: !inserted,
          disrupted_bookings: disrupted,
        };
        if (inserted)
          await deps.announce(
            trx,
            'flight.cancelled',
            { ...answer, carrier: schedule.carrier, flight_number: schedule.flight_number, reason },
            now,
          );
        return answer;
      });
    },

    /** Withdraws a whole schedule from sale: every live booking on any future date of it is disrupted. */
    async withdrawSchedule(scheduleId: string, reason: string) {
      const schedule = await deps.network.findSchedule(scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND', `No flight ${scheduleId}`);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const withdrawn = await deps.network.withdrawSchedule(trx, scheduleId, now);
        const disrupted = await disruptAll(trx, schedule, { from: now.slice(0, 10) }, reason, now);
        const answer = {
          flight_id: scheduleId,
          already_withdrawn: !withdrawn,
          disrupted_bookings: disrupted,
        };
        if (withdrawn)
          await deps.announce(
            trx,
            'flight_schedule.withdrawn',
            {
              ...answer,
              carrier: schedule.carrier,
              flight_number: schedule.flight_number,
              origin: schedule.origin,
              destination: schedule.destination,
              reason,
            },
            now,
          );
        return answer;
      });
    },

    /** Stops selling one fare; bookings keep the fare they were sold. */
    async withdrawFare(key: {
      carrier: string;
      origin: string;
      destination: string;
      cabin: Cabin;
      brand: string;
    }) {
      return db.transaction().execute(async (trx) => {
        if (!(await deps.network.deleteFare(trx, key))) throw new AppError('NOT_FOUND', 'No such fare');
        await bumpVersion(trx, 'network');
        await deps.audit.record({ action: 'fare.withdrawn', before: key }, trx);
        return { withdrawn: true };
      });
    },
  };
}

export type FlightDisruptions = ReturnType<typeof createFlightDisruptions>;
