import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
} from '../../../test/helpers/flights.ts';
import { pdfText } from '../../../test/helpers/pdf.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const FARE = 40_000;
const TAX = 9_000;
const PENALTY = 5_000;

/**
 * Invoices as the money moves: one per sale paid, a credit note correcting it when the sale is
 * cancelled or its payment replaced, an invoice for what a cancellation keeps; numbered per kind and
 * year with no gap, seller and buyer as they were; readable as PDF in English and German.
 */
describe('invoices and credit notes', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    t = await buildTestApp({
      env: {
        SELLER_NAME: 'Reisewelt GmbH',
        SELLER_ADDRESS: 'Hauptstraße 1, 10115 Berlin, DE',
        SELLER_VAT_ID: 'DE123456789',
        SELLER_TIME_ZONE: 'Europe/Berlin',
      },
    });
    const fare = fareRecord('BA', ['LHR', 'JFK'], 'standard', {
      adult: FARE,
      child: FARE,
      tax: TAX,
      change: { allowed: true, penalty: PENALTY },
      refund: { allowed: true, penalty: PENALTY },
    });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 117, ['LHR', 'JFK'], '08:25', 480),
        scheduleRecord(t, 'BA', 177, ['LHR', 'JFK'], '18:00', 480),
      ],
      fares: [fare],
    });
    await t.flights.refreshNetwork();
    customer = await signIn(t);
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = customer.auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  let key = 0;
  const keyed = (url: string, payload: object, headers: Record<string, string> = customer.auth) =>
    post(url, payload, { ...headers, 'idempotency-key': `invoices-${++key}` });
  const invoicesOf = async (bookingId: string, headers = customer.auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/invoices?booking_id=${bookingId}`, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as any[];
  };
  const book = async (days: number, flight = 'BA117', headers = customer.auth) => {
    const found = await post('/search_flight', searchBody(t, [['LHR', 'JFK', days]], { limit: 50 }), headers);
    const offer = found.json().data.find((o: any) => o.slices[0].segments[0].flight_number === flight);
    const res = await bookFlight(t, headers, bookingBody(offer));
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const year = () => t.clock.now().toISOString().slice(0, 4);

  it('invoices a paid booking once: seller, buyer, total and the taxes in it, as PDF in two languages', async () => {
    const booking = await book(10);
    const [invoice, ...rest] = await invoicesOf(booking.id);
    assert.equal(rest.length, 0);
    assert.match(invoice.number, new RegExp(`^INV-${year()}-\\d{6}$`));
    assert.equal(invoice.kind, 'invoice');
    assert.equal(invoice.total_amount, booking.price.total_amount);
    assert.equal(invoice.tax_amount, TAX);
    assert.equal(invoice.currency, 'GBP');
    assert.equal(invoice.payment_id, booking.payment.id);
    assert.deepEqual(invoice.seller, {
      name: 'Reisewelt GmbH',
      address: 'Hauptstraße 1, 10115 Berlin, DE',
      vat_id: 'DE123456789',
    });
    assert.equal(invoice.buyer.name, customer.user.username);
    assert.equal(invoice.description, `Flight booking ${booking.reference}`);

    const english = await t.app.inject({ method: 'GET', url: invoice.pdf_url, headers: customer.auth });
    assert.equal(english.statusCode, 200);
    assert.equal(english.headers['content-type'], 'application/pdf');
    const text = await pdfText(english.rawPayload);
    for (const expected of [
      `Invoice ${invoice.number}`,
      'Reisewelt GmbH',
      'VAT id: DE123456789',
      customer.user.username,
      `Flight booking ${booking.reference}`,
      'GBP 490.00',
      'GBP 90.00',
      'Margin scheme',
    ])
      assert.ok(text.includes(expected), `“${expected}” in: ${text}`);
    const german = await t.app.inject({
      method: 'GET',
      url: invoice.pdf_url,
      headers: { ...customer.auth, 'accept-language': 'de-AT,de;q=0.9' },
    });
    const deText = await pdfText(german.rawPayload);
    for (const expected of [`Rechnung ${invoice.number}`, 'USt-IdNr.: DE123456789', 'Hauptstraße', '490,00'])
      assert.ok(deText.includes(expected), `“${expected}” in: ${deText}`);
  });

  it('credits the old sale and invoices the new one when a change replaces the payment', async () => {
    const booking = await book(20);
    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 22) }],
    });
    const option = found.json().data.find((o: any) => o.slices[0].segments[0].flight_number === 'BA177');
    const changed = await keyed('/change_booking', {
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: 'GBP' },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const docs = await invoicesOf(booking.id);
    assert.deepEqual(
      docs.map((d) => [d.kind, d.total_amount]),
      [
        ['invoice', booking.price.total_amount],
        ['credit_note', booking.price.total_amount],
        ['invoice', changed.json().price.total_amount],
      ],
    );
    assert.equal(docs[1].corrects, docs[0].number);
    assert.match(docs[1].number, new RegExp(`^CN-${year()}-\\d{6}$`));
  });

  it('credits a cancelled sale and invoices the penalty kept, adding up to what was kept', async () => {
    const booking = await book(25);
    const quote = await post('/quote_cancellation', { booking_id: booking.id });
    const done = await keyed('/cancel_booking', { booking_id: booking.id, quote_id: quote.json().quote_id });
    assert.equal(done.statusCode, 200, done.body);
    const docs = await invoicesOf(booking.id);
    assert.deepEqual(
      docs.map((d) => [d.kind, d.total_amount]),
      [
        ['invoice', booking.price.total_amount],
        ['credit_note', booking.price.total_amount],
        ['invoice', PENALTY],
      ],
    );
    const net = docs.reduce((n, d) => n + (d.kind === 'invoice' ? d.total_amount : -d.total_amount), 0);
    assert.equal(net, booking.price.total_amount - done.json().refund_amount, 'what the seller kept');
  });

  it('shows a booking’s invoices to its owner only', async () => {
    const booking = await book(12);
    const [invoice] = await invoicesOf(booking.id);
    const other = await signIn(t);
    assert.deepEqual(await invoicesOf(booking.id, other.auth), []);
    const pdf = await t.app.inject({ method: 'GET', url: invoice.pdf_url, headers: other.auth });
    assert.equal(pdf.statusCode, 404);
    const admin = await signIn(t, 'admin');
    assert.equal((await invoicesOf(booking.id, admin.auth)).length, 1);
  });

  it('names an agency with its billing address and VAT id as they were when invoiced', async () => {
    const agent = await signIn(t, 'agent');
    const admin = await signIn(t, 'admin');
    const { agency_id } = (
      await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })
    ).json();
    const set = (details: object) => post('/update_agency', { agency_id, ...details }, admin.auth);
    const agency = await set({
      billing_address: 'Rue de Rivoli 1, 75001 Paris, FR',
      vat_id: 'FR12345678901',
    });
    assert.equal(agency.statusCode, 200, agency.body);
    assert.equal(agency.json().vat_id, 'FR12345678901');
    assert.equal((await set({ vat_id: 'not a vat id' })).statusCode, 400);
    assert.equal((await post('/update_agency', { agency_id, vat_id: null }, agent.auth)).statusCode, 403);
    assert.equal((await set({ agency_id: 'agy_nobody' })).statusCode, 404);
    await post(
      '/top_up_balance',
      { agency_id, amount: 200_000, currency: 'GBP', reference: 'wire' },
      admin.auth,
    );
    const found = await post('/search_flight', searchBody(t, [['LHR', 'JFK', 14]]), agent.auth);
    const res = await bookFlight(
      t,
      agent.auth,
      bookingBody(found.json().data[0], undefined, { payment: { type: 'balance' } }),
    );
    assert.equal(res.statusCode, 201, res.body);
    await t.storage.db
      .updateTable('agencies')
      .set({ vat_id: 'FR00000000000' })
      .where('id', '=', agency_id)
      .execute();
    const [invoice] = await invoicesOf(res.json().id, agent.auth);
    assert.equal(invoice.buyer.address, 'Rue de Rivoli 1, 75001 Paris, FR');
    assert.equal(invoice.buyer.vat_id, 'FR12345678901', 'as it was when invoiced');
  });

  it('numbers 24 concurrent bookings’ invoices with no gap and no repeat', async () => {
    const found = await post('/search_flight', searchBody(t, [['LHR', 'JFK', 30]]));
    const offer = found.json().data[0];
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => bookFlight(t, customer.auth, bookingBody(offer))),
    );
    assert.ok(answers.every((r) => r.statusCode === 201));
    const rows = await t.storage.db
      .selectFrom('invoices')
      .select('number')
      .where('kind', '=', 'invoice')
      .where('issue_date', 'like', `${year()}-%`)
      .execute();
    const serials = rows.map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
    assert.deepEqual(
      serials,
      Array.from({ length: serials.length }, (_, i) => i + 1),
      'INV-…-000001 on, each once',
    );
  });
});
