import { addDays, isCalendarDate, isoWeekday } from '../../../shared/calendar.ts';
import type { LineProblem } from '../../../shared/import-problems.ts';
import type { Cabin, NetworkFile, ScheduleRecord } from './network-file.ts';

/*
 * IATA SSIM chapter 7: the fixed-width schedule file airlines publish. Records are 200 characters; the
 * first character is the record type: 1 header, 2 carrier, 3 flight leg, 4 segment data, 5 trailer, and
 * 0 filler lines between blocks. Positions below are 1-based, as the manual writes them.
 */

export interface SsimParse {
  /** The legs as schedules in the import format (SSIM carries no fares). */
  file: NetworkFile;
  /** The line each schedule came from. */
  lines: number[];
  problems: LineProblem[];
  /** Legs not for passengers (cargo, positioning): service types other than J, S, G, Q, B. */
  skipped: number;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Service types of scheduled passenger flights: normal, shuttle, additional, combination, shuttle extra. */
const PASSENGER_SERVICES = new Set(['J', 'S', 'G', 'Q', 'B']);
/** Aircraft configuration class codes by the cabin they sell. */
const CABIN_OF: Record<string, Cabin> = {
  F: 'first',
  A: 'first',
  P: 'first',
  R: 'first',
  J: 'business',
  C: 'business',
  D: 'business',
  I: 'business',
  Z: 'business',
  W: 'premium_economy',
  E: 'premium_economy',
};

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** DDMMMYY as a calendar date (20YY); undefined when it is not one. */
export function ssimDate(text: string): string | undefined {
  const m = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return undefined;
  const date = `20${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]}`;
  return isCalendarDate(date) ? date : undefined;
}

/** HHMM as minutes after midnight. */
function ssimTime(text: string): number | undefined {
  const m = /^([01]\d|2[0-3])([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** ±HHMM as minutes east of UTC. */
function ssimOffset(text: string): number | undefined {
  const m = /^([+-])(\d{2})([0-5]\d)$/.exec(text);
  if (!m || Number(m[2]) > 14) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** A date variation: 0 to 9 days later, or A for the day before. */
function dayShift(char: string): number | undefined {
  if (char === ' ' || char === '0') return 0;
  if (char === 'A') return -1;
  return /^[1-9]$/.test(char) ? Number(char) : undefined;
}

/** Seats per cabin from an aircraft configuration such as `J14W34Y316`. */
function capacityOf(config: string): ScheduleRecord['capacity'] | undefined {
  const parts = [...config.matchAll(/([A-Z])(\d{1,3})/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== config) return undefined;
  const capacity: ScheduleRecord['capacity'] = {};
  for (const [, code, seats] of parts) {
    const cabin = CABIN_OF[code!] ?? 'economy';
    capacity[cabin] = (capacity[cabin] ?? 0) + Number(seats);
  }
  return capacity;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The days of operation (`1  4 6 `) shifted by a date variation, as ISO weekday digits. */
function shiftedDays(days: string, shift: number): string {
  return [...days]
    .filter((d) => d !== ' ')
    .map((d) => String(((Number(d) - 1 + shift + 7) % 7) + 1))
    .sort()
    .join('');
}

interface CarrierBlock {
  airline: string;
  utc: boolean;
  validTo: string | undefined;
}

/**
 * Reads a flight leg record into a schedule, or the problems that keep it out. Times are local unless the
 * carrier record says UTC; periods and days are those of the flight's first departure, so a leg whose
 * date variation says it leaves a day later operates from a day later, on the next weekdays. The UTC
 * offsets make the duration, overnight arrivals included; `offsetAt` checks them against the airports' zones.
 */
function flightLeg(
  record: string,
  carrier: CarrierBlock,
  offsetAt: (airport: string, date: string) => number | undefined,
): { schedule?: ScheduleRecord; problems: string[]; skipped?: boolean } {
  const problems: string[] = [];
  const bad = (detail: string) => problems.push(detail);
  if (!PASSENGER_SERVICES.has(field(record, 14, 14))) return { problems, skipped: true };
  const airline = field(record, 3, 5).trim();
  if (airline !== carrier.airline)
    bad(`positions 3–5: airline ${airline} is not the carrier record's ${carrier.airline}`);
  const flightNumber = Number(field(record, 6, 9).trim());
  if (!Number.isInteger(flightNumber) || flightNumber < 1 || !/^ *\d+$/.test(field(record, 6, 9)))
    bad(`positions 6–9: flight number ${JSON.stringify(field(record, 6, 9))} is not 1 to 9999`);
  const from = ssimDate(field(record, 15, 21));
  const toText = field(record, 22, 28);
  const to = toText === '00XXX00' ? carrier.validTo : ssimDate(toText);
  if (!from) bad(`positions 15–21: ${JSON.stringify(field(record, 15, 21))} is not a date DDMMMYY`);
  if (!to)
    bad(
      toText === '00XXX00'
        ? 'positions 22–28: an open period (00XXX00) needs a carrier record with its season’s last date'
        : `positions 22–28: ${JSON.stringify(toText)} is not a date DDMMMYY`,
    );
  if (from && to && to < from) bad('positions 22–28: the period ends before it begins');
  const days = field(record, 29, 35);
  if (![...days].every((d, i) => d === ' ' || d === String(i + 1)) || days.trim() === '')
    bad(
      `positions 29–35: days of operation ${JSON.stringify(days)} must hold each weekday digit in its place`,
    );
  const rate = field(record, 36, 36);
  if (rate !== ' ' && rate !== '1')
    bad(`position 36: frequency rate ${rate} (every ${rate} weeks) is not supported; give weekly periods`);
  const origin = field(record, 37, 39);
  const destination = field(record, 55, 57);
  const departs = ssimTime(field(record, 40, 43));
  const arrives = ssimTime(field(record, 62, 65));
  const depOffset = ssimOffset(field(record, 48, 52));
  const arrOffset = ssimOffset(field(record, 66, 70));
  if (departs === undefined)
    bad(`positions 40–43: ${JSON.stringify(field(record, 40, 43))} is not a time HHMM`);
  if (arrives === undefined)
    bad(`positions 62–65: ${JSON.stringify(field(record, 62, 65))} is not a time HHMM`);
  if (depOffset === undefined)
    bad(`positions 48–52: ${JSON.stringify(field(record, 48, 52))} is not a UTC offset ±HHMM`);
  if (arrOffset === undefined)
    bad(`positions 66–70: ${JSON.stringify(field(record, 66, 70))} is not a UTC offset ±HHMM`);
  const depShift = dayShift(field(record, 193, 193));
  const arrShift = dayShift(field(record, 194, 194));
  if (depShift === undefined || arrShift === undefined)
    bad(`positions 193–194: date variation ${JSON.stringify(field(record, 193, 194))} must be 0–9 or A`);
  const capacity = capacityOf(field(record, 173, 192).trim());
  if (!capacity)
    bad(
      `positions 173–192: aircraft configuration ${JSON.stringify(field(record, 173, 192).trim())} must give seats per class, e.g. J30Y150`,
    );
  if (problems.length > 0) return { problems };

  // Minutes from midnight UTC of the first departure's date in the file (local or UTC, as its time mode says).
  const toUtc = (shift: number, time: number, offset: number) =>
    shift * 1440 + time - (carrier.utc ? 0 : offset);
  const depUtc = toUtc(depShift!, departs!, depOffset!);
  const duration = toUtc(arrShift!, arrives!, arrOffset!) - depUtc;
  if (duration < 15 || duration > 1200)
    return {
      problems: [`the leg lasts ${duration} minutes by its times, offsets and date variations (15 to 1200)`],
    };
  // The local departure: its day after the file's date (a date variation, or a UTC time past midnight locally).
  const depLocal = depUtc + depOffset!;
  const depDay = Math.floor(depLocal / 1440);
  const arrDay = Math.floor((depUtc + duration + arrOffset!) / 1440);
  const validFrom = addDays(from!, depDay);
  const validTo = addDays(to!, depDay);
  const operating = shiftedDays(days, depDay);
  const firstDate = [0, 1, 2, 3, 4, 5, 6]
    .map((n) => addDays(validFrom, n))
    .find((d) => d <= validTo && operating.includes(String(isoWeekday(d))));
  if (!firstDate) return { problems: ['the period holds none of its days of operation'] };
  for (const [airport, offset, at] of [
    [origin, depOffset!, firstDate],
    [destination, arrOffset!, addDays(firstDate, arrDay - depDay)],
  ] as const) {
    const zone = offsetAt(airport, at);
    if (zone !== undefined && zone !== offset)
      problems.push(
        `${airport} is at UTC${zone < 0 ? '-' : '+'}${hhmm(Math.abs(zone)).replace(':', '')} on ${at}, not ${offset < 0 ? '-' : '+'}${hhmm(Math.abs(offset)).replace(':', '')}: split the period where the clocks change`,
      );
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    schedule: {
      carrier: airline,
      flight_number: flightNumber,
      origin,
      destination,
      departure_time: hhmm(depLocal - depDay * 1440),
      duration_minutes: duration,
      days_of_week: operating,
      valid_from: validFrom,
      valid_to: validTo,
      aircraft: field(record, 73, 75).trim(),
      capacity: capacity!,
    },
  };
}

/**
 * Parses an SSIM chapter 7 file into schedules, every problem with its line. Carrier records (2) open a
 * block of flight legs (3) for their airline; segment data (4) and filler lines are read past; a trailer (5)
 * closes the block. `offsetAt` gives an airport's UTC offset in minutes on a date, or undefined when the
 * airport is unknown (the import says so).
 */
export function parseSsim(
  text: string,
  offsetAt: (airport: string, date: string) => number | undefined,
): SsimParse {
  const schedules: ScheduleRecord[] = [];
  const lines: number[] = [];
  const problems: LineProblem[] = [];
  let carrier: CarrierBlock | undefined;
  let skipped = 0;
  let header = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || /^0+$/.test(raw)) return;
    const record = raw.padEnd(200, ' ');
    if (raw.length > 200) {
      problems.push({ line, detail: `is ${raw.length} characters long; SSIM records have 200` });
      return;
    }
    switch (record[0]) {
      case '1':
        header = true;
        return;
      case '2': {
        const mode = record[1];
        if (mode !== 'L' && mode !== 'U')
          problems.push({
            line,
            detail: `position 2: time mode ${JSON.stringify(mode)} must be L (local) or U (UTC)`,
          });
        carrier = {
          airline: field(record, 3, 5).trim(),
          utc: mode === 'U',
          validTo: ssimDate(field(record, 22, 28)),
        };
        return;
      }
      case '3': {
        if (!carrier) {
          problems.push({ line, detail: 'a flight leg before any carrier record (type 2)' });
          return;
        }
        const leg = flightLeg(record, carrier, offsetAt);
        if (leg.skipped) skipped += 1;
        for (const detail of leg.problems) problems.push({ line, detail });
        if (leg.schedule) {
          schedules.push(leg.schedule);
          lines.push(line);
        }
        return;
      }
      case '4':
        return;
      case '5':
        carrier = undefined;
        return;
      default:
        problems.push({ line, detail: `record type ${JSON.stringify(record[0])} is not one of 1 to 5` });
    }
  });
  if (!header && schedules.length + problems.length > 0)
    problems.unshift({ line: 1, detail: 'the file has no header record (type 1): is it SSIM chapter 7?' });
  return { file: { schedules, fares: [] }, lines, problems, skipped };
}
