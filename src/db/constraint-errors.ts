/** The one place that reads engine-specific constraint errors, so repositories stay dialect-neutral. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    (e.code === 'ERR_SQLITE_ERROR' && /UNIQUE constraint failed/.test(message)) ||
    /SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/.test(String(e.errcode ?? ''))
  );
}
