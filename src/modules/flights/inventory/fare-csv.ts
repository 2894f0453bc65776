import { type CsvRow, readCsv } from '../../../shared/csv-records.ts';
import type { LineProblem } from '../../../shared/import-problems.ts';
import { isCurrency, parseMajor } from '../../money/index.ts';
import { CABINS, type Cabin, type FareRecord } from './network-file.ts';

const AMOUNTS = ['adult', 'child', 'infant', 'tax', 'infant_tax'] as const;
const REQUIRED = [
  'carrier',
  'origin',
  'destination',
  'cabin',
  'brand',
  'currency',
  ...AMOUNTS,
  'checked_bags',
  'cabin_bags',
  'change_penalty',
  'refund_penalty',
] as const;
const OPTIONAL = ['seat_fee_standard', 'seat_fee_preferred', 'extra_bag_fee', 'extra_bag_max'] as const;

/** The header of a fares CSV file, as written by people and spreadsheets. */
export const FARES_CSV_HEADER = [...REQUIRED, ...OPTIONAL].join(',');

/** Whether a text is a fares CSV file: its first line names the fare columns. */
export const isFaresCsv = (text: string) => /^\uFEFF?carrier\s*,\s*origin\s*,/.test(text);

/** One row as a fare, or the problems that keep it out. Amounts are decimals in the fare's currency. */
function fareOf(
  { cells }: CsvRow,
  has: (column: string) => boolean,
): { fare?: FareRecord; problems: string[] } {
  const problems: string[] = [];
  const currency = cells.currency ?? '';
  if (!isCurrency(currency)) problems.push(`currency ${JSON.stringify(currency)} is not an ISO 4217 code`);
  const money = (column: string, blank: 'refused' | 'null') => {
    const text = cells[column] ?? '';
    if (text === '' && blank === 'null') return null;
    const minor = isCurrency(currency) ? parseMajor(text, currency) : 0;
    if (minor === undefined)
      problems.push(`${column} ${JSON.stringify(text)} is not an amount in ${currency} (e.g. 125.50)`);
    return minor ?? 0;
  };
  const count = (column: string, max: number) => {
    const text = cells[column] ?? '';
    const n = Number(text);
    if (!/^\d+$/.test(text) || n > max)
      problems.push(`${column} ${JSON.stringify(text)} must be 0 to ${max}`);
    return n;
  };
  const cabin = cells.cabin as Cabin;
  if (!CABINS.includes(cabin))
    problems.push(`cabin ${JSON.stringify(cells.cabin)} must be one of ${CABINS.join(', ')}`);
  const [adult, child, infant, tax, infantTax] = AMOUNTS.map((c) => money(c, 'refused')) as number[];
  const change = money('change_penalty', 'null');
  const refund = money('refund_penalty', 'null');
  const fare: FareRecord = {
    carrier: cells.carrier ?? '',
    origin: cells.origin ?? '',
    destination: cells.destination ?? '',
    cabin,
    brand: cells.brand ?? '',
    currency,
    adult: adult!,
    child: child!,
    infant: infant!,
    tax: tax!,
    infant_tax: infantTax!,
    checked_bags: count('checked_bags', 5),
    cabin_bags: count('cabin_bags', 3),
    change: { allowed: change !== null, penalty: change ?? 0 },
    refund: { allowed: refund !== null, penalty: refund ?? 0 },
  };
  if (has('seat_fee_standard') || has('seat_fee_preferred'))
    fare.seat_fees = {
      standard: has('seat_fee_standard') ? money('seat_fee_standard', 'null') : 0,
      preferred: has('seat_fee_preferred') ? money('seat_fee_preferred', 'null') : 0,
    };
  if (has('extra_bag_fee') && (cells.extra_bag_fee ?? '') !== '')
    fare.extra_bags = { amount: money('extra_bag_fee', 'refused')!, max: count('extra_bag_max', 5) };
  return problems.length > 0 ? { problems } : { fare, problems };
}

/**
 * Reads a fares CSV file: one fare a row, amounts as decimals in the fare's currency (its real number of
 * decimals), a penalty left blank meaning the fare does not allow it, a seat fee left blank meaning seats
 * cannot be chosen, an extra bag fee left blank meaning none are sold. Every problem with its line.
 */
export function parseFaresCsv(text: string): {
  fares: FareRecord[];
  lines: number[];
  problems: LineProblem[];
} {
  const { rows, header, problems } = readCsv(text, { required: REQUIRED, optional: OPTIONAL });
  const fares: FareRecord[] = [];
  const lines: number[] = [];
  if (problems.length > 0) return { fares, lines, problems };
  const has = (column: string) => header.includes(column);
  for (const row of rows) {
    const read = fareOf(row, has);
    for (const detail of read.problems) problems.push({ line: row.line, detail });
    if (read.fare) {
      fares.push(read.fare);
      lines.push(row.line);
    }
  }
  if (rows.length === 0) problems.push({ line: 1, detail: 'the file has a header and no fare' });
  return { fares, lines, problems };
}
