import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayLanguage } from './accept-language.ts';

const SUPPORTED = ['en', 'de', 'ja', 'zh'];

test('the most preferred supported language wins, by q-value', () => {
  assert.equal(displayLanguage('fr;q=1, ja;q=0.8, de;q=0.9', SUPPORTED), 'de');
  assert.equal(displayLanguage('ja', SUPPORTED), 'ja');
});

test('a regional tag takes its language', () => {
  assert.equal(displayLanguage('de-CH', SUPPORTED), 'de');
  assert.equal(displayLanguage('zh-Hans-CN', SUPPORTED), 'zh');
});

test('no header, nothing supported or a malformed header answers in the first language', () => {
  assert.equal(displayLanguage(undefined, SUPPORTED), 'en');
  assert.equal(displayLanguage('fr, it', SUPPORTED), 'en');
  assert.equal(displayLanguage(';;;,=q', SUPPORTED), 'en');
  assert.equal(displayLanguage('*', SUPPORTED), 'en');
});
