import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { checkCard } from './card-check.ts';
import { type Authorization, type CardDetails, InvalidCard, type PaymentGateway } from './gateway.ts';
import { behaviourOf, TEST_CARDS, TEST_TOKENS, type TestBehaviour, testTokenCard } from './test-cards.ts';

/**
 * The built-in `test` gateway: behaves like a card provider in test mode and keeps its own books (the
 * `test_gateway_*` tables, written outside Itinera's transactions, as a provider's would be), so tests and
 * the demo can check that every capture has its booking. The documented test card decides the outcome;
 * `processing_timeout` authorizes and then reports a timeout, as a real timeout may have done.
 */
export function createTestGateway(deps: {
  db: Kysely<Database>;
  clock: Clock;
  ids: IdGenerator;
}): PaymentGateway {
  const { db, clock, ids } = deps;

  function behaviourFor(token: string): TestBehaviour | undefined {
    const number = TEST_TOKENS[token];
    return number ? TEST_CARDS[number]!.behaviour : behaviourOf(token);
  }

  async function find(ref: string) {
    const row = await db
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('id', '=', ref)
      .executeTakeFirst();
    if (!row) throw new Error(`test gateway: no payment ${ref}`);
    return row;
  }

  return {
    name: 'test',

    async tokenize(card: CardDetails) {
      const { brand } = checkCard(card, clock.now());
      const test = TEST_CARDS[card.number];
      if (!test)
        throw new InvalidCard(
          '/number',
          'is not one of the test gateway’s cards (docs/payments.md lists them)',
        );
      return {
        token: ids.next(`tgw_${test.behaviour}`),
        card: { brand, last4: card.number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year },
      };
    },

    knownToken: testTokenCard,

    async authorize({ token, amount, currency, idempotencyKey }): Promise<Authorization> {
      const behaviour = behaviourFor(token);
      if (!behaviour) return { ok: false, reason: 'card_declined' };
      if (behaviour !== 'approve' && behaviour !== 'processing_timeout')
        return { ok: false, reason: behaviour };
      await db
        .insertInto('test_gateway_payments')
        .values({
          id: ids.next('tgp'),
          idempotency_key: idempotencyKey,
          amount,
          currency,
          status: 'authorized',
          captured_amount: 0,
          refunded_amount: 0,
          created_at: clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      if (behaviour === 'processing_timeout') return { ok: false, reason: 'processing_timeout' };
      const row = await db
        .selectFrom('test_gateway_payments')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      return { ok: true, ref: row.id };
    },

    async capture(ref, amount) {
      const row = await find(ref);
      if (row.status === 'captured') return;
      if (row.status !== 'authorized' || amount > row.amount)
        throw new Error(`test gateway: cannot capture ${amount} of ${ref} (${row.status})`);
      await db
        .updateTable('test_gateway_payments')
        .set({ status: 'captured', captured_amount: amount })
        .where('id', '=', ref)
        .where('status', '=', 'authorized')
        .execute();
    },

    async void(authorizationKey) {
      await db
        .updateTable('test_gateway_payments')
        .set({ status: 'voided' })
        .where('idempotency_key', '=', authorizationKey)
        .where('status', '=', 'authorized')
        .execute();
    },

    async refund(ref, amount, idempotencyKey) {
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .selectFrom('test_gateway_refunds')
          .select('payment_id')
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (done) return;
        const row = await trx
          .selectFrom('test_gateway_payments')
          .selectAll()
          .where('id', '=', ref)
          .executeTakeFirst();
        if (row?.status !== 'captured' || row.refunded_amount + amount > row.captured_amount)
          throw new Error(`test gateway: cannot refund ${amount} of ${ref}`);
        await trx
          .insertInto('test_gateway_refunds')
          .values({
            idempotency_key: idempotencyKey,
            payment_id: ref,
            amount,
            created_at: clock.now().toISOString(),
          })
          .execute();
        await trx
          .updateTable('test_gateway_payments')
          .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount) }))
          .where('id', '=', ref)
          .execute();
      });
    },
  };
}
