import { AppError } from './app-error.ts';
import { fingerprint } from './cursor.ts';

/** Cursors for lists read from the database: the last row's (created_at, id), tied to the filters. */
export function encodeKeyset(
  after: { createdAt: string; id: string },
  filter: Record<string, unknown>,
): string {
  return Buffer.from(JSON.stringify({ c: after.createdAt, i: after.id, f: fingerprint(filter) })).toString(
    'base64url',
  );
}

export function decodeKeyset(
  cursor: string | undefined,
  filter: Record<string, unknown>,
): { createdAt: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      c?: unknown;
      i?: unknown;
      f?: unknown;
    };
    if (typeof v.c === 'string' && typeof v.i === 'string' && v.f === fingerprint(filter))
      return { createdAt: v.c, id: v.i };
  } catch {}
  throw new AppError('INVALID_CURSOR', 'The cursor is malformed or was made for a different query', {
    errors: [{ location: 'querystring', pointer: '/cursor', detail: 'is not a cursor of this query' }],
  });
}
