import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ERROR_CODES } from './error-codes.ts';

describe('docs/errors.md', () => {
  it('lists every error code with its status, and no code that does not exist', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    const table = Object.entries(ERROR_CODES).map(([code, { status }]) => [code, status]);
    assert.deepEqual(rows.sort(), table.sort());
  });
});
