import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField, invalidFields } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { foldedNames } from '../../../shared/names.ts';
import type { Principal } from '../../auth/index.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import { EXIT_ROW_BARRING_REQUESTS } from '../inventory/seat-rules.ts';
import { isNameCorrection } from './booking-rules.ts';
import { transition } from './booking-states.ts';
import { etagOf } from './booking-view.ts';
import { exitRowTest } from './exit-rows.ts';
import type { UpdateBookingChanges } from './flight-booking.schemas.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingReads } from './flight-booking-reads.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import { checkPassengerExtras } from './special-requests.ts';

/** Editing a booking's contact and passengers (name corrections, special requests, loyalty accounts). */
export function createBookingUpdates(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  clock: Clock;
  tell: TellFlightBooking;
  reads: FlightBookingReads;
  /** The seat layouts: a passenger in an exit row may not be given a request that bars it. */
  networkCache: NetworkCache;
}) {
  const { db, bookings, clock } = deps;
  return {
    /**
     * Edits contact details, corrects passenger names and sets their special requests and loyalty accounts,
     * if the client's `If-Match` is the booking's current ETag (RFC 9110 §13.1.1); a name may differ from
     * the name booked by at most three letters, however many corrections it took.
     */
    async updateBooking(
      principal: Principal,
      id: string,
      ifMatch: string | undefined,
      input: UpdateBookingChanges,
    ) {
      if (!ifMatch)
        throw new AppError('PRECONDITION_REQUIRED', 'Send If-Match with the ETag from GET /booking');
      const row = await deps.reads.loadVisible(principal, { id });
      transition(row.status, 'update');
      if (ifMatch !== etagOf(row))
        throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it', {
          etag: etagOf(row),
        });
      const passengers = row.passengers.map((p) => ({ ...p }));
      const changes: Record<string, unknown> = {};
      const extras: string[] = [];
      const inExitRow = await exitRowTest(deps.networkCache, row);
      (input.passengers ?? []).forEach((edit, i) => {
        const p = passengers.find((x) => x.id === edit.id);
        if (!p) throw invalidField(`/passengers/${i}/id`, 'is not a passenger of this booking');
        const before = `${p.given_name} ${p.family_name}`;
        const after = `${edit.given_name ?? p.given_name} ${edit.family_name ?? p.family_name}`;
        const booked = p.booked_name ?? before;
        if (!isNameCorrection(booked, after))
          throw invalidField(
            `/passengers/${i}`,
            `a name may differ from the name booked (${booked}) by at most 3 letters; cancel and rebook to change the traveller`,
          );
        p.given_name = edit.given_name ?? p.given_name;
        p.family_name = edit.family_name ?? p.family_name;
        if (before !== after) {
          changes[p.id] = after;
          p.booked_name = booked;
        }
        if (edit.special_requests !== undefined) p.special_requests = edit.special_requests;
        if (edit.loyalty_accounts !== undefined) p.loyalty_accounts = edit.loyalty_accounts;
        if (edit.special_requests !== undefined || edit.loyalty_accounts !== undefined) {
          const problems = checkPassengerExtras(p, `/passengers/${i}`);
          if (problems.length > 0) throw invalidFields('The update', problems);
          const barring = (p.special_requests ?? []).find((c) => EXIT_ROW_BARRING_REQUESTS.has(c));
          const exitSeat = (row.itinerary.services ?? []).find(
            (s) => s.type === 'seat' && s.passenger_id === p.id && inExitRow(s),
          );
          if (barring && exitSeat?.type === 'seat')
            throw invalidField(
              `/passengers/${i}/special_requests`,
              `${barring} cannot sit in exit-row seat ${exitSeat.designator}: move the passenger first (POST /add_services)`,
            );
          extras.push(p.id);
        }
      });
      const contact = {
        ...row.contact,
        ...Object.fromEntries(Object.entries(input.contact ?? {}).filter(([, v]) => v !== undefined)),
      };
      const now = clock.now().toISOString();
      const saved = await db.transaction().execute(async (trx) => {
        const ok = await bookings.updateAtVersion(
          trx,
          id,
          row.version,
          {
            passengers,
            names: foldedNames(passengers),
            contact,
          },
          now,
        );
        if (ok)
          await deps.tell(trx, id, 'flight_booking.updated', {
            type: 'updated',
            data: { contact: input.contact !== undefined, names: changes, requests_of: extras },
            at: now,
          });
        return ok;
      });
      if (!saved) throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it');
      return deps.reads.view(await deps.reads.loadVisible(principal, { id }));
    },
  };
}

export type BookingUpdates = ReturnType<typeof createBookingUpdates>;
