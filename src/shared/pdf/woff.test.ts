import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { sfntOfWoff } from './woff.ts';

const file = (name: string) =>
  readFileSync(
    fileURLToPath(import.meta.resolve(`@fontsource/noto-sans/files/noto-sans-${name}-normal.woff`)),
  );

describe('WOFF to SFNT', () => {
  it('unwraps a WOFF into the font it holds: the same tables, glyphs and metrics', () => {
    for (const name of ['latin-400', 'latin-ext-700', 'cyrillic-400']) {
      const woff = fontkit.create(file(name)) as fontkit.Font;
      const sfnt = fontkit.create(sfntOfWoff(file(name))) as fontkit.Font;
      assert.equal(sfnt.type, 'TTF');
      assert.equal(sfnt.numGlyphs, woff.numGlyphs);
      assert.equal(sfnt.unitsPerEm, woff.unitsPerEm);
      assert.deepEqual(
        [sfnt.ascent, sfnt.descent, sfnt.familyName, sfnt.characterSet.length],
        [woff.ascent, woff.descent, woff.familyName, woff.characterSet.length],
      );
      const text = name.startsWith('cyrillic') ? 'Иван Петров' : 'Zoë Łukasiewicz';
      assert.deepEqual(
        sfnt.layout(text).glyphs.map((g) => [g.id, g.advanceWidth]),
        woff.layout(text).glyphs.map((g) => [g.id, g.advanceWidth]),
      );
    }
  });

  it('refuses what is not a WOFF', () => {
    assert.throws(() => sfntOfWoff(Buffer.from('OTTO and nothing else, long enough for a header')), /WOFF/);
  });
});
