import type { ImportProblem } from '../../../shared/import-problems.ts';
import { CABINS } from './cabins.ts';
import { type AircraftLayout, type CabinLayout, rowsOf, seatsOf } from './seat-layout.ts';

const LETTERS = /^[A-Z](?: ?[A-Z]){0,11}$/;
const ROW_LISTS = [
  'skip_rows',
  'exit_rows',
  'extra_legroom_rows',
  'bassinet_rows',
  'no_recline_rows',
] as const;
const row = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 99;

function cabinProblems(c: CabinLayout, p: string): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const bad = (pointer: string, detail: string) => problems.push({ pointer: `${p}${pointer}`, detail });
  if (!CABINS.includes(c?.cabin)) bad('/cabin', `must be one of ${CABINS.join(', ')}`);
  if (!row(c?.first_row)) bad('/first_row', 'must be a row number 1 to 99');
  if (!row(c?.last_row) || c.last_row < c.first_row)
    bad('/last_row', 'must be a row number from first_row to 99');
  const letters = typeof c?.letters === 'string' ? c.letters : '';
  const seatLetters = letters.replaceAll(' ', '');
  if (!LETTERS.test(letters) || new Set(seatLetters).size !== seatLetters.length)
    bad('/letters', 'must be different capital letters with single spaces for aisles, e.g. "ABC DEF"');
  for (const list of ROW_LISTS) {
    const rows = c?.[list];
    if (
      rows !== undefined &&
      (!Array.isArray(rows) || rows.some((r) => !row(r) || r < c.first_row || r > c.last_row))
    )
      bad(`/${list}`, 'must list rows of the cabin');
  }
  const wing = c?.wing_rows;
  if (
    wing !== undefined &&
    (!Array.isArray(wing) || wing.length !== 2 || !row(wing[0]) || !row(wing[1]) || wing[1] < wing[0])
  )
    bad('/wing_rows', 'must be [first row, last row]');
  if (problems.length > 0) return problems;
  const designators = new Set(seatsOf(c).map((s) => s.designator));
  (c.blocked ?? []).forEach((d, i) => {
    if (!designators.has(d)) bad(`/blocked/${i}`, 'must be a seat of the cabin, e.g. "12A"');
  });
  if (rowsOf(c).length === 0) bad('/skip_rows', 'leaves the cabin no row');
  return problems;
}

/**
 * Every problem of the seat layouts of an import file, each with a JSON pointer: one layout per aircraft,
 * each cabin once, rows of different cabins never overlapping, blocked seats that exist.
 */
export function seatLayoutProblems(layouts: unknown, pointer = '/seat_maps'): ImportProblem[] {
  if (layouts === undefined) return [];
  if (!Array.isArray(layouts)) return [{ pointer, detail: 'must be an array of aircraft layouts' }];
  const problems: ImportProblem[] = [];
  const aircraftSeen = new Set<string>();
  (layouts as AircraftLayout[]).forEach((a, i) => {
    const p = `${pointer}/${i}`;
    if (typeof a?.aircraft !== 'string' || !/^[A-Z0-9]{3}$/.test(a.aircraft))
      problems.push({ pointer: `${p}/aircraft`, detail: 'must be an IATA aircraft type code' });
    else if (aircraftSeen.has(a.aircraft))
      problems.push({ pointer: `${p}/aircraft`, detail: `repeats the layout of ${a.aircraft}` });
    else aircraftSeen.add(a.aircraft);
    if (!Array.isArray(a?.cabins) || a.cabins.length === 0) {
      problems.push({ pointer: `${p}/cabins`, detail: 'must list at least one cabin' });
      return;
    }
    const cabinProblemsFound = a.cabins.flatMap((c, j) => cabinProblems(c, `${p}/cabins/${j}`));
    problems.push(...cabinProblemsFound);
    if (cabinProblemsFound.length > 0) return;
    const cabins = new Set<string>();
    const rowsTaken = new Map<number, string>();
    a.cabins.forEach((c, j) => {
      if (cabins.has(c.cabin))
        problems.push({ pointer: `${p}/cabins/${j}/cabin`, detail: `repeats the ${c.cabin} cabin` });
      cabins.add(c.cabin);
      for (const r of rowsOf(c)) {
        const other = rowsTaken.get(r);
        if (other && other !== c.cabin) {
          problems.push({
            pointer: `${p}/cabins/${j}/first_row`,
            detail: `row ${r} is also in the ${other} cabin`,
          });
          break;
        }
        rowsTaken.set(r, c.cabin);
      }
    });
  });
  return problems;
}
