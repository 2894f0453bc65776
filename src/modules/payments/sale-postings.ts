import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import {
  ACCOUNTS,
  type AgencyAccount,
  AgencyAccountRefusal,
  agencyAccount,
  commissionEntries,
  commissionReversed,
  type LedgerRepository,
  type Party,
  refundEntries,
  refusalProblem,
  saleEntries,
} from '../ledger/index.ts';
import { convert, type RateTable } from '../money/index.ts';
import type { Charged } from './payment-codec.ts';
import type { Due, Purpose } from './payment-types.ts';

/**
 * The ledger transactions of payments: a sale paid by card or from an agency balance (debited by the
 * ledger's conditional statement, at today's rate when the balance is in another currency), and a
 * refund to whoever paid.
 */
export function createSalePostings(deps: { ledger: LedgerRepository; rates: () => RateTable; clock: Clock }) {
  const { ledger, clock } = deps;

  /** What an agency pays for a sale in its account's currency, at today's rates when they differ. */
  function inAccountCurrency(account: AgencyAccount, due: Pick<Due, 'total' | 'currency'>): Charged | null {
    if (account.currency === due.currency) return null;
    const rates = deps.rates();
    const amount = convert(rates, due.total, due.currency, account.currency);
    if (amount === undefined)
      throw new AppError(
        'CURRENCY_MISMATCH',
        `No exchange rate from ${due.currency} to ${account.currency}`,
        {
          account_currency: account.currency,
        },
      );
    const unit = convert(rates, 1_000_000, due.currency, account.currency)! / 1_000_000;
    return {
      amount,
      currency: account.currency,
      refunded: 0,
      exchange_rate: { from: due.currency, to: account.currency, rate: unit, as_of: rates.asOf },
    };
  }

  const header = (
    kind: 'sale' | 'refund' | 'replacement' | 'commission',
    purpose: Purpose,
    paymentId: string,
    charged: Charged | null,
  ) => ({
    kind,
    description: purpose.description,
    booking_id: purpose.bookingId,
    product: purpose.product,
    payment_id: paymentId,
    exchange_rate: charged ? JSON.stringify(charged.exchange_rate) : null,
    agency_id: purpose.agencyId,
    created_by: null,
  });

  /**
   * The selling agency earns (or, negative, gives back) a commission, credited to its account (made in
   * the sale's currency if it has none) at today's rates when the account is in another currency; a
   * transaction of its own, after the sale's. Taking back may overdraw: it must never fail.
   */
  async function postCommission(
    trx: Kysely<Database>,
    commission: number,
    currency: string,
    purpose: Purpose,
    paymentId: string,
  ): Promise<void> {
    if (commission === 0 || !purpose.agencyId) return;
    const now = clock.now().toISOString();
    const account =
      (await ledger.account(trx, purpose.agencyId)) ??
      (await ledger.ensureAccount(trx, purpose.agencyId, currency, now));
    const charged = inAccountCurrency(account, { total: commission, currency });
    await ledger.post(
      trx,
      header('commission', purpose, paymentId, charged),
      commissionEntries(
        { account: agencyAccount(purpose.agencyId), currency: account.currency },
        charged?.amount ?? commission,
        commission,
        currency,
      ),
      now,
      { overdraw: commission < 0 },
    );
  }

  return {
    /** A card sale: `card_clearing` pays the whole amount in the sale's currency. */
    async cardSale(trx: Kysely<Database>, due: Due, purpose: Purpose, paymentId: string): Promise<void> {
      const payer = { account: ACCOUNTS.cardClearing, currency: due.currency };
      await ledger.post(
        trx,
        header('sale', purpose, paymentId, null),
        saleEntries(payer, due.total, due),
        clock.now().toISOString(),
      );
      await postCommission(trx, due.commission ?? 0, due.currency, purpose, paymentId);
    },

    /**
     * A sale paid from an agency's balance, in the booking's transaction; 402 INSUFFICIENT_FUNDS (an
     * AppError) rolls it all back. Answers what the balance gave when it is in another currency.
     */
    async agencySale(
      trx: Kysely<Database>,
      agencyId: string,
      due: Due,
      purpose: Purpose,
      paymentId: string,
    ): Promise<Charged | null> {
      const account = await ledger.account(trx, agencyId);
      if (!account)
        throw refusalProblem(
          new AgencyAccountRefusal(agencyId, 'insufficient_funds', due.total, due.currency),
          undefined,
        );
      const charged = inAccountCurrency(account, due);
      const payer = { account: agencyAccount(agencyId), currency: account.currency };
      try {
        await ledger.post(
          trx,
          header('sale', purpose, paymentId, charged),
          saleEntries(payer, charged?.amount ?? due.total, due),
          clock.now().toISOString(),
        );
      } catch (error) {
        if (error instanceof AgencyAccountRefusal) throw refusalProblem(error, account);
        throw error;
      }
      await postCommission(trx, due.commission ?? 0, due.currency, purpose, paymentId);
      return charged;
    },

    /**
     * Gives `refundPaid` (the payee's currency) back for `refund` of `sale`; the rest is a penalty. The
     * selling agency gives back the commission on what was refunded. A `replacement` is the same money
     * given back because a new payment takes the old one's place (new dates, services added): its own
     * kind, so that reports never count it as a refund.
     */
    async refund(
      trx: Kysely<Database>,
      payee: Party,
      refundPaid: number,
      sale: Due,
      refund: number,
      purpose: Purpose,
      paymentId: string,
      charged: Charged | null,
      kind: 'refund' | 'replacement' = 'refund',
    ): Promise<void> {
      await ledger.post(
        trx,
        header(kind, purpose, paymentId, charged),
        refundEntries(payee, refundPaid, sale, refund),
        clock.now().toISOString(),
      );
      const back = commissionReversed(sale.commission ?? 0, refund, sale.total);
      await postCommission(trx, -back, sale.currency, purpose, paymentId);
    },
  };
}

export type SalePostings = ReturnType<typeof createSalePostings>;
