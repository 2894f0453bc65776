import { invalidField } from '../../../http/app-error.ts';
import { addDays, daysBetween } from '../../../shared/calendar.ts';
import type { Airport, Catalogue } from '../../catalog/index.ts';
import type { PassengerMix } from './fare-rules.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';

export const BOOKING_HORIZON_DAYS = 361;

/** Each slice's origin and destination airports (a city or area code stands for all of its airports). */
export type Places = Array<{ origins: Airport[]; destinations: Airport[] }>;

function resolvePlace(catalogue: Catalogue, code: string, pointer: string): Airport[] {
  const airport = catalogue.airportByCode.get(code.toUpperCase());
  if (airport && /^[A-Za-z]{3}$/.test(code)) return [airport];
  const city = catalogue.cityById.get(code) ?? catalogue.cityByMetroCode.get(code.toUpperCase());
  if (city && city.airports.length > 0)
    return city.airports.map((c) => catalogue.airportByCode.get(c)!).filter(Boolean);
  throw invalidField(
    pointer,
    `is not an airport IATA code, a metropolitan area code or a city id with airports: ${JSON.stringify(code)}`,
  );
}

/**
 * A search's passengers and places, or a 400 naming what is wrong: more infants than adults, more than
 * nine seats, an unknown place, the same airport at both ends, a date past, beyond the horizon or before
 * the previous slice's.
 */
export function checkSearchRequest(
  req: SearchFlightRequest,
  catalogue: Catalogue,
  today: string,
): { mix: PassengerMix; places: Places } {
  const mix: PassengerMix = {
    adults: req.passengers.adults,
    children: req.passengers.children ?? [],
    infants: req.passengers.infants ?? 0,
  };
  if (mix.infants > mix.adults)
    throw invalidField('/passengers/infants', 'may not exceed the number of adults');
  if (mix.adults + mix.children.length > 9) throw invalidField('/passengers', 'at most 9 seated passengers');
  const places = req.slices.map((s, i) => {
    const origins = resolvePlace(catalogue, s.origin, `/slices/${i}/origin`);
    const destinations = resolvePlace(catalogue, s.destination, `/slices/${i}/destination`);
    if (origins.some((o) => destinations.some((d) => d.iata === o.iata)))
      throw invalidField(`/slices/${i}/destination`, 'must differ from the origin');
    if (daysBetween(addDays(today, -1), s.departure_date) < 0)
      throw invalidField(`/slices/${i}/departure_date`, 'is in the past');
    if (daysBetween(today, s.departure_date) > BOOKING_HORIZON_DAYS)
      throw invalidField(`/slices/${i}/departure_date`, `is more than ${BOOKING_HORIZON_DAYS} days ahead`);
    const previous = req.slices[i - 1];
    if (previous && s.departure_date < previous.departure_date)
      throw invalidField(`/slices/${i}/departure_date`, 'is before the previous slice');
    return { origins, destinations };
  });
  return { mix, places };
}
