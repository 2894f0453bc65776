import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { documentedEventProblems } from '../helpers/documented-events.ts';
import { adult, bookingBody, dayAfter, searchBody, seedFlights } from '../helpers/flights.ts';
import { hotelBookingBody, seedHotels, stay } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

/**
 * The whole story over real HTTP: a receiver subscribes; a customer books, confirms, changes and
 * cancels a flight, lets a hold expire, books and changes a stay; the operator cancels a flight. The
 * receiver, down for a while, gets every event once it is back, each verified with `standardwebhooks`
 * and equal to what GET /events shows; the traveller's e-mails arrive at an SMTP server.
 */
describe('events, webhooks and e-mails, end to end', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const hooks: Array<{ headers: Record<string, string>; body: string }> = [];
  const mails: ParsedMail[] = [];
  let answer = 503;
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (answer < 300) hooks.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(answer).end();
    });
  });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, done) => {
      simpleParser(stream).then((m) => {
        mails.push(m);
        done();
      }, done);
    },
  });

  before(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({
      clockStart: new Date(),
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        WEBHOOK_RETRY_SCHEDULE: '5',
      },
    });
    await seedFlights(server);
    await seedHotels(server);
  });
  after(async () => {
    receiver.close();
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    await server.close();
  });

  it('tells every change to the receiver, to GET /events and to the traveller', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const customer = await signInOverHttp(server);
    const port = (receiver.address() as AddressInfo).port;
    const hook = await admin.call('POST', '/create_webhook', {
      url: `http://127.0.0.1:${port}/in`,
      events: ['*'],
    });
    assert.equal(hook.status, 201);

    const search = async (route: [string, string, number]) =>
      (await customer.call('POST', '/search_flight', searchBody(server, [route], { max_connections: 0 })))
        .body.data[0];
    const offer = await search(['LHR', 'JFK', 10]);
    const booked = await customer.call(
      'POST',
      '/book_flight',
      bookingBody(offer, [adult()], { type: 'hold' }),
      {
        'idempotency-key': 'journey-1',
      },
    );
    await customer.call('POST', '/confirm_booking', { booking_id: booked.body.id });
    const read = await customer.call('GET', `/booking?id=${booked.body.id}`);
    await customer.call(
      'POST',
      '/update_booking',
      { booking_id: booked.body.id, contact: { email: 'ada@example.org', phone: '+442071234567' } },
      { 'if-match': read.etag! },
    );
    const quote = await customer.call('POST', '/quote_cancellation', { booking_id: booked.body.id });
    await customer.call('POST', '/cancel_booking', {
      booking_id: booked.body.id,
      quote_id: quote.body.quote_id,
    });

    const disruptedOffer = await search(['CDG', 'MAD', 12]);
    const kept = await customer.call('POST', '/book_flight', bookingBody(disruptedOffer), {
      'idempotency-key': 'journey-2',
    });
    await admin.call('POST', '/cancel_flight', {
      flight_id: disruptedOffer.slices[0].segments[0].flight_id,
      departure_date: dayAfter(server, 12),
      reason: 'strike',
    });

    const rate = (await customer.call('POST', '/search_hotels', stay(server, 30, 2))).body.data[0].options[0];
    const stayBooking = await customer.call(
      'POST',
      '/book_hotel',
      hotelBookingBody({ rate_key: rate.rate_key }, [{ adults: 2 }], {
        amount: rate.total_amount,
        currency: rate.currency,
      }),
      { 'idempotency-key': 'journey-3' },
    );
    const stayRead = await customer.call('GET', `/booking?id=${stayBooking.body.id}`);
    await customer.call(
      'POST',
      '/modify_hotel_booking',
      { booking_id: stayBooking.body.id, special_requests: 'High floor' },
      { 'if-match': stayRead.etag! },
    );

    const hold = await search(['LHR', 'JFK', 20]);
    const expiring = await customer.call(
      'POST',
      '/book_flight',
      bookingBody(hold, [adult(1)], { type: 'hold' }),
      {
        'idempotency-key': 'journey-4',
      },
    );
    server.clock.advance(25 * 3600);
    assert.equal(await server.flights.expireDueHolds(), 1);

    // The receiver is down for the first attempt of each; the retries reach it once it is back.
    await server.webhooks.deliverDue();
    assert.equal(hooks.length, 0);
    answer = 200;
    server.clock.advance(6);
    while ((await server.webhooks.deliverDue()) > 0);
    await server.mail.sendDue();

    const later = await signInOverHttp(server, 'admin');
    const log = (await later.call('GET', '/events?limit=100')).body.data;
    const ids = [booked.body.id, kept.body.id, stayBooking.body.id, expiring.body.id];
    const expected = log.filter((e: any) => ids.includes(e.data.object?.id) || e.type === 'flight.cancelled');
    assert.deepEqual(
      expected.map((e: any) => e.type),
      [
        'flight_booking.created',
        'flight_booking.confirmed',
        'flight_booking.updated',
        'flight_booking.cancelled',
        'flight_booking.created',
        'flight_booking.disrupted',
        'flight.cancelled',
        'hotel_booking.created',
        'hotel_booking.modified',
        'flight_booking.created',
        'flight_booking.expired',
      ],
    );
    const doc = (await later.call('GET', '/openapi.json')).body;
    assert.deepEqual(documentedEventProblems(doc, log), [], 'every event is its type’s documented object');
    const secret = hook.body.secret as string;
    const received = hooks.map((h) => {
      const expectedSignature = new Webhook(secret).sign(
        h.headers['webhook-id']!,
        new Date(Number(h.headers['webhook-timestamp']) * 1000),
        h.body,
      );
      assert.ok(
        h.headers['webhook-signature']!.split(' ').includes(expectedSignature),
        'signed with the secret',
      );
      return JSON.parse(h.body);
    });
    assert.deepEqual(
      received.sort((a: any, b: any) => a.id.localeCompare(b.id)),
      log,
      'the receiver got exactly the events of the log, once each',
    );

    const subjects = mails.map((m) => m.subject);
    for (const reference of [booked.body.reference, kept.body.reference, expiring.body.reference])
      assert.ok(
        subjects.some((s) => s?.includes(reference)),
        `mail about ${reference}`,
      );
    assert.ok(
      subjects.includes(`Your flight booking ${kept.body.reference} is disrupted: a flight was cancelled`),
    );
    assert.ok(subjects.includes(`Your flight booking ${expiring.body.reference} has expired unpaid`));
    assert.ok(subjects.some((s) => s?.startsWith(`Your stay ${stayBooking.body.reference}`)));
    assert.equal(
      mails.length,
      expected.length - 1,
      'one mail per booking event (the operator event mails no one)',
    );
  });
});
