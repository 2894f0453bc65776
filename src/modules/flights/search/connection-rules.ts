import type { Airport } from '../../catalog/index.ts';

/**
 * Minimum connection time at an airport, in minutes: large hubs need longer to change terminals.
 * A published per-airport MCT table would replace this rule without changing its callers.
 */
export function minimumConnectionMinutes(airport: Airport): number {
  return airport.size === 'large' ? 60 : airport.size === 'medium' ? 45 : 30;
}

export const DEFAULT_MAX_LAYOVER_MINUTES = 6 * 60;

/**
 * How far a connecting itinerary may wander: its flown distance may be at most 1.6 times the direct
 * distance, or the direct distance plus 800 km for short trips (where any detour looks large).
 */
export function maxRoutedKm(directKm: number): number {
  return Math.max(directKm * 1.6, directKm + 800);
}

/** Whether a layover between an arrival and a departure respects the airport's rules. */
export function isValidConnection(
  arrivesAt: number,
  departsAt: number,
  airport: Airport,
  maxLayoverMinutes: number,
): boolean {
  const minutes = (departsAt - arrivesAt) / 60_000;
  return minutes >= minimumConnectionMinutes(airport) && minutes <= maxLayoverMinutes;
}
