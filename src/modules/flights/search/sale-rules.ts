/** A flight is sold (searched and booked) until this many minutes before it departs. */
export const MIN_MINUTES_BEFORE_DEPARTURE = 60;
