import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

/** Where a keyset page starts: the sort column's value and the id of the last row already shown. */
export interface KeysetPosition {
  value: string;
  id: string;
}

/**
 * Rows after a keyset position in (column, id) order, ascending or descending: the condition that makes
 * cursor paging stable while rows are added, on any table with a text `id`.
 */
export function afterPosition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  after: KeysetPosition,
  descending: boolean,
): Expression<SqlBool> {
  const past = descending ? '<' : '>';
  return eb.or([
    eb(sql.ref(column), past, after.value),
    eb.and([eb(sql.ref(column), '=', after.value), eb(sql.ref('id'), past, after.id)]),
  ]);
}

/** A page read with one row more than asked (to know whether more follow) and the count of all matches. */
export async function pageWithTotal<Row>(
  rows: Promise<Row[]>,
  count: Promise<{ n: number | string | bigint }>,
  limit: number,
): Promise<{ rows: Row[]; more: boolean; total: number }> {
  const [read, counted] = await Promise.all([rows, count]);
  return { rows: read.slice(0, limit), more: read.length > limit, total: Number(counted.n) };
}
