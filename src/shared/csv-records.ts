import { parse } from 'csv-parse/sync';
import type { LineProblem } from './import-problems.ts';

/** A CSV row by column name, with the line it ends on. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** The column names of a CSV text's first line (a byte-order mark allowed), trimmed. */
export function csvHeader(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((c) => c.trim());
}

/**
 * Reads a CSV file with a header line (RFC 4180: commas, double quotes, a byte-order mark allowed) into rows
 * by column name, cells trimmed; the header is line 1. The header must name every `required` column and nothing but `required`
 * and `optional` ones, so a misspelt column is an error rather than data silently left out.
 */
export function readCsv(
  text: string,
  columns: { required: readonly string[]; optional?: readonly string[] },
): { rows: CsvRow[]; header: string[]; problems: LineProblem[] } {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true });
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    return { rows: [], header: [], problems: [{ line: e.lines ?? 1, detail: e.message ?? 'is not CSV' }] };
  }
  const header = csvHeader(text);
  const known = new Set([...columns.required, ...(columns.optional ?? [])]);
  const problems: LineProblem[] = [];
  const missing = columns.required.filter((c) => !header.includes(c));
  if (missing.length > 0)
    problems.push({ line: 1, detail: `the header lacks the column(s) ${missing.join(', ')}` });
  const unknown = header.filter((c) => !known.has(c));
  if (unknown.length > 0)
    problems.push({ line: 1, detail: `the header names unknown column(s) ${unknown.join(', ')}` });
  return { rows: records.map((r) => ({ line: r.info.lines, cells: r.record })), header, problems };
}
