/** What the ranking needs of one alternative for a slice. */
export interface Alternative<T> {
  option: T;
  /** The carriers of its flights. */
  carriers: readonly string[];
  /** Its first departure, local time of day (HH:MM). */
  departs: string;
  /** What it costs, comparable across the alternatives. */
  price: number;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The alternatives a booking's slice may move to, in the order an airline would offer them: the booking's
 * own carrier's flights first, then those on its partners (any flight of the slice on a partner), each
 * group by closeness to the time the traveller booked, then price. Others (another airline) only when the
 * change is the airline's doing and nothing of its own or its partners' is left: re-accommodation on
 * another airline, as an endorsement would allow.
 */
export function rankAlternatives<T>(
  alternatives: readonly Alternative<T>[],
  booking: { carrier: string; partners: readonly string[]; departs: string; involuntary: boolean },
): T[] {
  const tier = (a: Alternative<T>) =>
    a.carriers.every((c) => c === booking.carrier)
      ? 0
      : a.carriers.every((c) => c === booking.carrier || booking.partners.includes(c))
        ? 1
        : 2;
  const wanted = minutes(booking.departs);
  const distance = (a: Alternative<T>) => Math.abs(minutes(a.departs) - wanted);
  const ranked = [...alternatives].sort(
    (a, b) => tier(a) - tier(b) || distance(a) - distance(b) || a.price - b.price,
  );
  const faithful = ranked.filter((a) => tier(a) < 2);
  return (faithful.length > 0 || !booking.involuntary ? faithful : ranked).map((a) => a.option);
}
