import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import secureJson from 'secure-json-parse';
import { parseJsonInTurns } from './json-in-turns.ts';

const parsed = (text: string) => parseJsonInTurns(Buffer.from(text));
const refusedAs = async (text: string, code: string) =>
  assert.rejects(parsed(text), (error: { code?: string }) => error.code === code, text.slice(0, 80));

describe('JSON parsed in turns', () => {
  it('reads any JSON document as the default parser does, whitespace, escapes and refusals included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom('', ' ', '\n\t'), async (value, space) => {
        const text = JSON.stringify(value, null, space);
        let expected: unknown;
        try {
          expected = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
        } catch {
          // A `__proto__` key, or `constructor.prototype`: refused by both.
          await assert.rejects(
            parsed(text),
            (e: { code?: string }) => e.code === 'FST_ERR_CTP_INVALID_JSON_BODY',
          );
          return;
        }
        assert.deepEqual(await parsed(text), expected);
      }),
      { numRuns: 300 },
    );
    // The document fast-check found with a prototype key in an array.
    await refusedAs('[{"__proto__":false}]', 'FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('reads text whose characters and escapes straddle the slices it is read in', async () => {
    // Slices are 32 KiB: one-, two-, three- and four-byte characters and escapes, shifted across a boundary.
    for (let shift = 0; shift < 8; shift++) {
      const filler = 'x'.repeat(32 * 1024 - 12 + shift);
      const value = { filler, names: ['Zoë', 'Łódź', '東京', '𝄞 clef', 'tab\there', 'quote " \\ \u00e9'] };
      assert.deepEqual(await parsed(JSON.stringify(value)), value);
    }
  });

  it('lets other work run while a large document is read', async () => {
    const big = JSON.stringify({
      schedules: Array.from({ length: 20_000 }, (_, i) => ({ n: i, name: `flight ${i}` })),
    });
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const value = (await parsed(big)) as { schedules: unknown[] };
    clearInterval(counting);
    assert.equal(value.schedules.length, 20_000);
    assert.ok(turns > 0, 'a timer ran while the document was read');
  });

  it('refuses an empty body, invalid text, a truncated document and text after the document', async () => {
    await refusedAs('', 'FST_ERR_CTP_EMPTY_JSON_BODY');
    for (const text of [
      ' ',
      '{',
      '{"a":}',
      '{"a":1',
      '{"a":1}x',
      '{"a":1} {"b":2}',
      "{'a':1}",
      '[1,]',
      'NaN',
    ])
      await refusedAs(text, 'FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('refuses a key that would reach a prototype, however it is written, as the default parser does', async () => {
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"a":[{"__proto__":{"admin":true}}]}',
      '{"\\u005f_proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ])
      await refusedAs(text, 'FST_ERR_CTP_INVALID_JSON_BODY');
    assert.equal(({} as { admin?: boolean }).admin, undefined);
    // Names that only look like one are kept.
    assert.deepEqual(await parsed('{"constructor":"Boeing","note":"\\u00e9"}'), {
      constructor: 'Boeing',
      note: 'é',
    });
  });
});
