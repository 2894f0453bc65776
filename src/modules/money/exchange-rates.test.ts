import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { exponentOf, isCurrency } from './currencies.ts';
import { comparable, convert } from './exchange-rates.ts';
import { REFERENCE_RATES } from './reference-rates.ts';

const table = REFERENCE_RATES;
const currencies = ['EUR', ...table.perEuro.keys()];

describe('currencies and conversion', () => {
  it('takes exponents from ISO 4217, not from a hand-typed list', () => {
    assert.deepEqual(['EUR', 'JPY', 'KRW', 'KWD', 'BHD', 'CLP'].map(exponentOf), [2, 0, 0, 3, 3, 0]);
    assert.equal(isCurrency('XXY'), false);
    assert.throws(() => exponentOf('XXY'));
    for (const code of table.perEuro.keys()) assert.ok(isCurrency(code), `${code} is ISO 4217`);
  });

  it('converts between exponents: 100.00 EUR is 17,500 JPY, 165,000 KRW and 35.600 KWD', () => {
    assert.equal(convert(table, 10_000, 'EUR', 'JPY'), 17_500);
    assert.equal(convert(table, 10_000, 'EUR', 'KRW'), 165_000);
    assert.equal(convert(table, 10_000, 'EUR', 'KWD'), 35_600);
    assert.equal(convert(table, 17_500, 'JPY', 'EUR'), 10_000);
    assert.equal(convert(table, 1, 'EUR', 'XXY'), undefined);
  });

  it('gives whole minor units, exactly the amount in its own currency, and round trips within a unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom(...currencies),
        fc.constantFrom(...currencies),
        (amount, from, to) => {
          const there = convert(table, amount, from, to)!;
          assert.ok(Number.isSafeInteger(there) && there >= 0);
          assert.equal(convert(table, amount, from, from), amount);
          // Back again, the error is at most half a unit of each rounding, in the finer currency.
          const back = convert(table, there, to, from)!;
          const unitOfTo = convert(table, 10 ** exponentOf(to), to, from)! / 10 ** exponentOf(to);
          assert.ok(
            Math.abs(back - amount) <= unitOfTo / 2 + 1,
            `${amount} ${from} → ${there} ${to} → ${back}`,
          );
        },
      ),
    );
  });

  it('compares amounts across currencies in the order their conversions into any currency have', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...currencies),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...currencies),
        fc.constantFrom(...currencies),
        (a, ca, b, cb, into) => {
          if (comparable(table, a, ca) < comparable(table, b, cb))
            assert.ok(convert(table, a, ca, into)! <= convert(table, b, cb, into)!);
        },
      ),
    );
    assert.equal(comparable(table, 1, 'XXY'), Number.POSITIVE_INFINITY, 'no rate sorts last');
  });
});
