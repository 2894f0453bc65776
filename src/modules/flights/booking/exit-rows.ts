import type { SeatService } from '../ancillaries/ancillaries.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import { seatsOf } from '../inventory/seat-layout.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';

/** Whether a booking's seat is in an exit row of its flight's layout, as the network says now. */
export async function exitRowTest(
  networkCache: NetworkCache,
  row: Pick<FlightBookingRecord, 'itinerary'>,
): Promise<(seat: SeatService) => boolean> {
  const network = await networkCache.current();
  const cabin = row.itinerary.cabin as Cabin;
  return (seat) => {
    const schedule = network.schedules.get(seat.flight_id);
    const layout = schedule && network.seatLayout(schedule, cabin);
    const found = layout && seatsOf(layout).find((x) => x.designator === seat.designator);
    return found?.characteristics.includes('exit_row') ?? false;
  };
}
