import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fold } from './text.ts';

test('fold drops case, accents and punctuation in Latin, Greek and Cyrillic', () => {
  assert.equal(fold('São Paulo'), 'sao paulo');
  assert.equal(fold('Zürich-Flughafen'), 'zurich flughafen');
  assert.equal(fold('Μόσχα'), 'μοσχα');
  assert.equal(fold('  ...  '), '');
});

test('fold keeps the vowel signs of Indic and Thai scripts and the voicing marks of kana', () => {
  assert.equal(fold('मुंबई'), 'मुंबई'.normalize('NFKD'));
  assert.notEqual(fold('मुंबई'), fold('मबई'));
  assert.notEqual(fold('กรุงเทพ'), fold('กรงเทพ'));
  assert.notEqual(fold('ガ'), fold('カ'));
});

test('fold drops Hebrew points and Arabic vowel marks, which spellings leave out', () => {
  assert.equal(fold('שָׁלוֹם'), fold('שלום'));
  assert.equal(fold('مُوسْكُو'), fold('موسكو'));
});
