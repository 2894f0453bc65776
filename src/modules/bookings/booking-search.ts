import { invalidField } from '../../http/app-error.ts';
import type { SearchBookingRequest } from './search-booking.schemas.ts';

export type { SearchBookingRequest } from './search-booking.schemas.ts';

import { fold } from '../catalog/index.ts';

export type Range = { from?: string | undefined; to?: string | undefined };

/** Date-time bounds are compared as UTC instants, as stored; a bare date is that whole UTC day. */
export function instantRange(range: Range | undefined, pointer: string): Range | undefined {
  if (!range) return undefined;
  const at = (value: string | undefined, end: boolean) => {
    if (value === undefined) return undefined;
    const date = new Date(
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00'}Z` : value,
    );
    if (Number.isNaN(date.getTime())) throw invalidField(pointer, 'is not a date or date-time');
    return date.toISOString();
  };
  return checked({ from: at(range.from, false), to: at(range.to, true) }, pointer);
}

/** A range whose ends are in order. */
export function checked(range: Range | undefined, pointer: string): Range | undefined {
  if (range?.from && range.to && range.from > range.to) throw invalidField(pointer, 'from is after to');
  return range;
}

/** The name criterion, folded; at least two letters once folded. */
export function nameCriterion(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const folded = fold(name);
  if (folded.length < 2) throw invalidField('/name', 'needs at least two letters');
  return folded;
}

/** Refuses criteria (and sorts, and statuses) that the chosen product does not have, naming the first. */
export function onlyCriteria(
  req: SearchBookingRequest,
  product: string,
  allowed: { fields: readonly string[]; sorts: readonly string[]; statuses: readonly string[] },
): void {
  for (const [key, value] of Object.entries(req)) {
    if (value !== undefined && !allowed.fields.includes(key))
      throw invalidField(`/${key}`, `does not apply to ${product} bookings`);
  }
  const sort = req.sort?.replace(/^-/, '');
  if (sort && !allowed.sorts.includes(sort))
    throw invalidField('/sort', `${product} bookings sort by ${allowed.sorts.join(', ')}`);
  (req.statuses ?? []).forEach((s, i) => {
    if (!allowed.statuses.includes(s))
      throw invalidField(`/statuses/${i}`, `${product} bookings are ${allowed.statuses.join(', ')}`);
  });
}

export const COMMON_CRITERIA = [
  'product',
  'reference',
  'name',
  'statuses',
  'created_at',
  'sort',
  'limit',
  'cursor',
];

/**
 * Statuses that mean flight bookings when no product is named: those only flights have, and held and
 * expired, which meant flights alone before hotels could be held (a search naming them keeps its answer).
 */
const FLIGHT_STATUSES = new Set(['held', 'expired', 'disrupted', 'schedule_changed']);

/**
 * The product a search without a reference names by its criteria when it does not say: a `departure`
 * range or a status only flights have mean flight bookings; anything else, hotel bookings.
 */
export function productOfCriteria(req: SearchBookingRequest): 'flight' | 'hotel' {
  if (req.departure !== undefined) return 'flight';
  if (req.statuses?.some((s) => FLIGHT_STATUSES.has(s))) return 'flight';
  return 'hotel';
}
