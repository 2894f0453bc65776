import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { exponentOf } from './currencies.ts';
import { formatMinor } from './minor-units.ts';

describe('minor units in words', () => {
  it('writes each currency with its own exponent', () => {
    assert.deepEqual(
      [
        formatMinor(12550, 'EUR'),
        formatMinor(-5, 'EUR'),
        formatMinor(0, 'EUR'),
        formatMinor(18900, 'JPY'),
        formatMinor(-5, 'JPY'),
        formatMinor(35600, 'KWD'),
        formatMinor(7, 'BHD'),
      ],
      ['125.50', '-0.05', '0.00', '18900', '-5', '35.600', '0.007'],
    );
  });

  it('reads back to exactly the amount it wrote, however large', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('EUR', 'JPY', 'KWD', 'CLP', 'USD'),
        (amount, currency) => {
          const written = formatMinor(amount, currency);
          const [whole, fraction = ''] = written.replace('-', '').split('.');
          assert.equal(fraction.length, exponentOf(currency));
          const back = BigInt(`${whole}${fraction}`) * (written.startsWith('-') ? -1n : 1n);
          assert.equal(back, BigInt(amount));
        },
      ),
    );
  });
});
