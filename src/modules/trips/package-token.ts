import { createSignedTokens } from '../../http/signed-token.ts';
import type { Occupancy } from './trip-rules.ts';

/** What a package id carries: the flight offer and hotel rate it pairs, and their prices as searched. */
export interface PackagePayload {
  /** The flight offer's id (itself signed). */
  offer: string;
  /** The hotel option's rate key (itself signed). */
  rate_key: string;
  flight: { amount: number; currency: string };
  hotel: { amount: number; currency: string };
  /** The hotel's price in the trip's currency (the flight's), at the rates of the search. */
  hotel_in_currency: number;
  check_in: string;
  check_out: string;
  /** Each room's party, as searched. */
  rooms: Occupancy[];
  /** Unix seconds: the earlier of the offer's and the rate key's. */
  expires: number;
}

/** Package ids: signed, so a client can neither forge one nor alter its prices. */
export const createPackageTokens = (secret: string) => createSignedTokens<PackagePayload>(secret, 'pkg');
export type PackageTokens = ReturnType<typeof createPackageTokens>;

/** The one price of a package: the flight's, and the hotel's in the flight's currency. */
export const packageTotal = (p: PackagePayload) => ({
  amount: p.flight.amount + p.hotel_in_currency,
  currency: p.flight.currency,
});
