import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adult, CONTACT, dayAfter, seedFlights } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

type Call = Awaited<ReturnType<typeof signInOverHttp>>['call'];

/** `amount × percent`, rounded half away from zero, as the pricing rules round (amounts here are positive). */
const share = (amount: number, percent: number) => Math.round((amount * percent * 100) / 10_000);

/** The same flights in the same brand, whoever searched. */
const offerKey = (o: any) =>
  `${o.brand} ${o.slices.map((s: any) => s.segments.map((g: any) => `${g.flight_id}@${g.departure_date}`).join('+')).join(' ')}`;

/**
 * Pricing rules over real HTTP: an admin sets a markup for everyone, a better one with a commission for
 * agencies and one for London hotels; customers see selling prices only, agents the net, markup and
 * commission; an agency booking earns its commission on its balance and gives back the part a refund
 * takes; the sales report's net, markup and commissions are the ledger's.
 */
describe('pricing rules, end to end', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedFlights(server);
    await seedHotels(server);
  });
  after(() => server.close());

  let n = 0;
  const book = (call: Call, path: string, body: unknown) =>
    call('POST', path, body, { 'idempotency-key': `pricing-${++n}` });

  const searchFlights = async (call: Call) => {
    const res = await call('POST', '/search_flight', {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: dayAfter(server, 20) }],
      passengers: { adults: 2 },
      limit: 50,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return new Map<string, any>(res.body.data.map((o: any) => [offerKey(o), o]));
  };
  const searchLondon = async (call: Call) => {
    const res = await call('POST', '/search_hotels', {
      destination: { city_id: LONDON },
      check_in: dayAfter(server, 30),
      check_out: dayAfter(server, 33),
      rooms: [{ adults: 2 }],
      limit: 50,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const options = new Map<string, any>();
    for (const h of res.body.data)
      for (const o of h.options)
        options.set(`${h.hotel.id} ${o.room_type.code} ${o.rate_plan.code}`, { ...o, hotel: h.hotel });
    return options;
  };

  it('sells at the rule’s price, shows the trade terms to agents only, and books them into the ledger', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const agent = await signInOverHttp(server, 'agent');
    const customer = await signInOverHttp(server, 'customer');
    const agencyId = (await agent.call('GET', '/balance')).body.agency_id;

    // Before any rule, everyone is offered the net.
    const netFlights = await searchFlights(customer.call);
    const netStays = await searchLondon(customer.call);
    assert.ok(netFlights.size > 0 && netStays.size > 0);
    const fareCurrency = [...netFlights.values()][0].total_currency;

    // Rules are admin business, and checked.
    const rule = (body: unknown) => admin.call('POST', '/create_pricing_rule', body);
    assert.equal((await agent.call('POST', '/create_pricing_rule', { name: 'x' })).status, 403);
    const bad = await rule({ name: 'bad', scope: { carrier: 'BA' }, markup_percent: 1.234 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: any) => e.pointer).sort(), [
      '/markup_percent',
      '/scope/carrier',
    ]);
    const noAgency = await rule({ name: 'ghost', scope: { agency_id: 'agy_none' }, markup_percent: 1 });
    assert.equal(noAgency.status, 400);
    assert.equal(noAgency.body.errors[0].pointer, '/scope/agency_id');
    const everyone = await rule({
      name: 'flights for everyone',
      scope: { product: 'flight' },
      markup_percent: 10,
      markup_fixed: { amount: 500, currency: fareCurrency },
    });
    assert.equal(everyone.status, 200, JSON.stringify(everyone.body));
    const agencies = await rule({
      name: 'flights for agencies',
      scope: { product: 'flight', channel: 'agency' },
      markup_percent: 8,
      commission_percent: 5,
    });
    const london = await rule({
      name: 'London hotels',
      scope: { product: 'hotel', city_id: LONDON },
      markup_percent: 12,
      commission_percent: 4,
    });
    assert.equal(london.status, 200, JSON.stringify(london.body));
    assert.equal(london.body.markup_percent, 12);

    // A customer sees the selling price (each passenger's base fare marked up), never the terms.
    const forCustomer = await searchFlights(customer.call);
    for (const [key, net] of netFlights) {
      const sold = forCustomer.get(key);
      assert.ok(sold, `${key} is still offered`);
      assert.equal(sold.pricing, undefined);
      const adultNet = net.passengers[0];
      const adultBase = adultNet.base_amount + share(adultNet.base_amount, 10) + 500;
      assert.equal(sold.passengers[0].base_amount, adultBase);
      assert.equal(sold.tax_amount, net.tax_amount, 'taxes are not marked up');
      assert.equal(sold.total_amount, 2 * adultBase + net.tax_amount);
    }

    // An agent is offered the agency rule's price, with the net, markup and commission.
    const forAgent = await searchFlights(agent.call);
    // A refundable fare, so a cancellation gives something back.
    const [key, net] = [...netFlights.entries()].find(([, o]) => o.conditions.refund.allowed)!;
    const offer = forAgent.get(key);
    const base = 2 * (net.passengers[0].base_amount + share(net.passengers[0].base_amount, 8));
    assert.deepEqual(offer.pricing, {
      rule_id: agencies.body.id,
      rule_version: 1,
      net_amount: net.total_amount,
      markup_amount: offer.total_amount - net.total_amount,
      commission_amount: share(base, 5),
    });
    assert.equal(offer.total_amount, base + net.tax_amount);

    // The agent books from its balance: debited the selling price, credited the commission.
    await admin.call('POST', '/top_up_balance', {
      agency_id: agencyId,
      amount: 1_000_000,
      currency: fareCurrency,
      reference: 'pricing',
    });
    const flight = await book(agent.call, '/book_flight', {
      offer_id: offer.id,
      passengers: [adult(0), adult(1)],
      contact: CONTACT,
      expected_total: { amount: offer.total_amount, currency: offer.total_currency },
      payment: { type: 'balance' },
    });
    assert.equal(flight.status, 201, JSON.stringify(flight.body));
    assert.deepEqual(flight.body.pricing, offer.pricing, 'the booking records the rule and the amounts');
    const commission = offer.pricing.commission_amount;
    assert.equal(
      (await agent.call('GET', '/balance')).body.balance,
      1_000_000 - offer.total_amount + commission,
    );

    // A customer's booking of the same flights pays the customer price and shows no terms.
    const customerOffer = forCustomer.get(key);
    const customerFlight = await book(customer.call, '/book_flight', {
      offer_id: customerOffer.id,
      passengers: [adult(2), adult(3)],
      contact: CONTACT,
      expected_total: { amount: customerOffer.total_amount, currency: customerOffer.total_currency },
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    assert.equal(customerFlight.status, 201, JSON.stringify(customerFlight.body));
    assert.equal(customerFlight.body.pricing, undefined);
    assert.equal(customerFlight.body.price.total_amount, customerOffer.total_amount);

    // London stays: every night marked up 12 %, the agent's commission 4 % of the price before VAT.
    const stays = await searchLondon(agent.call);
    const [stayKey, netStay] = [...netStays.entries()].find(([, o]) => o.payment_type === 'pay_now')!;
    const option = stays.get(stayKey);
    const nights = netStay.nightly.map((x: any) => x.amount + share(x.amount, 12));
    assert.deepEqual(
      option.nightly.map((x: any) => x.amount),
      nights,
    );
    const stayTotal = nights.reduce((a: number, b: number) => a + b, 0);
    assert.equal(option.total_amount, stayTotal);
    assert.deepEqual(option.pricing, {
      rule_id: london.body.id,
      rule_version: 1,
      net_amount: netStay.total_amount,
      markup_amount: stayTotal - netStay.total_amount,
      commission_amount: share(stayTotal - option.tax_included_amount, 4),
    });
    const checked = await agent.call('POST', '/check_rate', { rate_key: option.rate_key });
    assert.equal(checked.body.status, 'available', 'the rate check prices as the search did');
    assert.deepEqual(checked.body.quote.pricing, option.pricing);
    const customerCheck = await customer.call('POST', '/check_rate', {
      rate_key: (await searchLondon(customer.call)).get(stayKey).rate_key,
    });
    assert.equal(customerCheck.body.quote.pricing, undefined);
    const stay = await book(agent.call, '/book_hotel', {
      quote_id: checked.body.quote.quote_id,
      holder: HOLDER,
      rooms: [{ guests: guestsFor({ adults: 2 }) }],
      expected_total: { amount: option.total_amount, currency: option.currency },
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    assert.equal(stay.status, 201, JSON.stringify(stay.body));
    assert.deepEqual(stay.body.pricing, option.pricing);

    // Cancelling gives back the refund and takes back the commission on what was refunded.
    const beforeCancel = (await agent.call('GET', '/balance')).body.balance;
    const quote = await agent.call('POST', '/quote_cancellation', { booking_id: flight.body.id });
    const refund = quote.body.refund_amount;
    const cancelled = await agent.call('POST', '/cancel_booking', {
      booking_id: flight.body.id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    const takenBack = Math.round((commission * refund) / offer.total_amount);
    assert.equal((await agent.call('GET', '/balance')).body.balance, beforeCancel + refund - takenBack);

    // The ledger balances; the report's parts are its accounts.
    const sums = await server.ledger.sums();
    const perCurrency = new Map<string, number>();
    for (const s of sums) perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
    const today = server.clock.now().toISOString().slice(0, 10);
    const report = (await admin.call('GET', `/sales_report?from=${today}&to=${today}`)).body;
    const line = (product: string, currency: string) =>
      report.lines.find((l: any) => l.product === product && l.currency === currency);
    const flights = line('flight', fareCurrency);
    assert.equal(
      flights.markup,
      offer.pricing.markup_amount + (customerOffer.total_amount - net.total_amount),
    );
    assert.equal(flights.commissions, commission - takenBack);
    assert.equal(flights.net + flights.markup + flights.taxes, flights.gross);
    const hotels = line('hotel', option.currency);
    assert.deepEqual(
      [hotels.markup, hotels.commissions],
      [option.pricing.markup_amount, option.pricing.commission_amount],
    );
    const account = (name: string, currency: string) =>
      sums.filter((s) => s.account === name && s.currency === currency).reduce((a, s) => a + s.total, 0);
    assert.equal(
      flights.markup + (hotels.currency === fareCurrency ? hotels.markup : 0),
      account('markups', fareCurrency),
    );
    const statement = (await agent.call('GET', '/ledger_entries?limit=100')).body.data;
    assert.deepEqual(
      statement.map((e: any) => e.kind),
      ['top_up', 'sale', 'commission', 'commission', 'refund', 'commission'],
      'the stay, paid by card, still earns the agency its commission',
    );

    // An edit bumps the version; a retired rule prices nothing and stays readable.
    const edited = await admin.call('POST', '/update_pricing_rule', {
      id: agencies.body.id,
      expected_version: 1,
      name: 'flights for agencies',
      scope: { product: 'flight', channel: 'agency' },
      markup_percent: 9,
      commission_percent: 5,
    });
    assert.equal(edited.body.version, 2);
    const stale = await admin.call('POST', '/update_pricing_rule', {
      id: agencies.body.id,
      expected_version: 1,
      name: 'late',
    });
    assert.equal(stale.status, 412);
    assert.equal((await admin.call('POST', '/retire_pricing_rule', { id: everyone.body.id })).status, 200);
    const retiredAgain = await admin.call('POST', '/retire_pricing_rule', { id: everyone.body.id });
    assert.equal(retiredAgain.status, 404, 'a retired rule cannot be retired or edited again');
    const editRetired = await admin.call('POST', '/update_pricing_rule', {
      id: everyone.body.id,
      name: 'back',
    });
    assert.equal(editRetired.status, 404);
    const atNet = await searchFlights(customer.call);
    const again = atNet.get(key);
    assert.equal(again.total_amount, net.total_amount, 'no rule for customers: the net');
    const listed = (await admin.call('GET', '/pricing_rules')).body.data.map((r: any) => r.name);
    assert.deepEqual(listed, ['flights for agencies', 'London hotels']);
    const all = (await admin.call('GET', '/pricing_rules?include_retired=true')).body.data;
    assert.equal(all.length, 3);
  });
});
