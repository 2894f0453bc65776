import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ACCOUNTS, agencyAccount } from './accounts.ts';
import {
  commissionEntries,
  commissionReversed,
  type Entry,
  isBalanced,
  proportionOfPaid,
  refundEntries,
  saleEntries,
  topUpEntries,
} from './ledger-rules.ts';

const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'KRW', 'GBP');
const amount = fc.integer({ min: 1, max: 1_000_000_000_000 });

/** The sum of every entry per account and currency, as the books would show after the entries. */
function balances(entries: readonly Entry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries)
    out.set(`${e.account} ${e.currency}`, (out.get(`${e.account} ${e.currency}`) ?? 0) + e.amount);
  return out;
}

describe('ledger rules', () => {
  it('balances every top-up, sale and refund, per currency, whatever the amounts and currencies', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        currency,
        currency,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (total, paid, saleCurrency, payerCurrency, taxShare, refundShare) => {
          const tax = Math.floor(total * taxShare);
          const refund = Math.floor(total * refundShare);
          const payer = { account: agencyAccount('agy_1'), currency: payerCurrency };
          const paidInPayer = payerCurrency === saleCurrency ? total : paid;
          const sale = { total, tax, currency: saleCurrency };
          assert.ok(isBalanced(topUpEntries(payer.account, paid, payerCurrency)));
          assert.ok(isBalanced(saleEntries(payer, paidInPayer, sale)));
          const back = payerCurrency === saleCurrency ? refund : proportionOfPaid(paidInPayer, total, refund);
          assert.ok(isBalanced(refundEntries(payer, back, sale, refund)));
        },
      ),
    );
  });

  it('after a sale and its cancellation the payer is down exactly the penalty, and no sale or tax remains', () => {
    fc.assert(
      fc.property(
        amount,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        currency,
        (total, taxShare, refundShare, c) => {
          const tax = Math.floor(total * taxShare);
          const refund = Math.floor(total * refundShare);
          const payer = { account: ACCOUNTS.cardClearing, currency: c };
          const sale = { total, tax, currency: c };
          const books = balances([
            ...saleEntries(payer, total, sale),
            ...refundEntries(payer, refund, sale, refund),
          ]);
          assert.equal(books.get(`${ACCOUNTS.cardClearing} ${c}`), refund - total);
          assert.equal(
            (books.get(`${ACCOUNTS.sales} ${c}`) ?? 0) + (books.get(`${ACCOUNTS.refunds} ${c}`) ?? 0),
            0,
          );
          assert.equal(books.get(`${ACCOUNTS.taxesCollected} ${c}`) ?? 0, 0);
          assert.equal(books.get(`${ACCOUNTS.penalties} ${c}`) ?? 0, total - refund);
        },
      ),
    );
  });

  it('gives back exactly what was paid in another currency when every part is refunded, never a unit more or less', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 }),
        (total, paid, weights) => {
          // The sale is cancelled part by part; each refund is the cumulative share less what was given back.
          const sum = weights.reduce((n, w) => n + w, 0);
          let refunded = 0;
          let given = 0;
          weights.forEach((w, i) => {
            const part = i === weights.length - 1 ? total - refunded : Math.floor((total * w) / sum);
            refunded += part;
            given += proportionOfPaid(paid, total, refunded) - given;
            assert.ok(given >= 0 && given <= paid);
          });
          assert.equal(refunded, total);
          assert.equal(given, paid);
        },
      ),
    );
  });

  it('splits a marked-up sale into net, markup and taxes, and balances commissions in any two currencies', () => {
    fc.assert(
      fc.property(
        amount,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        amount,
        currency,
        currency,
        (total, taxShare, markupShare, credited, saleCurrency, accountCurrency) => {
          const tax = Math.floor(total * taxShare);
          const markup = Math.floor(total * markupShare);
          const payer = { account: ACCOUNTS.cardClearing, currency: saleCurrency };
          const books = balances(saleEntries(payer, total, { total, tax, markup, currency: saleCurrency }));
          assert.equal(books.get(`${ACCOUNTS.markups} ${saleCurrency}`) ?? 0, markup);
          assert.equal(books.get(`${ACCOUNTS.sales} ${saleCurrency}`) ?? 0, total - tax - markup);
          const commission = Math.max(1, Math.floor(total / 20));
          const agency = { account: agencyAccount('agy_1'), currency: accountCurrency };
          const inAccount = saleCurrency === accountCurrency ? commission : credited;
          assert.ok(isBalanced(commissionEntries(agency, inAccount, commission, saleCurrency)));
          assert.ok(isBalanced(commissionEntries(agency, -inAccount, -commission, saleCurrency)));
        },
      ),
    );
  });

  it('takes back the commission in proportion to a refund, all of it for a full refund, never more', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 0, max: 1e9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (total, c, r) => {
          const commission = Math.min(c, total);
          const refund = Math.floor(total * r);
          const back = commissionReversed(commission, refund, total);
          assert.ok(Number.isInteger(back) && back >= 0 && back <= commission);
          assert.equal(commissionReversed(commission, total, total), commission);
          assert.equal(commissionReversed(commission, 0, total), 0);
          // Within half a unit of the exact share.
          assert.ok(Math.abs(back - (commission * refund) / total) <= 0.5 + 1e-9);
        },
      ),
    );
  });

  it('refuses a transaction that does not balance, holds a fraction or a zero line', () => {
    assert.equal(
      isBalanced([
        { account: 'a', currency: 'EUR', amount: 5 },
        { account: 'b', currency: 'EUR', amount: -4 },
      ]),
      false,
    );
    assert.equal(
      isBalanced([
        { account: 'a', currency: 'EUR', amount: 5 },
        { account: 'b', currency: 'USD', amount: -5 },
      ]),
      false,
    );
    assert.equal(
      isBalanced([
        { account: 'a', currency: 'EUR', amount: 0.5 },
        { account: 'b', currency: 'EUR', amount: -0.5 },
      ]),
      false,
    );
    assert.equal(isBalanced([{ account: 'a', currency: 'EUR', amount: 0 }]), false);
  });
});
