import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Principal } from '../auth/index.ts';
import type { Due } from '../payments/index.ts';

/** A booking of a trip's part, as it was placed: its id and reference, and what its sale is worth. */
export interface PlacedPart {
  id: string;
  reference: string;
  sale: Due;
}

/**
 * A booking of one product checked and priced for a trip, ready to be placed inside the trip's
 * transaction under a reference drawn there. It has no payment of its own: the trip pays for it.
 */
export interface DraftedPart {
  /** The part's booking id (already drawn, so the trip can name it before it exists). */
  id: string;
  referenceLength: number;
  /** What the sale will be worth (the trip authorizes its card for it before the transaction). */
  expected: { amount: number; currency: string };
  /** Takes the places (seats, rooms), writes the booking and tells it, in `trx`; throws to refuse. */
  place(trx: Kysely<Database>, reference: string): Promise<PlacedPart>;
}

/** What cancelling a trip's part would give back now, and the version of the part it was worked out on. */
export interface PartCancellationQuote {
  refund: number;
  penalty: number;
  currency: string;
  version: number;
  /**
   * The operator changed the part (an airline cancelled or retimed a flight): the traveller may leave the
   * whole trip without paying for it, the other parts' penalties included.
   */
  altered: boolean;
}

/**
 * What a product lends trips: drafting a part, reading it as the API shows it, quoting and cancelling it
 * inside the trip's transaction. Money is not moved by the part: the trip's one payment takes and gives it.
 */
export interface TripParts<Input> {
  draft(principal: Principal, input: Input): Promise<DraftedPart>;
  /** The part as GET /booking shows it (the trip's owner sees it: no visibility check of its own). */
  view(id: string): Promise<{ booking: { id: string; status: string } & Record<string, unknown> }>;
  quote(id: string, now: Date): Promise<PartCancellationQuote>;
  /** Cancels the whole part as quoted, in `trx`, releasing its places; false when it changed since. */
  cancel(trx: Kysely<Database>, id: string, quote: PartCancellationQuote, now: Date): Promise<boolean>;
}

/** A trip's stay priced at other dates: what it would cost, and how to move it there in the trip's transaction. */
export interface PricedStay {
  total: number;
  currency: string;
  /** What the stay's sale would be worth at the new dates (its taxes, markups, commissions). */
  sale: Due;
  /** Moves the stay (nights, rooms, prices, told), no money; false when it changed since it was priced. */
  move(trx: Kysely<Database>, now: Date): Promise<boolean>;
}

/** What flights lend trips beyond any part: a schedule change taken in the trip's transaction. */
export interface FlightTripParts<Input> extends TripParts<Input> {
  acceptScheduleChange(trx: Kysely<Database>, id: string): Promise<boolean>;
}

/** What hotels lend trips beyond any part: the stay priced at new dates, and moved there. */
export interface StayTripParts<Input> extends TripParts<Input> {
  priceNewDates(id: string, stay: { check_in: string; check_out: string }): Promise<PricedStay>;
}
