import type { CabinLayout } from '../inventory/seat-layout.ts';
import { seatsOf } from '../inventory/seat-layout.ts';
import {
  EXIT_ROW_BARRING_REQUESTS,
  type SeatRefusal,
  type Sitter,
  seatOffer,
} from '../inventory/seat-rules.ts';
import type { BagService, FlightService, SeatService, ServiceTerms } from './ancillaries.ts';

export interface SeatRequest {
  passenger_id: string;
  slice: number;
  segment: number;
  designator: string;
}

export interface BagRequest {
  passenger_id: string;
  slice: number;
  quantity: number;
}

/** A booking (or one about to be made) as far as its services go. */
export interface TripForServices {
  passengers: ReadonlyArray<{
    id: string;
    type: 'adult' | 'child' | 'infant';
    special_requests?: readonly string[] | undefined;
  }>;
  /**
   * Per slice, per flight: its id, date, the cabin's seat layout (none: seats at check-in), and whether
   * it is closed to sales (departed, or about to).
   */
  flights: ReadonlyArray<
    ReadonlyArray<{ flightId: string; date: string; layout: CabinLayout | undefined; closed?: boolean }>
  >;
  terms: ServiceTerms;
  /** The services it has already. */
  held: readonly FlightService[];
}

export interface ServicePlan {
  added: FlightService[];
  /** Seats given up because their passenger chose another on the same flight. */
  replaced: SeatService[];
  errors: Array<{ pointer: string; detail: string }>;
}

const REFUSALS: Record<SeatRefusal, string> = {
  blocked: 'is blocked and cannot be assigned',
  exit_row_restricted:
    'is in an exit row: only for adults travelling without an infant and needing no assistance (no wheelchair, BLND, DEAF, DPNA, MAAS or UMNR request)',
  not_selectable: 'cannot be chosen on this fare; it is assigned at check-in',
};

/**
 * Who sits how: infants sit on a lap (no seat), and the first adults in the passenger list carry them,
 * one each, so those adults count as travelling with an infant; a passenger asking for assistance
 * (`EXIT_ROW_BARRING_REQUESTS`) needs it.
 */
export function sittersOf(passengers: TripForServices['passengers']): Map<string, Sitter | null> {
  let infants = passengers.filter((p) => p.type === 'infant').length;
  const sitters = new Map<string, Sitter | null>();
  for (const p of passengers) {
    const needsAssistance = (p.special_requests ?? []).some((c) => EXIT_ROW_BARRING_REQUESTS.has(c));
    if (p.type === 'infant') sitters.set(p.id, null);
    else if (p.type === 'child') sitters.set(p.id, { type: 'child', withInfant: false, needsAssistance });
    else {
      sitters.set(p.id, { type: 'adult', withInfant: infants > 0, needsAssistance });
      infants -= 1;
    }
  }
  return sitters;
}

/**
 * Checks and prices a request for seats and extra bags against the trip: every passenger, slice, flight
 * and seat must exist; a seat must suit its passenger (no infant, no exit row for a child or an adult with
 * an infant) and be choosable on the fare; one seat per passenger and flight, each seat once; bags only
 * where the fare sells them, within its allowance counting those bought before. Whether a seat is free is
 * for the database to say, when it is taken. `passengerField` names the request's passenger field.
 */
export function planServices(
  request: { seats?: readonly SeatRequest[] | undefined; bags?: readonly BagRequest[] | undefined },
  trip: TripForServices,
  make: { id: () => string; at: string; passengerField: string },
): ServicePlan {
  const errors: ServicePlan['errors'] = [];
  const added: FlightService[] = [];
  const replaced: SeatService[] = [];
  const sitters = sittersOf(trip.passengers);
  const chosen = new Set<string>();
  const seated = new Set<string>();
  type Problem = ServicePlan['errors'][number];
  const bad = (pointer: string, detail: string): Problem => ({ pointer, detail });

  const planSeat = (r: SeatRequest, i: number): Problem | null => {
    const at = `/seats/${i}`;
    const flight = trip.flights[r.slice]?.[r.segment];
    if (!trip.flights[r.slice]) return bad(`${at}/slice`, 'is not a slice of the trip');
    if (!flight) return bad(`${at}/segment`, 'is not a flight of this slice');
    if (!sitters.has(r.passenger_id))
      return bad(`${at}/${make.passengerField}`, 'is not a passenger of this booking');
    const sitter = sitters.get(r.passenger_id);
    if (!sitter) return bad(`${at}/${make.passengerField}`, 'is an infant, who sits on an adult’s lap');
    if (flight.closed) return bad(`${at}/segment`, 'this flight has departed or is about to');
    if (!flight.layout) return bad(at, 'this flight has no seat map: seats are assigned at check-in');
    const seat = seatsOf(flight.layout).find((s) => s.designator === r.designator);
    if (!seat) return bad(`${at}/designator`, 'is not a seat of this cabin');
    const flightKey = `${r.slice}|${r.segment}`;
    if (seated.has(`${flightKey}|${r.passenger_id}`))
      return bad(`${at}/${make.passengerField}`, 'is given two seats on one flight');
    if (chosen.has(`${flightKey}|${r.designator}`))
      return bad(`${at}/designator`, 'is chosen twice on one flight');
    const offer = seatOffer(seat, trip.terms.seat_fees[r.slice]?.[r.segment] ?? NO_SEATS, sitter);
    if (!offer.available) return bad(`${at}/designator`, REFUSALS[offer.reason]);
    const before = trip.held.find(
      (s): s is SeatService =>
        s.type === 'seat' &&
        s.slice === r.slice &&
        s.segment === r.segment &&
        s.passenger_id === r.passenger_id,
    );
    if (before?.designator === r.designator)
      return bad(`${at}/designator`, 'is already this passenger’s seat');
    seated.add(`${flightKey}|${r.passenger_id}`);
    chosen.add(`${flightKey}|${r.designator}`);
    if (before) replaced.push(before);
    added.push({
      id: make.id(),
      type: 'seat',
      passenger_id: r.passenger_id,
      slice: r.slice,
      segment: r.segment,
      flight_id: flight.flightId,
      departure_date: flight.date,
      designator: r.designator,
      amount: offer.amount,
      added_at: make.at,
    });
    return null;
  };
  for (const [i, r] of (request.seats ?? []).entries()) {
    const problem = planSeat(r, i);
    if (problem) errors.push(problem);
  }

  const bagsSoFar = new Map<string, number>();
  for (const s of trip.held)
    if (s.type === 'checked_bag')
      bagsSoFar.set(
        `${s.slice}|${s.passenger_id}`,
        (bagsSoFar.get(`${s.slice}|${s.passenger_id}`) ?? 0) + s.quantity,
      );
  const planBag = (r: BagRequest, i: number): Problem | null => {
    const at = `/bags/${i}`;
    if (!trip.flights[r.slice]) return bad(`${at}/slice`, 'is not a slice of the trip');
    if (trip.flights[r.slice]![0]?.closed)
      return bad(`${at}/slice`, 'this slice has departed or is about to');
    if (!sitters.has(r.passenger_id))
      return bad(`${at}/${make.passengerField}`, 'is not a passenger of this booking');
    const terms = trip.terms.extra_bags[r.slice];
    if (!terms) return bad(`${at}/slice`, 'the fare sells no extra bags on this slice');
    const key = `${r.slice}|${r.passenger_id}`;
    const total = (bagsSoFar.get(key) ?? 0) + r.quantity;
    if (total > terms.max)
      return bad(
        `${at}/quantity`,
        `makes ${total} extra bags on this slice; the fare allows at most ${terms.max} per passenger`,
      );
    bagsSoFar.set(key, total);
    const bag: BagService = {
      id: make.id(),
      type: 'checked_bag',
      passenger_id: r.passenger_id,
      slice: r.slice,
      quantity: r.quantity,
      amount: r.quantity * terms.amount,
      added_at: make.at,
    };
    added.push(bag);
    return null;
  };
  for (const [i, r] of (request.bags ?? []).entries()) {
    const problem = planBag(r, i);
    if (problem) errors.push(problem);
  }
  return { added, replaced, errors };
}

const NO_SEATS = { standard: null, preferred: null };
