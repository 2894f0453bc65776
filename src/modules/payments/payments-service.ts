import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Principal } from '../auth/index.ts';
import { ACCOUNTS, agencyAccount, type LedgerRepository, proportionOfPaid } from '../ledger/index.ts';
import type { RateTable } from '../money/index.ts';
import { createCardAuthorizations } from './card-authorizations.ts';
import type { CardTokensRepository } from './card-tokens-repository.ts';
import type { PaymentGateway } from './gateway.ts';
import { createOperationQueue } from './operation-queue.ts';
import { cardOf, chargedColumn, chargedOf } from './payment-codec.ts';
import { type PaymentSummary, summaryOf } from './payment-summary.ts';
import type { Billing, CardGuarantee, Due, PaymentInput, Prepared, Purpose } from './payment-types.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import { createSalePostings } from './sale-postings.ts';

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
  rates: () => RateTable;
  clock: Clock;
  ids: IdGenerator;
  billing: Billing;
}) {
  const { db, payments, clock, ids } = deps;
  const queue = createOperationQueue({ payments, clock, ids });
  const cards = createCardAuthorizations({ ...deps, queue });
  const postings = createSalePostings(deps);

  async function reread(trx: Kysely<Database>, id: string): Promise<PaymentSummary> {
    return summaryOf((await payments.find(trx, id))!);
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
      const card = await cards.resolve(principal, input.card_token, `${pointer}/card_token`);
      return cards.authorize(principal, card, due);
    },

    /**
     * A card of the caller's kept as a guarantee: resolved from its token (400 at `pointer` when it is not
     * one of theirs that is still valid), nothing authorized or taken.
     */
    async guarantee(principal: Principal, cardToken: string, pointer: string): Promise<CardGuarantee> {
      const { gatewayToken, card } = await cards.resolve(principal, cardToken, pointer);
      return {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
        gateway: deps.gateway.name,
        gateway_token: gatewayToken,
      };
    },

    /**
     * Makes a charge to a guarantee card ready (the merchant's charge, card holder absent): authorized for
     * `due` like any card payment (402 PAYMENT_DECLINED when refused), then settled in the transaction
     * that records why it was taken. 409 when the card was kept by another payment provider.
     */
    async prepareGuaranteeCharge(
      payer: { userId: string; agencyId: string | null },
      guarantee: CardGuarantee,
      due: Due,
    ): Promise<Prepared> {
      if (guarantee.gateway !== deps.gateway.name)
        throw new AppError(
          'CONFLICT',
          `The guarantee card was kept by ${guarantee.gateway}, not ${deps.gateway.name}; charge it there`,
        );
      return cards.authorize(payer, { gatewayToken: guarantee.gateway_token, card: guarantee.card }, due);
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
          await postings.cardSale(trx, due, purpose, prepared.paymentId);
          await deps.billing.invoice(trx, { purpose, due, paymentId: prepared.paymentId });
        }
        return reread(trx, prepared.paymentId);
      }
      const paymentId = ids.ordered('pay');
      const charged = capture
        ? await postings.agencySale(trx, prepared.agencyId, due, purpose, paymentId)
        : null;
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
        exchange_rate: chargedColumn(charged),
        failure: null,
        created_at: now,
        updated_at: now,
      });
      if (capture) await deps.billing.invoice(trx, { purpose, due, paymentId });
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
        await postings.cardSale(trx, due, purpose, row.id);
        await payments.update(trx, row.id, { status: 'paid', paid_amount: row.amount, updated_at: now });
      } else {
        const charged = await postings.agencySale(trx, row.agency_id!, due, purpose, row.id);
        await payments.update(trx, row.id, {
          status: 'paid',
          paid_amount: row.amount,
          exchange_rate: chargedColumn(charged),
          updated_at: now,
        });
      }
      await deps.billing.invoice(trx, { purpose, due, paymentId: row.id });
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
      return cards.authorize(
        { userId: row.user_id, agencyId: row.agency_id },
        { gatewayToken: row.gateway_token!, card: cardOf(row)! },
        due,
      );
    },

    /**
     * In the change's transaction: what is left of the old payment is given back in full and the new one
     * taken for the whole new total, each a ledger transaction of its own.
     */
    async replace(trx: Kysely<Database>, prepared: Prepared, before: Due, after: Due, purpose: Purpose) {
      await this.cancel(trx, before, before.total, purpose, 'replacement');
      return this.settle(trx, prepared, after, purpose, true);
    },

    /**
     * A paid sale's new price, in the change's transaction: a dearer one swaps the payment for one of the
     * new total (made ready before with `prepareReplacement`: `more`); a cheaper one gives the difference
     * back as a refund, with the taxes and the commission it no longer holds; an equal one moves nothing.
     * Answers the payment as it is now when it moved.
     */
    async reprice(
      trx: Kysely<Database>,
      before: Due,
      after: Due,
      purpose: Purpose,
      more: Prepared | undefined,
    ): Promise<PaymentSummary | undefined> {
      if (more) return this.replace(trx, more, before, after, purpose);
      if (after.total >= before.total) return undefined;
      const difference = before.total - after.total;
      return this.cancel(
        trx,
        {
          total: difference,
          tax: Math.min(Math.max(before.tax - after.tax, 0), difference),
          currency: before.currency,
          // The agency gives back the commission the cheaper sale no longer earns.
          commission: Math.max((before.commission ?? 0) - (after.commission ?? 0), 0),
        },
        difference,
        purpose,
      );
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
      /** `replacement`: given back because a new payment replaces it, not a refund to the traveller. */
      kind: 'refund' | 'replacement' = 'refund',
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
      await postings.refund(trx, payee, refundPaid, sale, refund, purpose, row.id, charged, kind);
      if (refund > 0) await deps.billing.credit(trx, { purpose, sale, amount: refund, paymentId: row.id });
      if (row.method === 'card' && refund > 0) await queue(trx, row.id, 'refund', refund);
      // The payment's status says what became of its money, whatever became of the booking: a
      // non-refundable cancellation keeps it all (still `paid`), a penalty keeps part of it.
      const refunded = row.refunded_amount + refund;
      await payments.update(trx, row.id, {
        status: refunded === 0 ? 'paid' : refunded >= row.amount ? 'refunded' : 'partially_refunded',
        refunded_amount: refunded,
        exchange_rate: charged
          ? chargedColumn({ ...charged, refunded: charged.refunded + refundPaid })
          : null,
        updated_at: now,
      });
      return reread(trx, row.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
