import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Cabin } from '../../../db/tables.ts';
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

/**
 * Offer ids are signed (HMAC-SHA256 with a key kept in the database, shared by every process), so
 * a client can neither forge nor alter one, and any process can book any other's offer.
 */
export function createOfferTokens(key: string) {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);
  return {
    issue(payload: OfferPayload): string {
      const body = Buffer.from(
        JSON.stringify([
          payload.cabin,
          payload.brand,
          payload.passengers,
          payload.slices,
          payload.total,
          payload.currency,
          payload.expires,
        ]),
      ).toString('base64url');
      return `off_${body}.${sign(body).toString('base64url')}`;
    },
    /** The payload of a genuine offer id, or undefined for anything else. */
    read(token: string): OfferPayload | undefined {
      const match = /^off_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!match) return undefined;
      const [, body, mac] = match as unknown as [string, string, string];
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const [cabin, brand, passengers, slices, total, currency, expires] = JSON.parse(
          Buffer.from(body, 'base64url').toString('utf8'),
        );
        return { cabin, brand, passengers, slices, total, currency, expires };
      } catch {
        return undefined;
      }
    },
  };
}

export type OfferTokens = ReturnType<typeof createOfferTokens>;
