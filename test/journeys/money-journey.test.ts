import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adult, CONTACT, dayAfter, seedFlights } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

type Call = Awaited<ReturnType<typeof signInOverHttp>>['call'];

/**
 * Money over real HTTP: an admin tops up an agency; its agent pays a flight and a London hotel from the
 * balance; a customer pays by card, has a declined card change nothing, pays a hold later; cancellations
 * give the money back where it came from; the gateway's books and the ledger agree with it all.
 */
describe('paying for bookings, end to end', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedFlights(server);
    await seedHotels(server);
  });
  after(() => server.close());

  let n = 0;
  const book = (call: Call, path: string, body: unknown) =>
    call('POST', path, body, { 'idempotency-key': `money-${++n}` });

  async function cheapestFlight(call: Call, days: number) {
    const res = await call('POST', '/search_flight', {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: dayAfter(server, days) }],
      passengers: { adults: 1 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data[0];
  }

  const flightOrder = (offer: any, extra: Record<string, unknown>) => ({
    offer_id: offer.id,
    passengers: [adult()],
    contact: CONTACT,
    expected_total: { amount: offer.total_amount, currency: offer.total_currency },
    ...extra,
  });

  async function cancel(call: Call, bookingId: string) {
    const quote = await call('POST', '/quote_cancellation', { booking_id: bookingId });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    const done = await call('POST', '/cancel_booking', {
      booking_id: bookingId,
      quote_id: quote.body.quote_id,
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    return { quote: quote.body, booking: done.body };
  }

  it('takes, holds and gives back money through balance and card, and the books add up', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const agent = await signInOverHttp(server, 'agent');
    const customer = await signInOverHttp(server, 'customer');

    // An agency with no money cannot book from its balance, and nothing is booked.
    const empty = await agent.call('GET', '/balance');
    assert.deepEqual([empty.body.balance, empty.body.credit_limit], [0, 0]);
    const agencyId = empty.body.agency_id;
    const offer = await cheapestFlight(agent.call, 20);
    const refused = await book(
      agent.call,
      '/book_flight',
      flightOrder(offer, { payment: { type: 'balance' } }),
    );
    assert.equal(refused.status, 402);
    assert.equal(refused.body.code, 'INSUFFICIENT_FUNDS');
    assert.equal((await agent.call('GET', '/flight_bookings')).body.total_count, 0);

    // Money arrives; the agent books a flight and a hotel in London (GBP) from the EUR balance.
    const topUp = await admin.call('POST', '/top_up_balance', {
      agency_id: agencyId,
      amount: 500_000,
      currency: 'EUR',
      reference: 'SEPA 2026-11-23',
    });
    assert.equal(topUp.status, 200, JSON.stringify(topUp.body));
    assert.equal(topUp.body.account.balance, 500_000);
    const flight = await book(
      agent.call,
      '/book_flight',
      flightOrder(offer, { payment: { type: 'balance' } }),
    );
    assert.equal(flight.status, 201, JSON.stringify(flight.body));
    assert.deepEqual([flight.body.payment.method, flight.body.payment.status], ['balance', 'paid']);
    const search = await agent.call('POST', '/search_hotels', {
      destination: { city_id: LONDON },
      check_in: dayAfter(server, 30),
      check_out: dayAfter(server, 32),
      rooms: [{ adults: 2 }],
      filters: { refundable_only: true },
      sort: 'price',
    });
    const option = search.body.data[0].options[0];
    assert.equal(option.currency, 'GBP');
    const stay = await book(agent.call, '/book_hotel', {
      rate_key: option.rate_key,
      holder: HOLDER,
      rooms: [{ guests: guestsFor({ adults: 2 }) }],
      expected_total: { amount: option.total_amount, currency: 'GBP' },
      payment: { type: 'balance' },
    });
    assert.equal(stay.status, 201, JSON.stringify(stay.body));
    const charged = stay.body.payment.charged;
    assert.equal(charged.currency, 'EUR', 'a GBP stay is paid from the EUR balance at the recorded rate');
    assert.equal(charged.exchange_rate.from, 'GBP');
    const afterSales = await agent.call('GET', '/balance');
    assert.equal(afterSales.body.balance, 500_000 - offer.total_amount - charged.amount);

    // A hold from the balance is debited when confirmed.
    const later = await cheapestFlight(agent.call, 22);
    const hold = await book(
      agent.call,
      '/book_flight',
      flightOrder(later, { type: 'hold', payment: { type: 'balance' } }),
    );
    assert.equal(hold.status, 201, JSON.stringify(hold.body));
    assert.equal(hold.body.payment.status, 'pending');
    assert.equal(
      (await agent.call('GET', '/balance')).body.balance,
      afterSales.body.balance,
      'nothing taken yet',
    );
    const confirmed = await agent.call('POST', '/confirm_booking', { booking_id: hold.body.id });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.equal(confirmed.body.payment.status, 'paid');

    // The customer: a declined card books nothing; a good one pays; a hold is paid later.
    const tokenize = (number: string) =>
      customer.call('POST', '/tokenize_card', { number, exp_month: 11, exp_year: 2030, cvc: '737' });
    const declinedCard = await tokenize('4000000000000002');
    assert.equal(declinedCard.status, 201);
    const customerOffer = await cheapestFlight(customer.call, 25);
    const declined = await book(
      customer.call,
      '/book_flight',
      flightOrder(customerOffer, { payment: { type: 'card', card_token: declinedCard.body.card_token } }),
    );
    assert.equal(declined.status, 402);
    assert.deepEqual(
      [declined.body.code, declined.body.decline_reason],
      ['PAYMENT_DECLINED', 'card_declined'],
    );
    assert.equal(
      (await customer.call('GET', '/flight_bookings')).body.total_count,
      0,
      'a decline books nothing',
    );
    const goodCard = await tokenize('5555555555554444');
    const paid = await book(
      customer.call,
      '/book_flight',
      flightOrder(customerOffer, { payment: { type: 'card', card_token: goodCard.body.card_token } }),
    );
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.deepEqual(paid.body.payment.card, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 11,
      exp_year: 2030,
    });
    const customerHold = await book(
      customer.call,
      '/book_flight',
      flightOrder(await cheapestFlight(customer.call, 26), { type: 'hold' }),
    );
    assert.equal(customerHold.body.payment, null);
    const unpaid = await customer.call('POST', '/confirm_booking', { booking_id: customerHold.body.id });
    assert.equal(unpaid.body.code, 'PAYMENT_REQUIRED');
    const payLater = await customer.call('POST', '/pay_booking', {
      booking_id: customerHold.body.id,
      payment: { type: 'card', card_token: goodCard.body.card_token },
    });
    assert.equal(payLater.status, 200, JSON.stringify(payLater.body));
    assert.deepEqual([payLater.body.status, payLater.body.payment.status], ['confirmed', 'paid']);
    assert.ok(payLater.body.passengers.every((p: any) => p.ticket_number));

    // Cancellations give back to where the money came from, less the penalty.
    const beforeRefund = (await agent.call('GET', '/balance')).body.balance;
    const agentCancel = await cancel(agent.call, flight.body.id);
    assert.equal(
      (await agent.call('GET', '/balance')).body.balance,
      beforeRefund + agentCancel.quote.refund_amount,
      'the refund is back on the balance',
    );
    const stayCancel = await cancel(agent.call, stay.body.id);
    assert.equal(stayCancel.booking.payment.status, 'refunded');
    const cardCancel = await cancel(customer.call, paid.body.id);
    assert.equal(cardCancel.booking.payment.refunded_amount, cardCancel.quote.refund_amount);

    // The gateway does its part: captures and refunds, each once.
    while ((await server.payments.runDue()) > 0);
    const gatewayBooks = await server.storage.db.selectFrom('test_gateway_payments').selectAll().execute();
    const captured = gatewayBooks.filter((g) => g.status === 'captured');
    assert.deepEqual(
      captured.map((g) => g.captured_amount).sort(),
      [paid.body.price.total_amount, payLater.body.price.total_amount].sort(),
    );
    assert.equal(
      captured.reduce((sum, g) => sum + g.refunded_amount, 0),
      cardCancel.quote.refund_amount,
    );

    // The statement: the balance is the sum of its entries, with a running balance on each.
    const statement = await agent.call('GET', '/ledger_entries?limit=100');
    assert.equal(statement.status, 200);
    const entries = statement.body.data;
    assert.deepEqual(
      entries.map((e: any) => e.kind),
      ['top_up', 'sale', 'sale', 'sale', 'refund', 'refund'],
    );
    const final = (await agent.call('GET', '/balance')).body.balance;
    assert.equal(
      entries.reduce((sum: number, e: any) => sum + e.amount, 0),
      final,
    );
    assert.equal(entries[entries.length - 1].balance_after, final);
    const other = await customer.call('GET', '/balance');
    assert.equal(other.status, 403, 'a customer has no balance');

    // The whole ledger balances in every currency.
    const perCurrency = new Map<string, number>();
    for (const s of await server.ledger.sums())
      perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);

    // The sales report adds up to the ledger: its revenue is the revenue accounts' sum, per currency.
    const today = server.clock.now().toISOString().slice(0, 10);
    const report = await admin.call('GET', `/sales_report?from=${today}&to=${today}`);
    assert.equal(report.status, 200, JSON.stringify(report.body));
    const revenueAccounts = new Map<string, number>();
    for (const s of await server.ledger.sums())
      if (['sales', 'taxes_collected', 'refunds', 'penalties'].includes(s.account))
        revenueAccounts.set(s.currency, (revenueAccounts.get(s.currency) ?? 0) + s.total);
    assert.deepEqual(new Map(report.body.totals.map((t: any) => [t.currency, t.revenue])), revenueAccounts);
    // The invoices say the same: invoiced less credited is what the ledger kept, per currency.
    const invoiced = new Map<string, number>();
    for (const i of await server.storage.db.selectFrom('invoices').selectAll().execute())
      invoiced.set(
        i.currency,
        (invoiced.get(i.currency) ?? 0) + (i.kind === 'invoice' ? 1 : -1) * Number(i.total_amount),
      );
    assert.deepEqual(invoiced, revenueAccounts, 'invoices less credit notes = the revenue the ledger holds');
    const line = (body: any, product: string, currency: string) =>
      body.lines.find((l: any) => l.product === product && l.currency === currency);
    const flights = line(report.body, 'flight', 'EUR');
    assert.equal(flights.bookings, 4, 'the agent’s flight and hold, the customer’s two');
    assert.equal(flights.refunds, agentCancel.quote.refund_amount + cardCancel.quote.refund_amount);
    assert.equal(flights.gross - flights.replaced - flights.refunds, flights.revenue);
    assert.deepEqual(
      [line(report.body, 'hotel', 'GBP').bookings, line(report.body, 'hotel', 'GBP').refunds],
      [1, stayCancel.quote.refund_amount],
    );
    const agencyReport = (await agent.call('GET', `/sales_report?from=${today}&to=${today}`)).body;
    assert.equal(agencyReport.agency_id, agencyId);
    assert.equal(line(agencyReport, 'flight', 'EUR').bookings, 2, 'an agent sees its agency’s sales only');
    const csv = await fetch(`${server.baseUrl}/sales_report?from=${today}&to=${today}&format=csv`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    const rows = (await csv.text()).trim().split('\n');
    assert.equal(
      rows[0],
      'from,to,product,currency,bookings,gross,taxes,net,markup,commissions,refunds,replaced,penalties,revenue',
    );
    assert.equal(rows.length, 1 + report.body.lines.length + report.body.totals.length);

    // The agency's statement: brought forward, every entry, carried forward to today's balance.
    const account = await agent.call('GET', `/agency_statement?from=${today}&to=${today}`);
    assert.equal(account.status, 200, JSON.stringify(account.body));
    assert.deepEqual([account.body.opening_balance, account.body.closing_balance], [0, final]);
    assert.equal(account.body.entries.length, entries.length);
    const statementCsv = await fetch(
      `${server.baseUrl}/agency_statement?from=${today}&to=${today}&format=csv`,
      {
        headers: { authorization: `Bearer ${agent.accessToken}` },
      },
    );
    const last = (await statementCsv.text()).trim().split('\n').at(-1)!;
    assert.match(last, /closing_balance/);
    assert.ok(last.endsWith(`,${(final / 100).toFixed(2)},EUR`), last);
  });
});
