import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  fareRecord,
  firstOffer,
  scheduleRecord,
  searchBody,
} from '../../../test/helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../test/helpers/hotels.ts';
import { pdfText } from '../../../test/helpers/pdf.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../flights/index.ts';

const SEAT = 1_500;

/**
 * A booking's documents, read as a traveller reads them: the text of each PDF holds what the booking
 * says — names, ticket numbers, flights, amounts, the hotel's times and cancellation deadline — in
 * English and in German.
 */
describe('booking documents', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'BA', 117, ['LHR', 'JFK'], '08:25', 480)],
      fares: [
        fareRecord('BA', ['LHR', 'JFK'], 'standard', {
          adult: 40_000,
          tax: 9_000,
          checked_bags: 1,
          change: { allowed: true, penalty: 5_000 },
          seat_fees: { standard: SEAT, preferred: SEAT },
        }),
      ],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    await seedHotels(t);
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const documentsOf = async (id: string) => {
    const res = await get(`/booking_documents?booking_id=${id}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as any[];
  };
  const textAt = async (url: string, language?: string) => {
    const res = await get(url, language ? { ...auth, 'accept-language': language } : auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    return pdfText(res.rawPayload);
  };
  const includesAll = (text: string, expected: string[]) => {
    for (const e of expected) assert.ok(text.includes(e), `“${e}” in: ${text}`);
  };

  it('gives a flight booking its e-ticket and EMD receipts and its invoice, each holding what the booking says', async () => {
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'JFK', 10]]));
    const res = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult()], {
        seats: [{ passenger: 0, slice: 0, segment: 0, designator: '7A' }],
        expected_total: { amount: offer.total_amount + SEAT, currency: 'GBP' },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    const [eticket, emd] = booking.tickets;
    const documents = await documentsOf(booking.id);
    assert.deepEqual(
      documents.map((d) => [d.type, d.id]),
      [
        ['eticket_receipt', eticket.number],
        ['emd_receipt', emd.number],
        ['invoice', documents[2].id],
      ],
    );
    const receipt = await textAt(documents[0].pdf_url);
    includesAll(receipt, [
      'E-ticket receipt',
      'TRAVELLER/Ada MS',
      eticket.printed_number,
      booking.reference,
      'British Airways (BA)',
      'BA117',
      'LHR',
      'JFK',
      booking.slices[0].segments[0].departing_at.slice(0, 16).replace('T', ' '),
      'GBP 400.00',
      'GBP 90.00',
      'GBP 490.00',
      'Baggage allowance: 1 checked',
      'Changes: allowed, penalty GBP 50.00',
      'Refunds: not allowed',
    ]);
    const emdText = await textAt(documents[1].pdf_url);
    includesAll(emdText, [
      'EMD receipt',
      emd.printed_number,
      '0B5',
      'Seat 7A',
      'GBP 15.00',
      eticket.printed_number,
    ]);
    const german = await textAt(documents[0].pdf_url, 'de');
    includesAll(german, [
      'E-Ticket-Beleg',
      'Freigepäck: 1 aufgegeben',
      'Umbuchung: möglich, Gebühr 50,00',
      '490,00',
    ]);
    const invoice = await textAt(documents[2].pdf_url);
    includesAll(invoice, [`Invoice ${documents[2].id}`, 'GBP 505.00']);
  });

  it('gives a hotel booking its voucher: the hotel, its times, the guests and until when it cancels for free', async () => {
    const { option } = await firstRate(t, auth, stay(t, 20, 2), (o: any) => o.cancellation.refundable);
    const res = await bookHotel(
      t,
      auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    const [voucher] = await documentsOf(booking.id);
    assert.equal(voucher.type, 'hotel_voucher');
    const room = booking.rooms[0];
    const deadline = room.cancellation.free_cancellation_until.slice(0, 16).replace('T', ' ');
    const text = await textAt(voucher.pdf_url);
    includesAll(text, [
      'Hotel voucher',
      booking.reference,
      booking.hotel.name,
      booking.hotel.address,
      `${booking.check_in} from ${booking.hotel.check_in_time} (hotel time)`,
      `${booking.check_out} until ${booking.hotel.check_out_time} (hotel time)`,
      room.room_type.name,
      room.guests.map((g: any) => `${g.given_name} ${g.family_name}`).join(', '),
      `Free cancellation until ${deadline} (hotel time)`,
    ]);
    const german = await textAt(voucher.pdf_url, 'de-DE');
    includesAll(german, [
      'Hotelgutschein',
      `Anreise: ${booking.check_in} ab ${booking.hotel.check_in_time}`,
      `Kostenlose Stornierung bis ${deadline}`,
    ]);
  });

  it('shows a booking’s documents to those who may see the booking only', async () => {
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'JFK', 11]]));
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const other = (await signIn(t)).auth;
    assert.equal((await get(`/booking_documents?booking_id=${booking.id}`, other)).statusCode, 404);
    const pdf = `/booking_document_pdf?booking_id=${booking.id}&document_id=${booking.tickets[0].number}`;
    assert.equal((await get(pdf, other)).statusCode, 404);
    assert.equal((await get(`${pdf.slice(0, -3)}000`)).statusCode, 404, 'a number the booking does not have');
  });
});
