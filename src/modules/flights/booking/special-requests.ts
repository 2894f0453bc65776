import type { FieldError } from '../../../http/app-error.ts';

/**
 * The special service requests (IATA SSR codes) a passenger may ask for: assistance and meals. They cost
 * nothing and are passed to the operator; the codes are the ones every reservation system knows.
 */
export const SPECIAL_REQUESTS = {
  WCHR: 'Wheelchair to and from the aircraft door; can climb steps and walk to the seat',
  WCHS: 'Wheelchair to and from the aircraft; cannot climb steps, can walk to the seat',
  WCHC: 'Wheelchair to the seat; cannot walk',
  BLND: 'Blind or partially sighted passenger',
  DEAF: 'Deaf or hard of hearing passenger',
  DPNA: 'Passenger with an intellectual or developmental disability needing assistance',
  MAAS: 'Meet and assist: escorted through the airport',
  VGML: 'Vegan meal',
  VLML: 'Vegetarian (lacto-ovo) meal',
  AVML: 'Asian vegetarian meal',
  KSML: 'Kosher meal',
  MOML: 'Muslim meal',
  HNML: 'Hindu meal',
  DBML: 'Diabetic meal',
  GFML: 'Gluten-free meal',
  LFML: 'Low-fat meal',
  NLML: 'Lactose-free meal',
  CHML: 'Child meal',
  BBML: 'Baby meal',
} as const;

export type SpecialRequestCode = keyof typeof SPECIAL_REQUESTS;
export const SPECIAL_REQUEST_CODES = Object.keys(SPECIAL_REQUESTS) as SpecialRequestCode[];

const WHEELCHAIRS = new Set<string>(['WCHR', 'WCHS', 'WCHC']);
const isMeal = (code: string) => code.endsWith('ML');

/** A frequent flyer account: the programme's airline and the member's number. */
export interface LoyaltyAccount {
  airline: string;
  number: string;
}

/**
 * Whether a passenger's requests make sense together: each code once, one wheelchair, one meal; a baby
 * meal only for an infant and a child meal only for a child; an infant, on an adult's lap, asks for
 * nothing but a baby meal. One loyalty account per airline.
 */
export function checkPassengerExtras(
  passenger: {
    type: 'adult' | 'child' | 'infant';
    special_requests?: readonly string[] | undefined;
    loyalty_accounts?: readonly LoyaltyAccount[] | undefined;
  },
  pointer: string,
): FieldError[] {
  const errors: FieldError[] = [];
  const bad = (at: string, detail: string) =>
    errors.push({ location: 'body', pointer: `${pointer}/${at}`, detail });
  const codes = passenger.special_requests ?? [];
  codes.forEach((code, i) => {
    if (codes.indexOf(code) !== i) bad(`special_requests/${i}`, 'is asked for twice');
    else if (code === 'BBML' && passenger.type !== 'infant')
      bad(`special_requests/${i}`, 'a baby meal is for an infant');
    else if (code === 'CHML' && passenger.type !== 'child')
      bad(`special_requests/${i}`, 'a child meal is for a child');
    else if (passenger.type === 'infant' && code !== 'BBML')
      bad(
        `special_requests/${i}`,
        'an infant travels on an adult’s lap: only a baby meal (BBML) may be asked for',
      );
  });
  if (codes.filter((c) => WHEELCHAIRS.has(c)).length > 1)
    bad('special_requests', 'asks for more than one kind of wheelchair: choose WCHR, WCHS or WCHC');
  if (new Set(codes.filter(isMeal)).size > 1) bad('special_requests', 'asks for more than one meal');
  const accounts = passenger.loyalty_accounts ?? [];
  accounts.forEach((a, i) => {
    if (accounts.findIndex((b) => b.airline === a.airline) !== i)
      bad(`loyalty_accounts/${i}/airline`, 'has a second account with this airline');
  });
  return errors;
}
