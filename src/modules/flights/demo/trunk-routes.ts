/*
 * Trunk routes of the demo world's airlines, flown as they are (the airlines' schedules, 2024): the routes
 * a traveller expects to find nonstop, which the route planner's rules of distance and traffic alone
 * miss (Honolulu from the US mainland and Japan, Sydney–Los Angeles, Madrid–São Paulo…). `first`: the
 * carriers that sell a First cabin on it. Each carrier has a hub or base at one end, as every route of
 * the demo world does.
 */
export interface TrunkRoute {
  between: readonly [string, string];
  carriers: readonly string[];
  first?: readonly string[];
}

export const TRUNK_ROUTES: readonly TrunkRoute[] = [
  { between: ['LAX', 'HNL'], carriers: ['UA', 'AA', 'DL'] },
  { between: ['SFO', 'HNL'], carriers: ['UA', 'AS'] },
  { between: ['HND', 'HNL'], carriers: ['JL', 'NH'] },
  { between: ['NRT', 'HNL'], carriers: ['JL', 'NH'] },
  { between: ['SYD', 'LAX'], carriers: ['QF', 'UA', 'DL', 'AA'], first: ['QF'] },
  { between: ['SYD', 'SFO'], carriers: ['UA', 'QF'] },
  { between: ['GRU', 'MAD'], carriers: ['IB', 'LA'] },
  { between: ['DOH', 'BKK'], carriers: ['QR', 'TG'] },
  { between: ['HKG', 'SFO'], carriers: ['CX', 'UA'] },
  { between: ['HKG', 'LHR'], carriers: ['CX', 'BA'], first: ['CX', 'BA'] },
  { between: ['LHR', 'JFK'], carriers: ['BA', 'AA', 'VS', 'DL'], first: ['BA', 'AA'] },
  { between: ['LHR', 'DXB'], carriers: ['EK', 'BA'], first: ['EK', 'BA'] },
  { between: ['LHR', 'SIN'], carriers: ['SQ', 'BA'], first: ['SQ', 'BA'] },
  { between: ['SIN', 'SYD'], carriers: ['SQ', 'QF'], first: ['SQ'] },
  { between: ['JFK', 'LAX'], carriers: ['AA', 'DL', 'UA', 'B6'] },
  { between: ['JFK', 'HND'], carriers: ['JL', 'NH', 'AA', 'DL'], first: ['JL', 'NH'] },
  { between: ['JFK', 'CDG'], carriers: ['AF', 'DL'], first: ['AF'] },
  { between: ['JFK', 'DXB'], carriers: ['EK'], first: ['EK'] },
  { between: ['LAX', 'HND'], carriers: ['NH', 'JL', 'UA', 'AA', 'DL'], first: ['NH'] },
];

/** The airports of the trunk routes: a world preset has them all. */
export const TRUNK_AIRPORTS: ReadonlySet<string> = new Set(TRUNK_ROUTES.flatMap((r) => r.between));
