import type { DatedFlight } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import { loadBucket } from './fare-rules.ts';

/**
 * The state of each flight that can change a search's answer, and nothing else: its load bucket (which
 * sets its fares' price) and whether it has seats enough for the party. A sale that moves neither leaves
 * every price and every option as they were.
 */
export function flightStates(
  flights: readonly DatedFlight[],
  soldOf: (flight: DatedFlight, index: number) => number,
  cabin: Cabin,
  seatsNeeded: number,
): Uint8Array {
  const states = new Uint8Array(flights.length);
  for (let i = 0; i < flights.length; i++) {
    const flight = flights[i]!;
    const capacity = flight.schedule.capacity[cabin];
    const sold = soldOf(flight, i);
    states[i] = loadBucket(sold, capacity) * 2 + (capacity - sold >= seatsNeeded ? 1 : 0);
  }
  return states;
}
