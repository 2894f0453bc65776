import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDigit, documentNumber, numbersFor, printedNumber } from './ticket-numbers.ts';

describe('ticket numbers', () => {
  it('puts the accounting code before a ten-digit document number of form code 2', () => {
    assert.equal(documentNumber('125', 1), '1252000000001');
    assert.equal(documentNumber('074', 123_456), '0742000123456');
    assert.throws(() => documentNumber('12', 1), RangeError);
    assert.throws(() => documentNumber('125', 0), RangeError);
  });

  it('checks with the document number modulo 7, the accounting code left out', () => {
    // 2000000001 = 7 × 285714285 + 6; 2000123456 = 7 × 285731922 + 2.
    assert.equal(checkDigit('1252000000001'), 6);
    assert.equal(checkDigit('0742000123456'), 2);
    assert.equal(checkDigit('9992000000001'), 6, 'another airline, the same document number');
    assert.equal(printedNumber('1252000000001'), '125 2000000001 6');
  });

  it('catches any single digit mistyped in the document number but a 7 for a 0 (or 8 for 1, 9 for 2)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7_999_999_999 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (serial, at, shift) => {
          const number = documentNumber('125', serial);
          const digit = (Number(number[at]) + shift) % 10;
          const typo = number.slice(0, at) + digit + number.slice(at + 1);
          // A digit off by 7 (mod 10, a difference of 7 or -3 times its place) can leave the remainder as is.
          const sameRemainder = (10 ** (12 - at) * (digit - Number(number[at]))) % 7 === 0;
          assert.equal(checkDigit(typo) === checkDigit(number), sameRemainder);
        },
      ),
    );
  });

  it('takes a conjunction number for every four coupons past the first four', () => {
    assert.deepEqual([1, 4, 5, 8, 9].map(numbersFor), [1, 1, 2, 2, 3]);
  });
});
