import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freshCredentials, postToken } from '../../../../test/helpers/factories.ts';
import {
  bookHotel,
  firstRate,
  hotelBookingBody,
  limitRooms,
  seedHotels,
  stay,
  TEST_CARD,
} from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** Hotel holds: rooms kept unpaid until a deadline, then paid at the price held, cancelled or let go. */
describe('hotel holds', () => {
  let t: TestApp;
  let fields: Record<string, string>;
  const customer = { auth: {} as Record<string, string> };
  /** Signs the same customer in again: the clock moves by hours and days here, past a token's life. */
  async function signInAgain() {
    const token = (await postToken(t, fields)).json().access_token;
    customer.auth = { authorization: `Bearer ${token}` };
  }
  const advance = async (seconds: number) => {
    t.clock.advance(seconds);
    await signInAgain();
  };
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    fields = (await freshCredentials(t)).fields;
    await signInAgain();
  });
  after(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: customer.auth, payload });
  const read = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/booking?id=${id}`, headers: customer.auth })).json();
  const documents = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/booking_documents?booking_id=${id}`,
        headers: customer.auth,
      })
    )
      .json()
      .data.filter((d: { type: string }) => d.type === 'hotel_voucher');

  /** A refundable rate `from` days ahead whose room type has one room left on its two nights. */
  async function lastRoom(from: number) {
    const first = await firstRate(t, customer.auth, stay(t, from, 2, { filters: { refundable_only: true } }));
    await limitRooms(t, first.hotel.id, first.option.room_type.code, from, 2, 1);
    const again = await firstRate(
      t,
      customer.auth,
      stay(t, from, 2, { destination: { hotel_ids: [first.hotel.id] }, filters: { refundable_only: true } }),
      (o) => o.room_type.code === first.option.room_type.code,
    );
    const total = { amount: again.option.total_amount, currency: again.option.currency };
    const body = (extra: Record<string, unknown> = {}) =>
      hotelBookingBody({ rate_key: again.option.rate_key }, [{ adults: 2 }], total, extra);
    return { option: again.option, body };
  }

  const hold = (body: Record<string, unknown>) =>
    bookHotel(t, customer.auth, { ...body, type: 'hold', payment: undefined });

  it('keeps the last room unpaid for a day, sells it to nobody else, and pays it at the price held', async () => {
    const { option, body } = await lastRoom(40);
    const withCard = await bookHotel(t, customer.auth, { ...body(), type: 'hold' });
    assert.equal(withCard.statusCode, 400);
    assert.equal(withCard.json().errors[0].pointer, '/payment');

    const made = await hold(body());
    assert.equal(made.statusCode, 201, made.body);
    const held = made.json();
    const dayLater = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    assert.deepEqual(
      [held.status, held.hold_expires_at, held.payment, held.total_amount],
      ['held', dayLater, null, option.total_amount],
    );
    assert.deepEqual(
      held.rooms.map((r: { status: string }) => r.status),
      ['held'],
    );
    assert.deepEqual(held.allowed_actions, ['pay', 'cancel', 'modify']);
    assert.deepEqual(await documents(held.id), [], 'no voucher for a hold');

    const someoneElse = await bookHotel(t, customer.auth, body());
    assert.equal(someoneElse.statusCode, 409, 'the held room is not sold again');
    assert.equal(someoneElse.json().code, 'NO_AVAILABILITY');

    const found = await post('/search_booking', { product: 'hotel', statuses: ['held'] });
    assert.deepEqual(
      found.json().data.map((b: { id: string }) => b.id),
      [held.id],
    );

    await advance(3_600);
    const paid = await post('/pay_booking', { booking_id: held.id, payment: TEST_CARD });
    assert.equal(paid.statusCode, 200, paid.body);
    const booking = paid.json();
    assert.deepEqual(
      [booking.status, booking.hold_expires_at, booking.payment.status, booking.payment.amount],
      ['confirmed', null, 'paid', option.total_amount],
    );
    assert.deepEqual(
      booking.rooms.map((r: { status: string }) => r.status),
      ['confirmed'],
    );
    assert.deepEqual(
      booking.events.map((e: { type: string }) => e.type),
      ['held', 'confirmed'],
    );
    assert.equal((await documents(held.id)).length, 1, 'the voucher once paid');

    const twice = await post('/pay_booking', { booking_id: held.id, payment: TEST_CARD });
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().code, 'INVALID_STATE_TRANSITION');

    const perCurrency = new Map<string, number>();
    for (const s of await t.ledger.sums())
      perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
  });

  it('lets an unpaid hold expire at its deadline, on the sweep or on a read, giving its room back', async () => {
    const { body } = await lastRoom(50);
    const swept = (await hold(body())).json();
    await advance(24 * 3_600 - 1);
    await t.scheduler.run('hotels.hold_expiry');
    assert.equal((await read(swept.id)).status, 'held', 'kept until the deadline');
    await advance(1);
    await t.scheduler.run('hotels.hold_expiry');
    const expired = await read(swept.id);
    assert.deepEqual(
      [expired.status, expired.rooms[0].status, expired.allowed_actions],
      ['expired', 'expired', []],
    );
    assert.equal(expired.events.at(-1).type, 'expired');
    const late = await post('/pay_booking', { booking_id: swept.id, payment: TEST_CARD });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().booking_status, 'expired');

    // The room is for sale again: held once more, and this time read after its deadline, unswept.
    const { body: again } = await lastRoom(50);
    const second = await hold(again());
    assert.equal(second.statusCode, 201, second.body);
    await advance(24 * 3_600);
    assert.equal((await read(second.json().id)).status, 'expired', 'a read never shows a stale hold');
    const { body: third } = await lastRoom(50);
    const sold = await bookHotel(t, customer.auth, third());
    assert.equal(sold.statusCode, 201, sold.body);
    assert.equal(await t.hotels.expireDueHolds(), 0, 'each hold expires once');
  });

  it('cancels a hold for nothing and gives its room back', async () => {
    const { body } = await lastRoom(60);
    const held = (await hold(body())).json();
    const quote = (await post('/quote_cancellation', { booking_id: held.id })).json();
    assert.deepEqual([quote.refund_amount, quote.penalty_amount], [0, 0]);
    const cancelled = await post('/cancel_booking', { booking_id: held.id, quote_id: quote.quote_id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual([cancelled.json().status, cancelled.json().payment], ['cancelled', null]);
    assert.deepEqual(await documents(held.id), [], 'never paid, never a voucher');
    const { body: next } = await lastRoom(60);
    assert.equal((await bookHotel(t, customer.auth, next())).statusCode, 201);
  });

  it('holds a non-refundable rate only until three days before arrival, and not at all closer', async () => {
    const far = await firstRate(t, customer.auth, stay(t, 30, 2), (o) => !o.cancellation.refundable);
    const farTotal = { amount: far.option.total_amount, currency: far.option.currency };
    const farHold = await hold(
      hotelBookingBody({ rate_key: far.option.rate_key }, [{ adults: 2 }], farTotal),
    );
    assert.equal(farHold.statusCode, 201, farHold.body);
    const dayLater = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    assert.equal(farHold.json().hold_expires_at, dayLater);

    const near = await firstRate(t, customer.auth, stay(t, 3, 2), (o) => !o.cancellation.refundable);
    const total = { amount: near.option.total_amount, currency: near.option.currency };
    const refused = await hold(hotelBookingBody({ rate_key: near.option.rate_key }, [{ adults: 2 }], total));
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().errors[0].pointer, '/type');
    assert.match(refused.json().errors[0].detail, /book it instant/);
  });
});
