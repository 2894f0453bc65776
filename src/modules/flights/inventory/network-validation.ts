import { invalidFields } from '../../../http/app-error.ts';
import { type ImportProblem, isDate, matches, repeatedRecords } from '../../../shared/import-problems.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { farePricingProblems } from './fare-calendar.ts';
import { CABINS, type NetworkFile } from './network-file.ts';
import { seatLayoutProblems } from './seat-layout-validation.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAYS = /^[1-7]{1,7}$/;
/** Whole minor units of any currency, up to a trillion (a long-haul first-class fare in rupiah cents). */
const MONEY = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 1_000_000_000_000;

/** Records checked between two yields to the event loop (a few milliseconds of work). */
const RECORDS_PER_TURN = 2_000;

/** Every problem of an import file, each with a JSON pointer; an empty list means it can be imported. */
export function validateNetwork(file: NetworkFile, catalogue: Catalogue): ImportProblem[] {
  const check = recordChecks(file, catalogue);
  if (check.problems.length > 0) return check.problems;
  file.schedules.forEach(check.schedule);
  file.fares.forEach(check.fare);
  return check.rest();
}

/** Accepts a file as the import format, or throws 400 listing every problem with its pointer; in turns. */
export async function assertNetworkFileInTurns(file: unknown, catalogue: Catalogue): Promise<NetworkFile> {
  const problems = await validateNetworkInTurns(file as NetworkFile, catalogue);
  if (problems.length > 0) throw invalidFields('The network file', problems);
  return file as NetworkFile;
}

/**
 * `validateNetwork`, yielding to the event loop every RECORDS_PER_TURN records: a file of a hundred
 * thousand schedules takes a second to check, and live traffic keeps answering meanwhile.
 */
export async function validateNetworkInTurns(
  file: NetworkFile,
  catalogue: Catalogue,
): Promise<ImportProblem[]> {
  const check = recordChecks(file, catalogue);
  if (check.problems.length > 0) return check.problems;
  for (const [list, one] of [
    [file.schedules, check.schedule],
    [file.fares, check.fare],
  ] as const)
    for (let i = 0; i < list.length; i++) {
      if (i > 0 && i % RECORDS_PER_TURN === 0) await yieldNow();
      (one as (record: unknown, i: number) => void)(list[i], i);
    }
  return check.rest();
}

/** The checks of each schedule and fare, adding to one list of problems; `rest` adds the file's own. */
function recordChecks(file: NetworkFile, catalogue: Catalogue) {
  const problems: ImportProblem[] = [];
  const bad = (pointer: string, detail: string) => problems.push({ pointer, detail });
  const airport = (code: unknown) =>
    typeof code === 'string' && catalogue.airportByCode.has(code) && /^[A-Z]{3}$/.test(code);
  const carrier = (code: unknown) =>
    typeof code === 'string' && /^[A-Z0-9]{2}$/.test(code) && catalogue.airlineByCode.has(code);
  if (!Array.isArray(file?.schedules)) bad('/schedules', 'must be an array');
  if (!Array.isArray(file?.fares)) bad('/fares', 'must be an array');
  const schedule = (s: NetworkFile['schedules'][number], i: number) => {
    const p = `/schedules/${i}`;
    if (!carrier(s.carrier)) bad(`${p}/carrier`, 'must be the IATA code of an airline in the catalogue');
    if (!Number.isInteger(s.flight_number) || s.flight_number < 1 || s.flight_number > 9999)
      bad(`${p}/flight_number`, 'must be 1 to 9999');
    if (!airport(s.origin)) bad(`${p}/origin`, 'must be the IATA code of an airport in the catalogue');
    if (!airport(s.destination) || s.destination === s.origin)
      bad(`${p}/destination`, 'must be another airport of the catalogue');
    if (!matches(TIME, s.departure_time)) bad(`${p}/departure_time`, 'must be HH:MM');
    if (!Number.isInteger(s.duration_minutes) || s.duration_minutes < 15 || s.duration_minutes > 1200)
      bad(`${p}/duration_minutes`, 'must be 15 to 1200');
    if (!matches(DAYS, s.days_of_week)) bad(`${p}/days_of_week`, 'must be ISO weekday digits, e.g. 1234567');
    if (!isDate(s.valid_from)) bad(`${p}/valid_from`, 'must be a date YYYY-MM-DD');
    if (!isDate(s.valid_to) || s.valid_to < s.valid_from)
      bad(`${p}/valid_to`, 'must be a date on or after valid_from');
    if (typeof s.aircraft !== 'string' || !/^[A-Z0-9]{3}$/.test(s.aircraft))
      bad(`${p}/aircraft`, 'must be an IATA aircraft type code');
    const seats = CABINS.map((c) => s.capacity?.[c] ?? 0);
    if (seats.some((n) => !Number.isInteger(n) || n < 0 || n > 1000) || seats.every((n) => n === 0)) {
      bad(`${p}/capacity`, 'needs seats in at least one cabin, each 0 to 1000');
    }
  };
  const fare = (f: NetworkFile['fares'][number], i: number) => {
    const p = `/fares/${i}`;
    if (!carrier(f.carrier)) bad(`${p}/carrier`, 'must be the IATA code of an airline in the catalogue');
    if (!airport(f.origin)) bad(`${p}/origin`, 'must be an airport of the catalogue');
    if (!airport(f.destination)) bad(`${p}/destination`, 'must be an airport of the catalogue');
    if (!CABINS.includes(f.cabin)) bad(`${p}/cabin`, `must be one of ${CABINS.join(', ')}`);
    if (typeof f.brand !== 'string' || !/^[a-z][a-z0-9_]{0,29}$/.test(f.brand))
      bad(`${p}/brand`, 'must be a lower-case name');
    if (typeof f.currency !== 'string' || !/^[A-Z]{3}$/.test(f.currency))
      bad(`${p}/currency`, 'must be an ISO 4217 code');
    for (const k of ['adult', 'child', 'infant', 'tax', 'infant_tax'] as const) {
      if (!MONEY(f[k])) bad(`${p}/${k}`, 'must be a whole amount in minor units');
    }
    for (const k of ['checked_bags', 'cabin_bags'] as const) {
      if (!Number.isInteger(f[k]) || f[k] < 0 || f[k] > 5) bad(`${p}/${k}`, 'must be 0 to 5');
    }
    for (const k of ['change', 'refund'] as const) {
      if (typeof f[k]?.allowed !== 'boolean' || !MONEY(f[k]?.penalty))
        bad(`${p}/${k}`, 'must be {allowed: boolean, penalty: minor units}');
    }
    if (f.seat_fees !== undefined) {
      const fees = f.seat_fees;
      const fee = (n: unknown) => n === null || MONEY(n);
      if (typeof fees !== 'object' || fees === null || !fee(fees.standard) || !fee(fees.preferred))
        bad(
          `${p}/seat_fees`,
          'must be {standard, preferred}: minor units, or null when seats cannot be chosen',
        );
    }
    if (f.extra_bags !== undefined) {
      const bags = f.extra_bags;
      if (
        typeof bags !== 'object' ||
        bags === null ||
        !MONEY(bags.amount) ||
        !Number.isInteger(bags.max) ||
        bags.max < 1 ||
        bags.max > 5
      )
        bad(`${p}/extra_bags`, 'must be {amount: minor units, max: 1 to 5}');
    }
    if (f.pricing !== undefined) {
      for (const problem of farePricingProblems(f.pricing))
        bad(`${p}/pricing${problem.path}`, problem.message);
    }
  };
  const rest = () => {
    problems.push(...seatLayoutProblems(file.seat_maps));
    problems.push(
      ...repeatedRecords(file.schedules, '/schedules', 'carrier, flight_number, origin and valid_from', (s) =>
        [s.carrier, s.flight_number, s.origin, s.valid_from].join('|'),
      ),
      ...repeatedRecords(file.fares, '/fares', 'carrier, origin, destination, cabin and brand', (f) =>
        [f.carrier, f.origin, f.destination, f.cabin, f.brand].join('|'),
      ),
    );
    return problems;
  };
  return { problems, schedule, fare, rest };
}
