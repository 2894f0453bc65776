import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { TEST_TOKENS } from './test-cards.ts';

describe('card payments', () => {
  let t: TestApp;
  const logged: string[] = [];
  before(async () => {
    t = await buildTestApp({ logTo: { write: (line) => logged.push(line) } });
    await seedFlights(t);
  });
  after(() => t.close());

  const tokenize = (auth: Record<string, string>, card: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/tokenize_card', headers: auth, payload: card });
  const card = (number: string, extra: Record<string, unknown> = {}) => ({
    number,
    exp_month: 3,
    exp_year: 2029,
    cvc: '123',
    ...extra,
  });

  it('tokenizes only valid test cards, keeps brand, last four and expiry, and never logs the number', async () => {
    const customer = await signIn(t);
    const made = await tokenize(customer.auth, card('4242424242424242'));
    assert.equal(made.statusCode, 201, made.body);
    const { card_token, expires_at, ...shown } = made.json() as Record<string, unknown>;
    assert.match(String(card_token), /^ctk_/);
    assert.ok(Date.parse(String(expires_at)) > t.clock.now().getTime());
    assert.deepEqual(shown, { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2029 });
    const refusals = [
      [card('4242424242424241'), '/number'], // checksum
      [card('4111111111111111'), '/number'], // a real-looking card, not a test card
      [card('4242424242424242', { exp_year: 2026, exp_month: 10 }), '/exp_year'], // before the clock's month
      [card('378282246310005', { cvc: '123' }), '/cvc'], // Amex takes four digits
    ] as const;
    for (const [body, pointer] of refusals) {
      const res = await tokenize(customer.auth, body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(res.json().errors[0].pointer, pointer);
    }
    const stored = await t.storage.db.selectFrom('card_tokens').selectAll().execute();
    for (const number of ['4242424242424242', '4242424242424241', '4111111111111111', '378282246310005']) {
      assert.ok(!JSON.stringify(stored).includes(number), 'no number stored');
      assert.ok(!logged.some((line) => line.includes(number)), `${number} appears in no log line`);
    }
    assert.ok(logged.length > 0, 'the requests were logged');
  });

  it('refuses another user’s token, and each declining test card with its reason, booking nothing', async () => {
    const owner = await signIn(t);
    const thief = await signIn(t);
    const offer = await firstOffer(t, thief.auth, searchBody(t, [['LHR', 'CDG', 12]]));
    const token = (await tokenize(owner.auth, card('4242424242424242'))).json().card_token;
    const stolen = await bookFlight(
      t,
      thief.auth,
      bookingBody(offer, undefined, { payment: { type: 'card', card_token: token } }),
    );
    assert.equal(stolen.statusCode, 400);
    assert.equal(stolen.json().errors[0].pointer, '/payment/card_token');
    const reasons: Record<string, string> = {
      tok_declined: 'card_declined',
      tok_insufficient_funds: 'insufficient_funds',
      tok_expired: 'expired_card',
      tok_timeout: 'processing_timeout',
    };
    for (const [testToken, reason] of Object.entries(reasons)) {
      assert.ok(testToken in TEST_TOKENS);
      const res = await bookFlight(
        t,
        thief.auth,
        bookingBody(offer, undefined, { payment: { type: 'card', card_token: testToken } }),
      );
      assert.equal(res.statusCode, 402, res.body);
      assert.deepEqual([res.json().code, res.json().decline_reason], ['PAYMENT_DECLINED', reason]);
    }
    const mine = await t.app.inject({ method: 'GET', url: '/flight_bookings', headers: thief.auth });
    assert.equal(mine.json().total_count, 0);
    // The timeout may have left an authorization at the gateway: it is voided, nothing is captured.
    while ((await t.payments.runDue()) > 0);
    const charges = await t.storage.db.selectFrom('test_gateway_payments').selectAll().execute();
    assert.deepEqual(
      charges.filter((c) => c.status !== 'voided').map((c) => c.status),
      [],
      'no authorization or capture without a booking',
    );
  });

  it('refuses a balance payment from a customer, a second payment for a hold and a missing booking, changing nothing', async () => {
    const customer = await signIn(t);
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'CDG', 16]]));
    const fromBalance = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, undefined, { payment: { type: 'balance' } }),
    );
    assert.equal(fromBalance.statusCode, 400);
    assert.equal(fromBalance.json().errors[0].pointer, '/payment/type');
    const unpaid = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, undefined, { type: 'instant', payment: undefined }),
    );
    assert.equal(unpaid.statusCode, 400, 'an instant booking is paid');
    assert.equal(unpaid.json().errors[0].pointer, '/payment');
    const hold = (await bookFlight(t, customer.auth, bookingBody(offer, undefined, { type: 'hold' }))).json();
    assert.equal(hold.payment.status, 'authorized');
    const again = await t.app.inject({
      method: 'POST',
      url: '/pay_booking',
      headers: customer.auth,
      payload: { booking_id: hold.id, payment: { type: 'card', card_token: 'tok_mastercard' } },
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'CONFLICT');
    const hotelId = await t.app.inject({
      method: 'POST',
      url: '/pay_booking',
      headers: customer.auth,
      payload: { booking_id: 'hbk_0000000000000000', payment: { type: 'card', card_token: 'tok_visa' } },
    });
    assert.equal(hotelId.statusCode, 404, 'a hotel booking that is not there, like any other');
    assert.equal(hotelId.json().code, 'NOT_FOUND');
    const read = (
      await t.app.inject({ method: 'GET', url: `/booking?id=${hold.id}`, headers: customer.auth })
    ).json();
    assert.deepEqual(
      [read.status, read.payment.status, read.payment.card.last4],
      ['held', 'authorized', '4242'],
    );
    const authorizations = await t.storage.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', customer.user.id)
      .execute();
    assert.deepEqual(
      authorizations.map((p) => p.status),
      ['authorized'],
      'the refused second card was never authorized',
    );
  });

  it('voids an authorization whose booking never committed once it is old enough', async () => {
    const customer = await signIn(t);
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'CDG', 14]]));
    // A crash between authorizing and committing is what a payment made ready and never settled looks like.
    const prepared = await t.payments.service.prepare(
      { userId: customer.user.id, agencyId: null } as never,
      { type: 'card', card_token: 'tok_visa' },
      { total: offer.total_amount, tax: 0, currency: offer.total_currency },
    );
    if (prepared.method !== 'card') throw new Error('a card payment was prepared');
    const authorized = async () =>
      (
        await t.storage.db
          .selectFrom('test_gateway_payments')
          .select('id')
          .where('idempotency_key', '=', prepared.paymentId)
          .where('status', '=', 'authorized')
          .execute()
      ).length;
    assert.equal(await authorized(), 1);
    await t.payments.runDue();
    assert.equal(await authorized(), 1, 'too young to be an orphan: its booking may still commit');
    t.clock.advance(t.config.payments.orphanAfterMs / 1000 + 1);
    while ((await t.payments.runDue()) > 0);
    assert.equal(await authorized(), 0);
  });
});
