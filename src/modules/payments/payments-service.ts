import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Principal } from '../auth/index.ts';
import {
  ACCOUNTS,
  type AgencyAccount,
  AgencyAccountRefusal,
  agencyAccount,
  type LedgerRepository,
  proportionOfPaid,
  refundEntries,
  refusalProblem,
  type SaleAmounts,
  saleEntries,
} from '../ledger/index.ts';
import { convert, type RateTable } from '../money/index.ts';
import type { CardTokensRepository } from './card-tokens-repository.ts';
import type { CardSummary, PaymentGateway } from './gateway.ts';
import { type Charged, chargedOf, type PaymentSummary, summaryOf } from './payment-summary.ts';
import type { PaymentRow, PaymentsRepository } from './payments-repository.ts';

export type PaymentInput = { type: 'balance' } | { type: 'card'; card_token: string };

/** What a sale is paid for: its total and the taxes in it, in the booking's currency. */
export type Due = SaleAmounts;

/** A payment made ready before the booking's transaction: a card authorized, or a balance to debit. */
export type Prepared =
  | { method: 'balance'; userId: string; agencyId: string }
  | { method: 'card'; paymentId: string };

/** Which booking a payment belongs to, and what its ledger lines are called. */
export interface Purpose {
  bookingId: string;
  product: string;
  description: string;
}

/**
 * Payments for bookings of any product, through one port. Card money follows authorize (before the
 * booking's transaction, as it calls out), then capture, void or refund (queued in the booking's
 * transaction and done by the operations job, each once, by idempotency key). Balance money moves inside
 * the booking's transaction: the debit is one conditional statement, so the booking and its payment
 * commit together or not at all. Every sale and refund is a balanced ledger transaction written in the
 * same database transaction as the booking change.
 */
export function createPaymentsService(deps: {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  cardTokens: CardTokensRepository;
  ledger: LedgerRepository;
  gateway: PaymentGateway;
  rates: RateTable;
  clock: Clock;
  ids: IdGenerator;
}) {
  const { db, payments, ledger, gateway, clock, ids } = deps;

  async function resolveCard(principal: Principal, token: string, pointer: string) {
    const invalid = () =>
      invalidField(pointer, 'is not a card token of yours that is still valid; tokenize the card again');
    if (token.startsWith('ctk_')) {
      const row = await deps.cardTokens.find(token);
      if (!row || row.user_id !== principal.userId || row.expires_at <= clock.now().toISOString())
        throw invalid();
      const card: CardSummary = {
        brand: row.brand,
        last4: row.last4,
        exp_month: row.exp_month,
        exp_year: row.exp_year,
      };
      return { gatewayToken: row.gateway_token, card };
    }
    const card = gateway.knownToken(token);
    if (!card) throw invalid();
    return { gatewayToken: token, card };
  }

  /** Queues a gateway operation in `trx`: done by the operations job after the commit. */
  async function queue(
    trx: Kysely<Database>,
    paymentId: string,
    kind: 'capture' | 'void' | 'refund',
    amount: number,
  ) {
    const now = clock.now().toISOString();
    await payments.addOperation(trx, {
      id: ids.ordered('pop'),
      payment_id: paymentId,
      kind,
      amount,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      done_at: null,
    });
  }

  /** What an agency pays for a sale in its account's currency, at today's rates when they differ. */
  function inAccountCurrency(account: AgencyAccount, due: Due): Charged | null {
    if (account.currency === due.currency) return null;
    const amount = convert(deps.rates, due.total, due.currency, account.currency);
    if (amount === undefined)
      throw new AppError(
        'CURRENCY_MISMATCH',
        `No exchange rate from ${due.currency} to ${account.currency}`,
        {
          account_currency: account.currency,
        },
      );
    const unit = convert(deps.rates, 1_000_000, due.currency, account.currency)! / 1_000_000;
    return {
      amount,
      currency: account.currency,
      refunded: 0,
      exchange_rate: { from: due.currency, to: account.currency, rate: unit, as_of: deps.rates.asOf },
    };
  }

  /** Writes a sale to the ledger: the payer (its account, in its currency) pays `paid` for `due`. */
  async function postSale(
    trx: Kysely<Database>,
    payer: { account: string; currency: string },
    paid: number,
    due: Due,
    purpose: Purpose,
    paymentId: string,
    charged: Charged | null,
  ) {
    await ledger.post(
      trx,
      {
        kind: 'sale',
        description: purpose.description,
        booking_id: purpose.bookingId,
        product: purpose.product,
        payment_id: paymentId,
        exchange_rate: charged ? JSON.stringify(charged.exchange_rate) : null,
        created_by: null,
      },
      saleEntries(payer, paid, due),
      clock.now().toISOString(),
    );
  }

  /** Debits an agency for a sale, in the booking's transaction; 402 INSUFFICIENT_FUNDS rolls it all back. */
  async function debitAgency(
    trx: Kysely<Database>,
    agencyId: string,
    due: Due,
    purpose: Purpose,
    paymentId: string,
  ) {
    const account = await ledger.account(trx, agencyId);
    if (!account)
      throw refusalProblem(
        new AgencyAccountRefusal(agencyId, 'insufficient_funds', due.total, due.currency),
        undefined,
      );
    const charged = inAccountCurrency(account, due);
    const payer = { account: agencyAccount(agencyId), currency: account.currency };
    try {
      await postSale(trx, payer, charged?.amount ?? due.total, due, purpose, paymentId, charged);
    } catch (error) {
      if (error instanceof AgencyAccountRefusal) throw refusalProblem(error, account);
      throw error;
    }
    return charged;
  }

  const postCardSale = (trx: Kysely<Database>, due: Due, purpose: Purpose, paymentId: string) =>
    postSale(
      trx,
      { account: ACCOUNTS.cardClearing, currency: due.currency },
      due.total,
      due,
      purpose,
      paymentId,
      null,
    );

  async function reread(trx: Kysely<Database>, id: string): Promise<PaymentSummary> {
    return summaryOf((await payments.find(trx, id))!);
  }

  /**
   * Authorizes a card for a sale before its booking's transaction: the attempt is recorded first, so a
   * crash cannot leave an authorization nobody knows of; 402 PAYMENT_DECLINED when refused, and after a
   * timeout whatever authorization there may be is voided.
   */
  async function authorizeCard(
    payer: { userId: string; agencyId: string | null },
    { gatewayToken, card }: { gatewayToken: string; card: CardSummary },
    due: Due,
  ): Promise<Prepared> {
    const now = clock.now().toISOString();
    const paymentId = ids.ordered('pay');
    await payments.insert(db, {
      id: paymentId,
      booking_id: null,
      product: null,
      user_id: payer.userId,
      agency_id: payer.agencyId,
      method: 'card',
      status: 'authorizing',
      amount: due.total,
      currency: due.currency,
      paid_amount: 0,
      refunded_amount: 0,
      card: JSON.stringify(card),
      gateway: gateway.name,
      gateway_token: gatewayToken,
      gateway_ref: null,
      exchange_rate: null,
      failure: null,
      created_at: now,
      updated_at: now,
    });
    const outcome = await gateway
      .authorize({
        token: gatewayToken,
        amount: due.total,
        currency: due.currency,
        idempotencyKey: paymentId,
      })
      .catch(() => ({ ok: false as const, reason: 'processing_timeout' as const }));
    if (!outcome.ok) {
      await db.transaction().execute(async (trx) => {
        await payments.update(trx, paymentId, { status: 'failed', failure: outcome.reason, updated_at: now });
        // A timeout may hide an authorization made after all: cancel whatever there is.
        if (outcome.reason === 'processing_timeout') await queue(trx, paymentId, 'void', due.total);
      });
      throw new AppError('PAYMENT_DECLINED', `The card payment was refused: ${outcome.reason}`, {
        decline_reason: outcome.reason,
      });
    }
    await payments.update(db, paymentId, { status: 'authorized', gateway_ref: outcome.ref, updated_at: now });
    return { method: 'card', paymentId };
  }

  return {
    /**
     * Makes a payment ready, before the booking's transaction. A card is authorized for the whole amount
     * (402 PAYMENT_DECLINED with `decline_reason` when refused; after a timeout the authorization that
     * may exist is voided); a balance payment needs an agency user and is taken inside the transaction.
     */
    async prepare(
      principal: Principal,
      input: PaymentInput,
      due: Due,
      pointer = '/payment',
    ): Promise<Prepared> {
      if (input.type === 'balance') {
        if (!principal.agencyId)
          throw invalidField(`${pointer}/type`, 'balance is for agency users; pay by card');
        return { method: 'balance', userId: principal.userId, agencyId: principal.agencyId };
      }
      const card = await resolveCard(principal, input.card_token, `${pointer}/card_token`);
      return authorizeCard(principal, card, due);
    },

    /**
     * Ties a prepared payment to its booking, in the booking's transaction. With `capture`, the money is
     * taken (balance debited now, card captured by the job) and the sale is written to the ledger;
     * without it (a hold) the card stays authorized, or the balance is to be debited at confirmation.
     */
    async settle(trx: Kysely<Database>, prepared: Prepared, due: Due, purpose: Purpose, capture: boolean) {
      const now = clock.now().toISOString();
      if (prepared.method === 'card') {
        const tied = await payments.update(
          trx,
          prepared.paymentId,
          {
            booking_id: purpose.bookingId,
            product: purpose.product,
            status: capture ? 'paid' : 'authorized',
            paid_amount: capture ? due.total : 0,
            updated_at: now,
          },
          'authorized',
        );
        if (!tied)
          throw new AppError('PAYMENT_DECLINED', 'The card authorization was cancelled; pay again', {
            decline_reason: 'processing_timeout',
          });
        if (capture) {
          await queue(trx, prepared.paymentId, 'capture', due.total);
          await postCardSale(trx, due, purpose, prepared.paymentId);
        }
        return reread(trx, prepared.paymentId);
      }
      const paymentId = ids.ordered('pay');
      const charged = capture ? await debitAgency(trx, prepared.agencyId, due, purpose, paymentId) : null;
      await payments.insert(trx, {
        id: paymentId,
        booking_id: purpose.bookingId,
        product: purpose.product,
        user_id: prepared.userId,
        agency_id: prepared.agencyId,
        method: 'balance',
        status: capture ? 'paid' : 'pending',
        amount: due.total,
        currency: due.currency,
        paid_amount: capture ? due.total : 0,
        refunded_amount: 0,
        card: null,
        gateway: null,
        gateway_token: null,
        gateway_ref: null,
        exchange_rate: charged ? JSON.stringify(charged) : null,
        failure: null,
        created_at: now,
        updated_at: now,
      });
      return reread(trx, paymentId);
    },

    /** After the booking's transaction failed: the card authorization is voided (queued). */
    async abandon(prepared: Prepared): Promise<void> {
      if (prepared.method !== 'card') return;
      await db.transaction().execute(async (trx) => {
        const row = await payments.find(trx, prepared.paymentId);
        if (!row || row.booking_id !== null) return;
        if (
          await payments.update(
            trx,
            row.id,
            { status: 'voided', updated_at: clock.now().toISOString() },
            'authorized',
          )
        )
          await queue(trx, row.id, 'void', row.amount);
      });
    },

    /**
     * Runs the work a prepared payment is for (the booking's transaction): the payment is abandoned (a
     * card authorization voided) when the work fails, or when `used` says its result did not use it.
     */
    async using<T>(
      prepared: Prepared | undefined,
      work: () => Promise<T>,
      used: (result: T) => boolean = () => true,
    ): Promise<T> {
      let result: T;
      try {
        result = await work();
      } catch (error) {
        if (prepared) await this.abandon(prepared);
        throw error;
      }
      if (prepared && !used(result)) await this.abandon(prepared);
      return result;
    },

    /**
     * Takes the money for a booking whose payment was set aside (a hold confirmed): captures the card or
     * debits the balance, and writes the sale. 402 PAYMENT_REQUIRED when it has no payment.
     */
    async collect(trx: Kysely<Database>, due: Due, purpose: Purpose): Promise<PaymentSummary> {
      const row = await payments.ofBooking(trx, purpose.bookingId);
      if (!row)
        throw new AppError('PAYMENT_REQUIRED', 'The hold has no payment; pay it with POST /pay_booking', {
          booking_id: purpose.bookingId,
        });
      if (row.status === 'paid') return summaryOf(row);
      const now = clock.now().toISOString();
      if (row.method === 'card') {
        await queue(trx, row.id, 'capture', row.amount);
        await postCardSale(trx, due, purpose, row.id);
        await payments.update(trx, row.id, { status: 'paid', paid_amount: row.amount, updated_at: now });
      } else {
        const charged = await debitAgency(trx, row.agency_id!, due, purpose, row.id);
        await payments.update(trx, row.id, {
          status: 'paid',
          paid_amount: row.amount,
          exchange_rate: charged ? JSON.stringify(charged) : null,
          updated_at: now,
        });
      }
      return reread(trx, row.id);
    },

    /**
     * A paid booking will cost more (new dates): makes its new payment ready, before the change's
     * transaction, with what paid it before: the same card, charged by the merchant with its stored
     * token (402 PAYMENT_DECLINED if refused), or the same agency's balance. `replace` then swaps them.
     */
    async prepareReplacement(bookingId: string, due: Due): Promise<Prepared | undefined> {
      const row = await payments.ofBooking(db, bookingId);
      if (!row || (row.status !== 'paid' && row.status !== 'partially_refunded')) return undefined;
      if (row.method === 'balance')
        return { method: 'balance', userId: row.user_id, agencyId: row.agency_id! };
      return authorizeCard(
        { userId: row.user_id, agencyId: row.agency_id },
        { gatewayToken: row.gateway_token!, card: JSON.parse(row.card!) as CardSummary },
        due,
      );
    },

    /**
     * In the change's transaction: what is left of the old payment is given back in full and the new one
     * taken for the whole new total, each a ledger transaction of its own.
     */
    async replace(trx: Kysely<Database>, prepared: Prepared, before: Due, after: Due, purpose: Purpose) {
      await this.cancel(trx, before, before.total, purpose, true);
      return this.settle(trx, prepared, after, purpose, true);
    },

    /**
     * A booking (or part of it) is cancelled: money taken is given back to where it came from (`refund`
     * of `sale`, the rest kept as a penalty) with its ledger transaction; money only set aside is
     * released. Answers the payment as it is now, or undefined when there was none.
     */
    async cancel(
      trx: Kysely<Database>,
      sale: Due,
      refund: number,
      purpose: Purpose,
      whole: boolean,
    ): Promise<PaymentSummary | undefined> {
      const row = await payments.ofBooking(trx, purpose.bookingId);
      if (!row) return undefined;
      const now = clock.now().toISOString();
      if (row.status === 'authorized' || row.status === 'pending') {
        await payments.update(trx, row.id, { status: 'voided', updated_at: now });
        if (row.method === 'card') await queue(trx, row.id, 'void', row.amount);
        return summaryOf({ ...row, status: 'voided' });
      }
      if (row.status !== 'paid' && row.status !== 'partially_refunded') return summaryOf(row);
      const charged = chargedOf(row);
      const payee = {
        account: row.method === 'balance' ? agencyAccount(row.agency_id!) : ACCOUNTS.cardClearing,
        currency: charged?.currency ?? row.currency,
      };
      // Cumulative, so refunds of parts add up to exactly what was paid when everything is given back.
      const refundPaid = charged
        ? proportionOfPaid(charged.amount, row.amount, row.refunded_amount + refund) - charged.refunded
        : refund;
      await ledger.post(
        trx,
        {
          kind: 'refund',
          description: purpose.description,
          booking_id: purpose.bookingId,
          product: purpose.product,
          payment_id: row.id,
          exchange_rate: charged ? JSON.stringify(charged.exchange_rate) : null,
          created_by: null,
        },
        refundEntries(payee, refundPaid, sale, refund),
        now,
      );
      if (row.method === 'card' && refund > 0) await queue(trx, row.id, 'refund', refund);
      await payments.update(trx, row.id, {
        status: whole ? 'refunded' : 'partially_refunded',
        refunded_amount: row.refunded_amount + refund,
        exchange_rate: charged
          ? JSON.stringify({ ...charged, refunded: charged.refunded + refundPaid })
          : null,
        updated_at: now,
      });
      return reread(trx, row.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { PaymentRow };
