import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FlightService, SeatService } from './ancillaries.ts';
import type { SeatAssignmentsRepository } from './seat-assignments-repository.ts';

/**
 * Gives the booking's passengers the seats they chose, in the caller's transaction, or throws 409
 * SEAT_UNAVAILABLE naming the first one someone else holds (and the transaction rolls back).
 */
export async function assignSeats(
  trx: Kysely<Database>,
  assignments: SeatAssignmentsRepository,
  bookingId: string,
  services: readonly FlightService[],
  at: string,
): Promise<void> {
  const seats = services.filter((s): s is SeatService => s.type === 'seat');
  if (seats.length === 0) return;
  const taken = await assignments.assign(
    trx,
    seats.map((s) => ({
      scheduleId: s.flight_id,
      date: s.departure_date,
      seat: s.designator,
      bookingId,
      passengerId: s.passenger_id,
    })),
    at,
  );
  if (taken)
    throw new AppError(
      'SEAT_UNAVAILABLE',
      `Seat ${taken.seat} on ${taken.date} is taken; choose another from GET /seat_maps`,
      { flight_id: taken.scheduleId, departure_date: taken.date, designator: taken.seat },
    );
}

/** Frees the seats given up (a passenger moved, or is no longer on the flight), in the caller's transaction. */
export async function freeSeats(
  trx: Kysely<Database>,
  assignments: SeatAssignmentsRepository,
  bookingId: string,
  seats: readonly SeatService[],
): Promise<void> {
  await assignments.release(
    trx,
    bookingId,
    seats.map((s) => ({ scheduleId: s.flight_id, date: s.departure_date, passengerId: s.passenger_id })),
  );
}
