import type { KeysetPosition } from '../db/keyset.ts';
import { AppError } from './app-error.ts';
import { fingerprint } from './cursor.ts';

/**
 * Cursors for lists read from the database: the last row's keyset position (its sort column's value and
 * id, as `db/keyset.ts` pages on), tied to the filters so a cursor cannot be replayed on another query.
 */
export function encodeKeyset(after: KeysetPosition, filter: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ c: after.value, i: after.id, f: fingerprint(filter) })).toString(
    'base64url',
  );
}

export function decodeKeyset(
  cursor: string | undefined,
  filter: Record<string, unknown>,
): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      c?: unknown;
      i?: unknown;
      f?: unknown;
    };
    if (typeof v.c === 'string' && typeof v.i === 'string' && v.f === fingerprint(filter))
      return { value: v.c, id: v.i };
  } catch {}
  throw new AppError('INVALID_CURSOR', 'The cursor is malformed or was made for a different query', {
    errors: [{ location: 'querystring', pointer: '/cursor', detail: 'is not a cursor of this query' }],
  });
}
