import { createHmac, timingSafeEqual } from 'node:crypto';

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

/** Rate keys are signed with a key shared by every process, so they cannot be forged or altered. */
export function createRateKeys(secret: string) {
  const sign = (body: string) => createHmac('sha256', secret).update(`rate:${body}`).digest().subarray(0, 16);
  return {
    issue(payload: RateKeyPayload): string {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `rk_${body}.${sign(body).toString('base64url')}`;
    },
    read(key: string): RateKeyPayload | undefined {
      const match = /^rk_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(key);
      if (!match) return undefined;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = sign(match[1]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as RateKeyPayload;
      } catch {
        return undefined;
      }
    },
  };
}

export type RateKeys = ReturnType<typeof createRateKeys>;
