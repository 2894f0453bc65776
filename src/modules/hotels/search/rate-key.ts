import { createSignedTokens } from '../../../http/signed-token.ts';

/** What a rate key carries: one room type and rate plan, the stay and the rooms, and the price shown. */
export interface RateKeyPayload {
  hotel_id: string;
  room_type_id: string;
  rate_plan_id: string;
  check_in: string;
  check_out: string;
  rooms: Array<{ adults: number; children: number[] }>;
  total: number;
  currency: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** Rate keys come from a search (`rk_`, 30 minutes), quotes from a rate check (`hq_`, 15 minutes). */
export function createRateKeys(secret: string) {
  const keys = createSignedTokens<RateKeyPayload>(secret, 'rk');
  const quotes = createSignedTokens<RateKeyPayload>(secret, 'hq');
  return { issue: keys.issue, read: keys.read, issueQuote: quotes.issue, readQuote: quotes.read };
}

export type RateKeys = ReturnType<typeof createRateKeys>;
