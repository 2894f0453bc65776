/**
 * Splits rows for multi-row statements and IN lists, staying well under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters per statement.
 */
export function chunks<T>(rows: readonly T[], size = 300): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
