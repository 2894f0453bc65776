import { toLocalIso } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { FlightNetwork, Schedule } from './flight-network.ts';

/** IATA aircraft type codes the generator and common schedules use. */
export const AIRCRAFT_TYPES: Record<string, { name: string; manufacturer: string; body: 'narrow' | 'wide' }> =
  {
    '319': { name: 'Airbus A319', manufacturer: 'Airbus', body: 'narrow' },
    '320': { name: 'Airbus A320', manufacturer: 'Airbus', body: 'narrow' },
    '321': { name: 'Airbus A321', manufacturer: 'Airbus', body: 'narrow' },
    '32N': { name: 'Airbus A320neo', manufacturer: 'Airbus', body: 'narrow' },
    '32Q': { name: 'Airbus A321neo', manufacturer: 'Airbus', body: 'narrow' },
    '333': { name: 'Airbus A330-300', manufacturer: 'Airbus', body: 'wide' },
    '359': { name: 'Airbus A350-900', manufacturer: 'Airbus', body: 'wide' },
    '388': { name: 'Airbus A380-800', manufacturer: 'Airbus', body: 'wide' },
    '73H': { name: 'Boeing 737-800', manufacturer: 'Boeing', body: 'narrow' },
    '7M8': { name: 'Boeing 737 MAX 8', manufacturer: 'Boeing', body: 'narrow' },
    '763': { name: 'Boeing 767-300', manufacturer: 'Boeing', body: 'wide' },
    '77W': { name: 'Boeing 777-300ER', manufacturer: 'Boeing', body: 'wide' },
    '788': { name: 'Boeing 787-8', manufacturer: 'Boeing', body: 'wide' },
    '789': { name: 'Boeing 787-9', manufacturer: 'Boeing', body: 'wide' },
    E90: { name: 'Embraer 190', manufacturer: 'Embraer', body: 'narrow' },
    AT7: { name: 'ATR 72', manufacturer: 'ATR', body: 'narrow' },
  };

function describeSchedule(s: Schedule, catalogue: Catalogue) {
  return {
    flight_id: s.id,
    flight_number: `${s.carrier}${s.flightNumber}`,
    carrier: s.carrier,
    carrier_name: catalogue.airlineByCode.get(s.carrier)?.name ?? s.carrier,
    origin: s.origin.iata,
    destination: s.destination.iata,
    departure_time: s.departureTime,
    duration_minutes: s.durationMinutes,
    days_of_week: s.days,
    valid_from: s.validFrom,
    valid_to: s.validTo,
    aircraft: s.aircraft,
    seats: s.capacity,
  };
}

/** Schedules of one flight number, and, for a date, whether and when it flies. */
export function flightDetails(
  network: FlightNetwork,
  catalogue: Catalogue,
  flightNumber: string,
  date?: string,
) {
  const match = /^([A-Z0-9]{2})(\d{1,4})$/.exec(flightNumber.toUpperCase());
  if (!match) return [];
  const [, carrier, number] = match as unknown as [string, string, string];
  return [...network.schedules.values()]
    .filter((s) => s.carrier === carrier && s.flightNumber === Number(number))
    .sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.origin.iata.localeCompare(b.origin.iata))
    .map((s) => {
      const base = describeSchedule(s, catalogue);
      if (!date) return { ...base, on_date: null };
      const inPeriod =
        date >= s.validFrom &&
        date <= s.validTo &&
        s.days.includes(String(new Date(`${date}T00:00:00Z`).getUTCDay() || 7));
      const status = !inPeriod
        ? 'not_operating'
        : network.isCancelled(s.id, date)
          ? 'cancelled'
          : 'scheduled';
      const dated = network.datedFlight(s, date);
      return {
        ...base,
        on_date: {
          departure_date: date,
          status,
          departing_at:
            status === 'not_operating' ? null : toLocalIso(new Date(dated.departsAt), s.origin.time_zone),
          arriving_at:
            status === 'not_operating'
              ? null
              : toLocalIso(new Date(dated.arrivesAt), s.destination.time_zone),
        },
      };
    });
}

/** Where one can fly direct from an airport: carriers, weekly frequency and block time per destination. */
export function routesFrom(network: FlightNetwork, origin: string) {
  const byDestination = new Map<string, { carriers: Set<string>; weekly: number; minutes: number }>();
  for (const s of network.schedules.values()) {
    if (s.origin.iata !== origin) continue;
    const entry = byDestination.get(s.destination.iata) ?? {
      carriers: new Set<string>(),
      weekly: 0,
      minutes: s.durationMinutes,
    };
    entry.carriers.add(s.carrier);
    entry.weekly += s.days.length;
    entry.minutes = Math.min(entry.minutes, s.durationMinutes);
    byDestination.set(s.destination.iata, entry);
  }
  return [...byDestination.entries()]
    .map(([destination, e]) => ({
      destination,
      carriers: [...e.carriers].sort(),
      flights_per_week: e.weekly,
      duration_minutes: e.minutes,
    }))
    .sort((a, b) => b.flights_per_week - a.flights_per_week || a.destination.localeCompare(b.destination));
}
