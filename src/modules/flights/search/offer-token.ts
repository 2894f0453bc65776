import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { PassengerMix } from './fare-rules.ts';

/** What an offer id carries: enough to re-price and book it, without storing every search result. */
export interface OfferPayload {
  cabin: Cabin;
  brand: string;
  passengers: PassengerMix;
  /** Per slice, its flights as [schedule id, local departure date]. */
  slices: Array<Array<[string, string]>>;
  total: number;
  currency: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** An offer's payload as signed: positional, so offer ids stay short. */
type PackedOffer = [Cabin, string, PassengerMix, Array<Array<[string, string]>>, number, string, number];

/**
 * Offer ids are signed tokens (`off_…`, see `http/signed-token.ts`, with the key every process shares),
 * so a client can neither forge nor alter one, and any process can book any other's offer.
 */
export function createOfferTokens(key: string) {
  const tokens = createSignedTokens<PackedOffer>(key, 'off');
  return {
    issue: (p: OfferPayload): string =>
      tokens.issue([p.cabin, p.brand, p.passengers, p.slices, p.total, p.currency, p.expires]),
    /** The payload of a genuine offer id, or undefined for anything else. */
    read(token: string): OfferPayload | undefined {
      const packed = tokens.read(token);
      if (!Array.isArray(packed) || packed.length !== 7) return undefined;
      const [cabin, brand, passengers, slices, total, currency, expires] = packed;
      return { cabin, brand, passengers, slices, total, currency, expires };
    },
  };
}

export type OfferTokens = ReturnType<typeof createOfferTokens>;
