import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickByScript, searchKeys } from './place-name-rules.ts';

test('a name in a script one language writes becomes that language, the plainest form first', () => {
  const names = pickByScript(
    ['Seoul', '서울특별시', '서울', 'Σεούλ', 'ソウル', 'ソウル特別市', '首尔'],
    'KR',
  );
  assert.deepEqual(names, { ja: 'ソウル', ko: '서울', el: 'Σεούλ' });
});

test("Japan's kanji name is the one also given with its municipal suffix, not the Chinese form", () => {
  assert.equal(pickByScript(['东京', '東京', '東京都', 'Tokyo'], 'JP').ja, '東京');
  assert.equal(pickByScript(['大阪', '大阪市', 'おおさかし'], 'JP').ja, '大阪');
  // Outside Japan, kanji are Chinese as much as Japanese: only kana say Japanese.
  assert.equal(pickByScript(['慕尼黑', 'ミュンヘン'], 'DE').ja, 'ミュンヘン');
  assert.equal(pickByScript(['慕尼黑'], 'DE').ja, undefined);
});

test('scripts several languages share give no display name', () => {
  assert.deepEqual(pickByScript(['רומא', 'روما', 'رم', 'Рим'], 'IT'), {});
});

test('search keys fold names, drop codes, machine romanisations and the main name', () => {
  assert.deepEqual(
    searchKeys(['München', 'Munich', 'MUC', 'mu ni hei', 'Monaco di Baviera', 'Мюнхен'], 'munich'),
    ['monaco di baviera', 'munchen', 'мюнхен'],
  );
});
