import type { AircraftLayout } from '../inventory/seat-layout.ts';

/**
 * Plausible layouts for the aircraft the demo network flies (`aircraftFor`): each cabin's assignable seats
 * are exactly the capacity it sells. Exit rows with extra legroom, bassinets at the bulkheads that are
 * not exits (an adult with an infant on the lap may not sit in an exit row), seats in front of an exit
 * and in the last row that do not recline.
 */
export const DEMO_SEAT_LAYOUTS: AircraftLayout[] = [
  {
    aircraft: '320',
    cabins: [
      { cabin: 'business', first_row: 1, last_row: 3, letters: 'AC DF', bassinet_rows: [1] },
      {
        cabin: 'economy',
        first_row: 4,
        last_row: 29,
        letters: 'ABC DEF',
        skip_rows: [13],
        exit_rows: [11, 12],
        wing_rows: [9, 15],
        extra_legroom_rows: [4, 11, 12],
        bassinet_rows: [4],
        no_recline_rows: [10, 29],
      },
    ],
  },
  {
    // A low-cost carrier's A320neo: one cabin of 180.
    aircraft: '32N',
    cabins: [
      {
        cabin: 'economy',
        first_row: 1,
        last_row: 31,
        letters: 'ABC DEF',
        skip_rows: [13],
        exit_rows: [11, 12],
        wing_rows: [9, 16],
        extra_legroom_rows: [1, 11, 12],
        bassinet_rows: [1],
        no_recline_rows: [10, 31],
      },
    ],
  },
  {
    aircraft: '321',
    cabins: [
      { cabin: 'business', first_row: 1, last_row: 5, letters: 'AC DF', bassinet_rows: [1] },
      {
        cabin: 'economy',
        first_row: 6,
        last_row: 35,
        letters: 'ABC DEF',
        skip_rows: [13],
        exit_rows: [14, 26],
        wing_rows: [12, 18],
        extra_legroom_rows: [6, 14, 26],
        bassinet_rows: [6],
        no_recline_rows: [25, 35],
        blocked: ['35A', '35B', '35E', '35F'],
      },
    ],
  },
  {
    aircraft: '789',
    cabins: [
      {
        cabin: 'business',
        first_row: 1,
        last_row: 8,
        letters: 'A DG K',
        bassinet_rows: [1],
        blocked: ['8D', '8G'],
      },
      {
        cabin: 'premium_economy',
        first_row: 20,
        last_row: 23,
        letters: 'AC DEF HK',
        bassinet_rows: [20],
      },
      {
        cabin: 'economy',
        first_row: 30,
        last_row: 52,
        letters: 'ABC DEF HJK',
        exit_rows: [41],
        wing_rows: [34, 44],
        extra_legroom_rows: [30, 41],
        bassinet_rows: [30],
        no_recline_rows: [40, 52],
        blocked: ['52A', '52B', '52C', '52D', '52E', '52F', '52H'],
      },
    ],
  },
  {
    aircraft: '77W',
    cabins: [
      { cabin: 'first', first_row: 1, last_row: 2, letters: 'A DG K' },
      {
        cabin: 'business',
        first_row: 5,
        last_row: 15,
        letters: 'A DG K',
        bassinet_rows: [5],
        blocked: ['15D', '15G'],
      },
      { cabin: 'premium_economy', first_row: 20, last_row: 24, letters: 'AC DEFG HK', bassinet_rows: [20] },
      {
        cabin: 'economy',
        first_row: 30,
        last_row: 54,
        letters: 'ABC DEFG HJK',
        exit_rows: [42],
        wing_rows: [36, 46],
        extra_legroom_rows: [30, 42],
        bassinet_rows: [30],
        no_recline_rows: [41, 54],
      },
    ],
  },
];
