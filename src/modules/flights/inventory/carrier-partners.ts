/**
 * The carriers a ticket may be moved to when its flights change: the three global alliances' members, as
 * the alliances list them (oneworld, Star Alliance and SkyTeam member pages, 2025), by IATA code. An
 * operator with bilateral codeshare or interline agreements beyond these adds them here.
 */
export const ALLIANCES: Readonly<Record<'oneworld' | 'star' | 'skyteam', readonly string[]>> = {
  oneworld: ['AA', 'AS', 'BA', 'CX', 'AY', 'IB', 'JL', 'MH', 'QF', 'QR', 'AT', 'RJ', 'UL', 'FJ'],
  star: [
    'A3',
    'AC',
    'CA',
    'AI',
    'NH',
    'OZ',
    'OS',
    'AV',
    'SN',
    'CM',
    'OU',
    'MS',
    'ET',
    'BR',
    'LO',
    'LH',
    'SQ',
    'SA',
    'LX',
    'TP',
    'TG',
    'TK',
    'UA',
    'ZH',
  ],
  skyteam: [
    'AR',
    'AM',
    'UX',
    'AF',
    'CI',
    'MU',
    'DL',
    'GA',
    'KQ',
    'KL',
    'KE',
    'ME',
    'SV',
    'RO',
    'VN',
    'VS',
    'MF',
    'SK',
  ],
};

/** The carriers a ticket of `carrier` may be moved to besides its own flights: its alliance's other members. */
export function partnersOf(carrier: string): string[] {
  const alliance = Object.values(ALLIANCES).find((members) => members.includes(carrier));
  return alliance ? alliance.filter((c) => c !== carrier) : [];
}
