import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InternTable, NumberColumn, StringColumn } from './columns.ts';

describe('columns', () => {
  it('keeps numbers in order as a column grows, and as a column read back from its bytes', () => {
    const column = new NumberColumn(Float64Array, 2);
    for (let i = 0; i < 5_000; i++) column.push(i / 4);
    assert.equal(column.length, 5_000);
    assert.equal(column.at(4_999), 4_999 / 4);
    column.set(3, -1);
    const back = NumberColumn.fromBytes(Float64Array, column.bytes());
    assert.deepEqual([back.length, back.at(3), back.at(4_999)], [5_000, -1, 4_999 / 4]);
    back.push(7);
    assert.deepEqual(
      [back.length, back.at(5_000), column.length],
      [5_001, 7, 5_000],
      'the original untouched',
    );
  });

  it('gives its values as one array, rows added after it was read back joined to the rest', () => {
    const column = new NumberColumn(Int32Array, 4);
    for (let i = 0; i < 10; i++) column.push(i * 3);
    const back = NumberColumn.fromBytes(Int32Array, column.bytes());
    assert.deepEqual([...back.values().subarray(0, 10)], [...column.values().subarray(0, 10)]);
    back.push(-5);
    back.push(-6);
    const all = back.values();
    assert.deepEqual([...all.subarray(0, back.length)], [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, -5, -6]);
    back.set(1, 100);
    back.push(-7);
    assert.deepEqual(
      [back.at(1), back.at(12), back.values()[1], back.values()[12], back.length],
      [100, -7, 100, -7, 13],
    );
    const again = NumberColumn.fromBytes(Int32Array, back.bytes());
    assert.deepEqual([again.length, again.at(10), again.at(12)], [13, -5, -7], 'saved whole after joining');
  });

  it('reads numbers at an offset not aligned for their kind by copying them', () => {
    const bytes = new Uint8Array(17);
    new Float64Array(bytes.buffer, 0, 2).set([1.5, 2.5]);
    const shifted = new Uint8Array(17);
    shifted.set(bytes.subarray(0, 16), 1);
    const column = NumberColumn.fromBytes(Float64Array, shifted.subarray(1));
    assert.deepEqual([column.at(0), column.at(1)], [1.5, 2.5]);
  });

  it('packs strings of any script, empty ones included, and reads them back from their parts', () => {
    const words = ['München', '', '東京', 'Μόσχα', 'a'.repeat(70_000), 'x'];
    const column = new StringColumn();
    for (const w of words) column.push(w);
    assert.deepEqual(
      words.map((_, i) => column.at(i)),
      words,
    );
    const back = StringColumn.fromParts(column.parts());
    back.push('Zürich');
    assert.deepEqual([back.at(2), back.at(6), back.length], ['東京', 'Zürich', 7]);
  });

  it('stores each value once by its key, and its entries rebuild the same table', () => {
    const table = new InternTable<string[]>();
    let made = 0;
    const make = () => {
      made++;
      return ['wifi'];
    };
    const a = table.number('["wifi"]', make);
    assert.equal(table.number('["wifi"]', make), a);
    assert.equal(made, 1);
    const back = InternTable.fromEntries(table.entries());
    assert.equal(back.number('["wifi"]', make), a, 'known after the rebuild');
    assert.equal(
      back.number('["bar"]', () => ['bar']),
      1,
    );
    assert.deepEqual(back.at(a), ['wifi']);
  });

  it('saves a column read back and grown since as one, head and added rows together', () => {
    const numbers = new NumberColumn(Uint32Array);
    const strings = new StringColumn();
    for (const n of [1, 2, 3]) {
      numbers.push(n);
      strings.push(`s${n}`);
    }
    const numbersBack = NumberColumn.fromBytes(Uint32Array, numbers.bytes());
    const stringsBack = StringColumn.fromParts(strings.parts());
    numbersBack.push(4);
    stringsBack.push('ß4');
    numbersBack.set(0, 9);
    const again = NumberColumn.fromBytes(Uint32Array, numbersBack.bytes());
    const stringsAgain = StringColumn.fromParts(stringsBack.parts());
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => again.at(i)),
      [9, 2, 3, 4],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => stringsAgain.at(i)),
      ['s1', 's2', 's3', 'ß4'],
    );
  });
});
