import { createHash } from 'node:crypto';
import { AppError } from './app-error.ts';

/**
 * Opaque page cursors: the position plus a fingerprint of the query that made it, so a cursor
 * replayed with other filters is refused instead of silently skipping or repeating items.
 */
export function fingerprint(query: Readonly<Record<string, unknown>>): string {
  const canonical = JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 10);
}

export function encodeCursor(offset: number, queryFingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: queryFingerprint })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, queryFingerprint: string): number {
  if (cursor === undefined) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      f?: unknown;
    };
    if (Number.isInteger(parsed.o) && (parsed.o as number) >= 0 && parsed.f === queryFingerprint) {
      return parsed.o as number;
    }
  } catch {}
  throw new AppError('INVALID_CURSOR', 'The cursor is malformed or was made for a different query', {
    errors: [{ location: 'querystring', pointer: '/cursor', detail: 'is not a cursor of this query' }],
  });
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  total_count: number;
}

/** One page of an already filtered and ordered list. */
export function paginate<T>(
  items: { readonly length: number; slice(start: number, end: number): T[] },
  query: Readonly<Record<string, unknown>>,
  cursor: string | undefined,
  limit: number,
): Page<T> {
  const f = fingerprint(query);
  const offset = decodeCursor(cursor, f);
  const data = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? encodeCursor(offset + limit, f) : null;
  return { data, next_cursor: next, total_count: items.length };
}
