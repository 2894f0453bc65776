import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ALLIANCES } from '../../src/modules/flights/inventory/carrier-partners.ts';
import { adult, CONTACT, dayAfter, seedFlights } from '../helpers/flights.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';
import { pdfText } from '../helpers/pdf.ts';

/**
 * A seller services a British Airways booking on the demo network, over HTTP as a client would: the
 * change offers BA (or oneworld) flights only, the booking moves with a new BA ticket and its exchange
 * record, and its documents — the new ticket's receipt, the invoices — say so.
 */
describe('servicing a British Airways booking over HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedFlights(server);
  });
  after(() => server.close());

  it('changes it on BA or oneworld, reissues a 125 ticket with its exchange, and its documents follow', async () => {
    const agent = await signInOverHttp(server);
    const oneworld = new Set(ALLIANCES.oneworld);
    // A BA nonstop London–New York whose fare may be changed.
    let offer: any;
    let days = 20;
    for (; days < 40 && !offer; days++) {
      const res = await agent.call('POST', '/search_flight', {
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: dayAfter(server, days) }],
        passengers: { adults: 1 },
        max_connections: 0,
        airlines: { include: ['BA'] },
        limit: 50,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      offer = res.body.data.find((o: any) => o.conditions.change.allowed);
    }
    assert.ok(offer, 'a changeable BA nonstop');
    const booked = await agent.call(
      'POST',
      '/book_flight',
      {
        offer_id: offer.id,
        passengers: [adult()],
        contact: CONTACT,
        expected_total: { amount: offer.total_amount, currency: offer.total_currency },
        payment: { type: 'card', card_token: 'tok_visa' },
      },
      { 'idempotency-key': `servicing-${Date.now()}` },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const booking = booked.body;
    const original = booking.passengers[0].ticket_number;
    assert.match(original, /^125\d{10}$/, 'a BA ticket');

    const found = await agent.call('POST', '/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(server, days + 2) }],
    });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const carriers = found.body.data.flatMap((o: any) => o.slices[0].segments.map((g: any) => g.carrier));
    assert.ok(carriers.length > 0, 'something to change to');
    assert.deepEqual(
      carriers.filter((c: string) => !oneworld.has(c)),
      [],
      'only British Airways and its oneworld partners',
    );
    const option = found.body.data[0];
    const changed = await agent.call(
      'POST',
      '/change_booking',
      {
        change_offer_id: option.id,
        expected_total: { amount: option.new_total_amount, currency: option.currency },
      },
      { 'idempotency-key': `servicing-change-${Date.now()}` },
    );
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const reissued = changed.body.passengers[0].ticket_number;
    assert.match(reissued, /^125\d{10}$/, 'still a BA ticket');
    assert.notEqual(reissued, original);
    const ticket = changed.body.tickets.find((d: any) => d.number === reissued);
    assert.equal(ticket.exchange.original_number, original);
    assert.equal(changed.body.tickets.find((d: any) => d.number === original).status, 'exchanged');

    const documents = await agent.call('GET', `/booking_documents?booking_id=${booking.id}`);
    assert.equal(documents.status, 200);
    assert.deepEqual(
      documents.body.data.map((d: any) => d.type),
      ['eticket_receipt', 'eticket_receipt', 'invoice', 'credit_note', 'invoice'],
    );
    const receipt = documents.body.data.find((d: any) => d.id === reissued);
    const pdf = await fetch(`${server.baseUrl}${receipt.pdf_url}`, {
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(text.includes(ticket.printed_number), text);
    assert.ok(text.includes(`Issued in exchange for 125 ${original.slice(3)}`), text);
    for (const segment of changed.body.slices[0].segments)
      assert.ok(text.includes(segment.flight_number), text);
  });
});
