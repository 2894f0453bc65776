import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { signIn } from '../helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  CONTACT,
  firstOffer,
  searchBody,
  seedFlights,
} from '../helpers/flights.ts';
import { bookHotel, firstRate, HOLDER, hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { pdfText } from '../helpers/pdf.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('e-mails to travellers', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let customer: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Itinera Test <trips@itinera.test>' } });
    await seedFlights(t);
    await seedHotels(t);
    customer = await signIn(t);
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: customer.auth, payload });

  it('mails the contact when a flight is held, confirmed and cancelled, with the flights as a calendar', async () => {
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'JFK', 18]]));
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    await post('/confirm_booking', { booking_id: held.id });
    const quote = (await post('/quote_cancellation', { booking_id: held.id })).json();
    await post('/cancel_booking', { booking_id: held.id, quote_id: quote.quote_id });
    assert.equal(await t.mail.sendDue(), 3);
    assert.equal(await t.mail.sendDue(), 0, 'each mail is sent once');

    const mails = smtp.received.filter((m) => m.subject?.includes(held.reference));
    assert.deepEqual(
      mails.map((m) => m.subject),
      [
        `Your flight booking ${held.reference} is booked`,
        `Your flight booking ${held.reference} is confirmed and ticketed`,
        `Your flight booking ${held.reference} is cancelled`,
      ],
    );
    for (const m of mails) {
      assert.equal(m.to && !Array.isArray(m.to) ? m.to.text : '', 'traveller@example.com');
      assert.deepEqual(
        m.from?.value.map((a) => [a.name, a.address]),
        [['Itinera Test', 'trips@itinera.test']],
      );
      assert.ok(m.html && m.text?.includes(offer.slices[0].segments[0].flight_number));
    }
    assert.match(mails[0]!.text!, /Held until/);
    const calendar = mails[1]!.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    assert.ok(calendar, 'the confirmation carries the flights as a calendar');
    const ics = calendar.content.toString('utf8');
    assert.match(ics, /BEGIN:VEVENT/);
    assert.match(ics, new RegExp(`SUMMARY:${offer.slices[0].segments[0].flight_number} LHR`));
    assert.equal(mails[2]!.attachments.length, 0, 'nothing to put in a calendar once cancelled');
    const messageIds = new Set(mails.map((m) => m.messageId));
    assert.equal(messageIds.size, 3);
  });

  it('mails the holder of a hotel booking, with the stay as an all-day calendar entry', async () => {
    const { hotel, option } = await firstRate(t, customer.auth, stay(t, 40, 2));
    const booked = (
      await bookHotel(
        t,
        customer.auth,
        hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
          amount: option.total_amount,
          currency: option.currency,
        }),
      )
    ).json();
    assert.equal(await t.mail.sendDue(), 1);
    const mail = smtp.received.at(-1)!;
    assert.equal(mail.subject, `Your stay ${booked.reference} at ${hotel.name} is confirmed`);
    assert.equal(!Array.isArray(mail.to) && mail.to?.text, 'ada@example.com');
    assert.match(mail.text!, /Dear Ada Lovelace/);
    const ics = mail.attachments[0]!.content.toString('utf8');
    assert.match(ics, new RegExp(`DTSTART;VALUE=DATE:${booked.check_in.replaceAll('-', '')}`));
  });

  it('writes to a German traveller in German: tickets, seats and bags in the mail, the receipts attached', async () => {
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'JFK', 21]]));
    const bag = offer.available_services.checked_bags[0];
    assert.ok(bag, 'the fare sells extra bags');
    const booked = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, [adult()], {
        contact: { ...CONTACT, language: 'de' },
        bags: [{ passenger: 0, slice: 0, quantity: 1 }],
        expected_total: { amount: offer.total_amount + bag.amount_per_bag, currency: offer.total_currency },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    assert.equal(booking.contact.language, 'de');
    await t.mail.sendDue();
    const mail = smtp.received.at(-1)!;
    assert.equal(mail.subject, `Ihre Flugbuchung ${booking.reference} ist gebucht`);
    const ticket = booking.passengers[0].ticket_number;
    const origin = booking.slices[0].origin;
    const destination = booking.slices[0].destination;
    assert.ok(
      mail.text!.includes(
        `Ada Traveller, E-Ticket ${ticket}, 1 zusätzliche(s) Gepäckstück(e) ${origin} → ${destination}`,
      ),
      mail.text,
    );
    assert.match(mail.text!, /Abflug .* \(Ortszeiten\)/);
    assert.ok(mail.text!.includes('Status: Bestätigt'), `the status in German: ${mail.text}`);
    const receipts = mail.attachments.filter((a) => a.contentType === 'application/pdf');
    assert.deepEqual(
      receipts.map((a) => a.filename),
      booking.tickets.map((d: any) => `${d.type === 'eticket' ? 'eticket' : 'emd'}-${d.number}.pdf`),
      'the e-ticket and the EMD of the bag',
    );
    assert.equal(receipts.length, 2);
    const text = await pdfText(receipts[0]!.content);
    for (const expected of [
      'E-Ticket-Beleg',
      'TRAVELLER/Ada MS',
      'Status: Offen',
      booking.tickets[0].printed_number,
      booking.reference,
    ])
      assert.ok(text.includes(expected), `“${expected}” in: ${text}`);
  });

  it('sends a German holder the stay in German: guests, board, the free cancellation deadline, the voucher', async () => {
    const { option } = await firstRate(
      t,
      customer.auth,
      stay(t, 45, 3),
      (o: any) => o.cancellation.refundable,
    );
    const booked = await bookHotel(
      t,
      customer.auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        [{ adults: 2 }],
        { amount: option.total_amount, currency: option.currency },
        { holder: { ...HOLDER, language: 'de' } },
      ),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    await t.mail.sendDue();
    const mail = smtp.received.at(-1)!;
    assert.equal(mail.subject, `Ihr Aufenthalt ${booking.reference} im ${booking.hotel.name} ist bestätigt`);
    const room = booking.rooms[0];
    const deadline = room.cancellation.free_cancellation_until.slice(0, 16).replace('T', ' ');
    for (const expected of [
      'Guten Tag Ada Lovelace,',
      `${room.room_type.name}, ${room.board}: Adulta Lovelace, Adultb Lovelace`,
      `Kostenlose Stornierung bis ${deadline} (Ortszeit des Hotels)`,
    ])
      assert.ok(mail.text!.includes(expected), `“${expected}” in: ${mail.text}`);
    const voucher = mail.attachments.find((a) => a.contentType === 'application/pdf');
    assert.equal(voucher?.filename, `voucher-${booking.reference}.pdf`);
    const text = await pdfText(voucher!.content);
    for (const expected of [
      'Hotelgutschein',
      booking.reference,
      `Anreise: ${booking.check_in}`,
      'Adulta Lovelace',
    ])
      assert.ok(text.includes(expected), `“${expected}” in: ${text}`);
  });

  // Last: it moves the clock a day on.
  it('mails a hotel hold, its payment with the voucher, and another hold that lapsed unpaid', async () => {
    const { hotel, option } = await firstRate(
      t,
      customer.auth,
      stay(t, 45, 2, { filters: { refundable_only: true } }),
    );
    const total = { amount: option.total_amount, currency: option.currency };
    const body = hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, {
      type: 'hold',
      payment: undefined,
    });
    const held = (await bookHotel(t, customer.auth, body)).json();
    await post('/pay_booking', { booking_id: held.id, payment: { type: 'card', card_token: 'tok_visa' } });
    const lapsed = (await bookHotel(t, customer.auth, body)).json();
    assert.equal(lapsed.status, 'held', JSON.stringify(lapsed));
    t.clock.advance(24 * 3_600);
    assert.equal(await t.hotels.expireDueHolds(), 1);
    assert.equal(await t.mail.sendDue(), 4);

    const about = (reference: string) => smtp.received.filter((m) => m.subject?.includes(reference));
    const [heldMail, paidMail] = about(held.reference);
    assert.equal(heldMail!.subject, `Your stay ${held.reference} at ${hotel.name} is held for you, unpaid`);
    assert.match(heldMail!.text!, /Held until .* UTC: pay before then, or the rooms are released/);
    assert.match(heldMail!.attachments[0]!.content.toString('utf8'), /STATUS:TENTATIVE/);
    assert.ok(
      !heldMail!.attachments.some((a) => a.contentType === 'application/pdf'),
      'no voucher for a hold',
    );
    assert.equal(paidMail!.subject, `Your stay ${held.reference} at ${hotel.name} is paid and confirmed`);
    assert.deepEqual(
      paidMail!.attachments.filter((a) => a.contentType === 'application/pdf').map((a) => a.filename),
      [`voucher-${held.reference}.pdf`],
    );
    assert.equal(
      about(lapsed.reference).at(-1)!.subject,
      `Your stay ${lapsed.reference} at ${hotel.name} has expired unpaid; its rooms were released`,
    );
  });
});

describe('e-mails without an SMTP server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-outbox-'));
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    await seedFlights(t);
  });
  after(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each as an .eml file to the data directory’s outbox', async () => {
    const customer = await signIn(t);
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'CDG', 9]]));
    const booked = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    assert.equal(await t.mail.sendDue(), 1);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    assert.equal(files.length, 1);
    const parsed = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0]!)));
    assert.equal(parsed.subject, `Your flight booking ${booked.reference} is booked`);
  });
});
