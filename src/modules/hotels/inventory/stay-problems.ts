/** The first rule of a rate (its plan's, or a channel's for the nights) that a stay breaks. */
export type StayProblem =
  | { code: 'STAY_TOO_SHORT'; min_stay: number }
  | { code: 'STAY_TOO_LONG'; max_stay: number }
  | { code: 'CLOSED'; date: string }
  | { code: 'CLOSED_TO_ARRIVAL'; date: string }
  | { code: 'CLOSED_TO_DEPARTURE'; date: string }
  | { code: 'OCCUPANCY_EXCEEDED'; detail: string };
