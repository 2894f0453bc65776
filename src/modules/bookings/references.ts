import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../db/constraint-errors.ts';

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Characters without look-alikes (no 0/O, 1/I/L): easy to read out on the phone. Six for flights, eight for hotels. */
export function newBookingReference(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/**
 * Writes a new record under a freshly drawn reference, drawing another when the reference collided with
 * an existing one (a unique violation); `write` runs its whole transaction again each time.
 */
export async function withFreshReference<T>(
  length: number,
  write: (reference: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newBookingReference(length));
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * Runs `write` unless `existing` finds what an earlier run of the same request already made; when
 * `write` fails on a unique violation (a concurrent run of the same request got there first), answers
 * with that run's record instead.
 */
export async function onceForKey<T>(
  existing: () => Promise<T | undefined> | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const made = await existing();
    if (made !== undefined) return made;
    throw error;
  }
}
