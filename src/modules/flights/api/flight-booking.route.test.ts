import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('flight booking lifecycle', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signIn>>;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    customer = await signIn(t);
  });
  after(() => t.close());

  const offerFor = (days: number, extra: Record<string, unknown> = {}) =>
    firstOffer(t, customer.auth, searchBody(t, [['LHR', 'CDG', days]], { max_connections: 0, ...extra }));
  const get = (query: string, auth = customer.auth) =>
    t.app.inject({ method: 'GET', url: `/booking?${query}`, headers: auth });
  const post = (url: string, payload: object, headers: Record<string, string> = customer.auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const seatsLeft = async (offer: any) => {
    const seg = offer.slices[0].segments[0];
    const again = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: customer.auth,
      payload: searchBody(
        t,
        [
          [
            'LHR',
            'CDG',
            Number(
              (Date.parse(seg.departure_date) - Date.parse(t.clock.now().toISOString().slice(0, 10))) /
                86_400_000,
            ),
          ],
        ],
        { max_connections: 0, limit: 50 },
      ),
    });
    return again
      .json()
      .data.find((o: any) => o.slices[0].segments[0].flight_id === seg.flight_id && o.brand === offer.brand)
      ?.seats_left;
  };

  it('books an offer, tickets it and finds it by id and by reference', async () => {
    const offer = await offerFor(20);
    const before = await seatsLeft(offer);
    const res = await bookFlight(t, customer.auth, bookingBody(offer, [adult(0), adult(1)].slice(0, 1)));
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    assert.match(booking.id, /^bkg_/);
    assert.match(booking.reference, /^[A-HJKMNP-Z2-9]{6}$/);
    assert.equal(booking.status, 'confirmed');
    assert.match(booking.passengers[0].ticket_number, /^\d{13}$/);
    assert.equal(booking.passengers[0].document.number, '*****000');
    assert.equal(booking.price.total_amount, offer.total_amount);
    assert.deepEqual(booking.allowed_actions, ['cancel', 'update', 'add_services', 'change', 'cancel_part']);
    assert.equal(res.headers.etag, '"v1"');
    assert.equal(res.headers.location, `/booking?id=${booking.id}`);
    assert.equal(await seatsLeft(offer), before - 1);
    const byId = await get(`id=${booking.id}`);
    assert.equal(byId.statusCode, 200);
    assert.deepEqual(
      byId.json().events.map((e: any) => e.type),
      ['confirmed'],
    );
    assert.equal((await get(`reference=${booking.reference.toLowerCase()}`)).json().id, booking.id);
  });

  it('replays the same Idempotency-Key and body, refuses it with another body, and requires one', async () => {
    const offer = await offerFor(21);
    const body = bookingBody(offer);
    const first = await bookFlight(t, customer.auth, body, 'same-key-1');
    const again = await bookFlight(t, customer.auth, body, 'same-key-1');
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers.etag, first.headers.etag);
    assert.equal(again.headers.location, first.headers.location);
    assert.equal(again.json().id, first.json().id);
    const other = await bookFlight(
      t,
      customer.auth,
      { ...body, contact: { ...body.contact, email: 'other@example.com' } },
      'same-key-1',
    );
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED');
    const none = await t.app.inject({
      method: 'POST',
      url: '/book_flight',
      headers: customer.auth,
      payload: body,
    });
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().code, 'IDEMPOTENCY_KEY_REQUIRED');
    const list = (
      await t.app.inject({ method: 'GET', url: '/flight_bookings?limit=100', headers: customer.auth })
    ).json();
    assert.equal(list.data.filter((b: any) => b.id === first.json().id).length, 1);
  });

  it('never books twice for concurrent duplicates of one key', async () => {
    const offer = await offerFor(22);
    const before = await seatsLeft(offer);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => bookFlight(t, customer.auth, bookingBody(offer), 'concurrent-key')),
    );
    const ids = new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json().id));
    assert.equal(ids.size, 1);
    for (const r of answers)
      assert.ok(
        r.statusCode === 201 || (r.statusCode === 409 && r.json().code === 'IDEMPOTENCY_IN_PROGRESS'),
        r.body,
      );
    assert.equal(await seatsLeft(offer), before - 1);
  });

  it('answers 409 PRICE_CHANGED with the new total, booking nothing', async () => {
    const offer = await offerFor(23);
    const before = await seatsLeft(offer);
    const res = await bookFlight(t, customer.auth, {
      ...bookingBody(offer),
      expected_total: { amount: offer.total_amount - 100, currency: 'EUR' },
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'PRICE_CHANGED');
    assert.equal(res.json().total_amount, offer.total_amount);
    assert.equal(await seatsLeft(offer), before);
  });

  it('answers 410 OFFER_EXPIRED after the offer’s expiry, and 400 for a forged offer id', async () => {
    const offer = await offerFor(24);
    t.clock.advance(21 * 60);
    try {
      const res = await bookFlight(t, customer.auth, bookingBody(offer));
      assert.equal(res.statusCode, 410);
      assert.equal(res.json().code, 'OFFER_EXPIRED');
    } finally {
      t.clock.advance(-21 * 60);
    }
    const forged = await bookFlight(
      t,
      customer.auth,
      bookingBody({ ...offer, id: `${offer.id.slice(0, -3)}abc` }),
    );
    assert.equal(forged.statusCode, 400);
    assert.equal(forged.json().errors[0].pointer, '/offer_id');
  });

  it('checks passengers against the offer and asks for documents abroad', async () => {
    const offer = await offerFor(25);
    const two = await bookFlight(t, customer.auth, bookingBody(offer, [adult(0), adult(1)]));
    assert.equal(two.json().errors[0].pointer, '/passengers');
    const { document: _, ...undocumented } = adult(0);
    const res = await bookFlight(t, customer.auth, bookingBody(offer, [undocumented]));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors[0].pointer, '/passengers/0/document');
  });

  it('answers 404 for another customer’s booking, exactly as for a missing one; agents see their agency’s; admins all', async () => {
    const offer = await offerFor(26);
    const booking = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    const stranger = await signIn(t);
    const theirs = await get(`id=${booking.id}`, stranger.auth);
    const missing = await get('id=bkg_doesnotexist', stranger.auth);
    assert.equal(theirs.statusCode, 404);
    const strip = (r: any) => ({ ...r.json(), request_id: null, detail: r.json().detail });
    assert.deepEqual(strip(theirs), strip(missing));
    assert.equal(
      (await post('/quote_cancellation', { booking_id: booking.id }, stranger.auth)).statusCode,
      404,
    );
    const agent = await signIn(t, 'agent');
    const agentOffer = await offerFor(26);
    const agentBooking = (await bookFlight(t, agent.auth, bookingBody(agentOffer))).json();
    const colleague = await t.accounts
      .createUser({
        username: `colleague-${Date.now()}`,
        password: 'colleague-password',
        role: 'agent',
        agencyName: undefined as never,
      })
      .catch(() => undefined);
    assert.equal(colleague, undefined, 'an agent needs an agency');
    assert.equal((await get(`id=${agentBooking.id}`, agent.auth)).statusCode, 200);
    assert.equal((await get(`id=${booking.id}`, agent.auth)).statusCode, 404);
    const admin = await signIn(t, 'admin');
    assert.equal((await get(`id=${booking.id}`, admin.auth)).statusCode, 200);
  });

  it('holds seats, confirms the hold with tickets, and refuses to confirm twice', async () => {
    const offer = await offerFor(27);
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    assert.equal(held.status, 'held');
    assert.ok(held.hold_expires_at);
    assert.equal(held.passengers[0].ticket_number, null);
    assert.deepEqual(held.allowed_actions, ['confirm', 'cancel', 'update']);
    const confirmed = await post('/confirm_booking', { booking_id: held.id });
    assert.equal(confirmed.statusCode, 200);
    assert.equal(confirmed.json().status, 'confirmed');
    assert.match(confirmed.json().passengers[0].ticket_number, /^\d{13}$/);
    const again = await post('/confirm_booking', { booking_id: held.id });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'INVALID_STATE_TRANSITION');
    assert.deepEqual(again.json().allowed_actions, [
      'cancel',
      'update',
      'add_services',
      'change',
      'cancel_part',
    ]);
  });

  it('shows a hold past its deadline as expired when read, before any sweep', async () => {
    const offer = await offerFor(35);
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    t.clock.advance(25 * 3600);
    try {
      const later = await signIn(t, 'admin');
      const read = (await get(`id=${held.id}`, later.auth)).json();
      assert.equal(read.status, 'expired');
      assert.equal(await t.flights.expireDueHolds(), 0, 'already expired, exactly once');
      const confirm = await post('/confirm_booking', { booking_id: held.id }, later.auth);
      assert.equal(confirm.json().code, 'INVALID_STATE_TRANSITION');
    } finally {
      t.clock.advance(-25 * 3600);
    }
  });

  it('expires a hold past its deadline, releasing its seats exactly once', async () => {
    const offer = await offerFor(28);
    const before = await seatsLeft(offer);
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    assert.equal(await seatsLeft(offer), before - 1);
    assert.equal(await t.flights.expireDueHolds(), 0);
    t.clock.advance(25 * 3600);
    try {
      const [a, b] = await Promise.all([t.flights.expireDueHolds(), t.flights.expireDueHolds()]);
      assert.equal(a + b, 1);
      assert.equal(await t.flights.expireDueHolds(), 0);
    } finally {
      t.clock.advance(-25 * 3600);
    }
    assert.equal(await seatsLeft(offer), before);
    const expired = (await get(`id=${held.id}`)).json();
    assert.equal(expired.status, 'expired');
    assert.deepEqual(
      expired.events.map((e: any) => e.type),
      ['held', 'expired'],
    );
    assert.equal(
      (await post('/confirm_booking', { booking_id: held.id })).json().code,
      'INVALID_STATE_TRANSITION',
    );
  });

  it('updates contact details and corrects names with If-Match', async () => {
    const offer = await offerFor(29);
    const res = await bookFlight(t, customer.auth, bookingBody(offer));
    const booking = res.json();
    const update = (body: object, ifMatch?: string) =>
      post(
        '/update_booking',
        { booking_id: booking.id, ...body },
        ifMatch ? { ...customer.auth, 'if-match': ifMatch } : customer.auth,
      );
    assert.equal((await update({ contact: { phone: '+33123456789' } })).json().code, 'PRECONDITION_REQUIRED');
    assert.equal(
      (await update({ contact: { phone: '+33123456789' } }, '"v0"')).json().code,
      'PRECONDITION_FAILED',
    );
    const ok = await update(
      {
        contact: { phone: '+33123456789' },
        passengers: [{ id: booking.passengers[0].id, given_name: 'Adah' }],
      },
      res.headers.etag as string,
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().contact.phone, '+33123456789');
    assert.equal(ok.json().contact.email, 'traveller@example.com');
    assert.equal(ok.json().passengers[0].given_name, 'Adah');
    assert.equal(ok.headers.etag, '"v2"');
    const stale = await update({ contact: { phone: '+33100000000' } }, res.headers.etag as string);
    assert.equal(stale.statusCode, 412);
    const rename = await update(
      { passengers: [{ id: booking.passengers[0].id, given_name: 'Bartholomew' }] },
      ok.headers.etag as string,
    );
    assert.equal(rename.statusCode, 400);
    assert.equal(rename.json().errors[0].pointer, '/passengers/0');
  });

  it('measures every name correction from the name booked: small steps do not add up to another traveller', async () => {
    const res = await bookFlight(t, customer.auth, bookingBody(await offerFor(30)));
    const booking = res.json();
    const id = booking.passengers[0].id;
    const booked = `${booking.passengers[0].given_name} ${booking.passengers[0].family_name}`;
    let etag = res.headers.etag as string;
    const correct = async (given_name: string, family_name: string) => {
      const answer = await post(
        '/update_booking',
        { booking_id: booking.id, passengers: [{ id, given_name, family_name }] },
        { ...customer.auth, 'if-match': etag },
      );
      if (answer.statusCode === 200) etag = answer.headers.etag as string;
      return answer;
    };
    // Three letters off the name booked, one correction at a time: each step alone is small.
    const [given, family] = [booking.passengers[0].given_name, booking.passengers[0].family_name];
    const first = await correct(`${given.slice(0, -1)}x`, family);
    assert.equal(first.statusCode, 200, first.body);
    const second = await correct(`${given.slice(0, -1)}x`, `${family.slice(0, -2)}yy`);
    assert.equal(second.statusCode, 200, second.body);
    const third = await correct(`${given.slice(0, -1)}x`, `${family.slice(0, -3)}zzz`);
    assert.equal(third.statusCode, 400, third.body);
    assert.equal(third.json().errors[0].pointer, '/passengers/0');
    assert.match(third.json().errors[0].detail, new RegExp(booked));
    const back = await correct(given, family);
    assert.equal(back.statusCode, 200, 'back to the name booked is always allowed');
  });

  it('keeps special requests and loyalty accounts per passenger, at booking and after, refusing odd ones', async () => {
    const offer = await offerFor(31);
    const odd = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, [{ ...adult(), special_requests: ['BBML'] }]),
    );
    assert.equal(odd.statusCode, 400, odd.body);
    assert.equal(odd.json().errors[0].pointer, '/passengers/0/special_requests/0');
    const unknown = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, [{ ...adult(), special_requests: ['XXXX'] }]),
    );
    assert.equal(unknown.statusCode, 400);
    const res = await bookFlight(
      t,
      customer.auth,
      bookingBody(offer, [
        {
          ...adult(),
          special_requests: ['WCHR', 'VGML'],
          loyalty_accounts: [{ airline: 'BA', number: 'BA1234567' }],
        },
      ]),
    );
    assert.equal(res.statusCode, 201, res.body);
    const passenger = res.json().passengers[0];
    assert.deepEqual(passenger.special_requests, ['WCHR', 'VGML']);
    assert.deepEqual(passenger.loyalty_accounts, [{ airline: 'BA', number: 'BA1234567' }]);
    const update = (edit: object, etag: string) =>
      post(
        '/update_booking',
        { booking_id: res.json().id, passengers: [{ id: passenger.id, ...edit }] },
        { ...customer.auth, 'if-match': etag },
      );
    const two = await update({ special_requests: ['KSML', 'VGML'] }, res.headers.etag as string);
    assert.equal(two.statusCode, 400);
    assert.match(two.json().errors[0].detail, /more than one meal/);
    const changed = await update(
      { special_requests: ['KSML'], loyalty_accounts: [] },
      res.headers.etag as string,
    );
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(changed.json().passengers[0].special_requests, ['KSML']);
    assert.deepEqual(changed.json().passengers[0].loyalty_accounts, []);
    assert.equal(changed.json().passengers[0].given_name, passenger.given_name);
    assert.deepEqual(changed.json().events.at(-1).data.requests_of, [passenger.id]);
  });

  it('quotes and cancels, releasing seats once; a stale quote is 410', async () => {
    const offer = await offerFor(30, { passengers: { adults: 1 } });
    const before = await seatsLeft(offer);
    const res = await bookFlight(t, customer.auth, bookingBody(offer));
    const booking = res.json();
    const quote = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    assert.equal(quote.currency, 'EUR');
    assert.equal(quote.refund_amount + quote.penalty_amount, booking.price.total_amount);
    await post(
      '/update_booking',
      { booking_id: booking.id, contact: { phone: '+33111111111' } },
      { ...customer.auth, 'if-match': res.headers.etag as string },
    );
    const stale = await post('/cancel_booking', { booking_id: booking.id, quote_id: quote.quote_id });
    assert.equal(stale.statusCode, 410);
    assert.equal(stale.json().code, 'QUOTE_EXPIRED');
    const fresh = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    const cancelled = await post('/cancel_booking', { booking_id: booking.id, quote_id: fresh.quote_id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().status, 'cancelled');
    assert.equal(cancelled.json().refund_amount, fresh.refund_amount);
    assert.equal(await seatsLeft(offer), before);
    const twice = await post('/cancel_booking', { booking_id: booking.id, quote_id: fresh.quote_id });
    assert.equal(twice.statusCode, 409);
    assert.equal(await seatsLeft(offer), before);
  });

  it('disrupts bookings when an operator cancels their flight, and drops it from search', async () => {
    const offer = await offerFor(31);
    const booking = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    const admin = await signIn(t, 'admin');
    const segment = offer.slices[0].segments[0];
    const denied = await post('/cancel_flight', {
      flight_id: segment.flight_id,
      departure_date: segment.departure_date,
      reason: 'strike',
    });
    assert.equal(denied.statusCode, 403);
    for (const departure_date of ['2020-01-01', '2099-12-31']) {
      const outside = await post(
        '/cancel_flight',
        { flight_id: segment.flight_id, departure_date, reason: 'strike' },
        admin.auth,
      );
      assert.equal(outside.statusCode, 400, `${departure_date}: ${outside.body}`);
      assert.equal(outside.json().errors[0].pointer, '/departure_date');
    }
    const res = await post(
      '/cancel_flight',
      { flight_id: segment.flight_id, departure_date: segment.departure_date, reason: 'strike' },
      admin.auth,
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().disrupted_bookings.includes(booking.reference));
    const disrupted = (await get(`id=${booking.id}`)).json();
    assert.equal(disrupted.status, 'disrupted');
    assert.equal(disrupted.events.at(-1).data.reason, 'strike');
    await t.flights.refreshNetwork();
    const after = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: customer.auth,
      payload: searchBody(t, [['LHR', 'CDG', 31]], { max_connections: 0, limit: 50 }),
    });
    assert.ok(after.json().data.every((o: any) => o.slices[0].segments[0].flight_id !== segment.flight_id));
    const quote = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    assert.equal(quote.refund_amount, booking.price.total_amount);
  });

  it('answers each bad booking request with a clear 4xx and changes nothing', async () => {
    const offer = await offerFor(36);
    const before = await seatsLeft(offer);
    const wrongCurrency = await bookFlight(t, customer.auth, {
      ...bookingBody(offer),
      expected_total: { amount: offer.total_amount, currency: 'USD' },
    });
    assert.equal(wrongCurrency.statusCode, 400);
    assert.equal(wrongCurrency.json().errors[0].pointer, '/expected_total/currency');
    assert.equal(await seatsLeft(offer), before);

    const missing = await t.app.inject({ method: 'GET', url: '/booking', headers: customer.auth });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().errors[0], {
      location: 'querystring',
      pointer: '/id',
      detail: 'or reference is required',
    });

    const res = await bookFlight(t, customer.auth, bookingBody(offer));
    const booking = res.json();
    const other = (await bookFlight(t, customer.auth, bookingBody(await offerFor(37)))).json();
    const etag = res.headers.etag as string;
    const stranger = await post(
      '/update_booking',
      { booking_id: booking.id, passengers: [{ id: 'pas_unknown', given_name: 'Ada' }] },
      { ...customer.auth, 'if-match': etag },
    );
    assert.equal(stranger.statusCode, 400);
    assert.equal(stranger.json().errors[0].pointer, '/passengers/0/id');

    const forged = await post('/cancel_booking', { booking_id: booking.id, quote_id: 'cq_forged.quote' });
    assert.equal(forged.statusCode, 400);
    assert.equal(forged.json().errors[0].pointer, '/quote_id');
    const otherQuote = (await post('/quote_cancellation', { booking_id: other.id })).json();
    const misused = await post('/cancel_booking', { booking_id: booking.id, quote_id: otherQuote.quote_id });
    assert.equal(misused.statusCode, 400);
    assert.equal(misused.json().errors[0].detail, 'is for another booking');
    const unchanged = (await get(`id=${booking.id}`)).json();
    assert.equal(unchanged.status, 'confirmed');
    assert.equal(unchanged.passengers[0].given_name, booking.passengers[0].given_name);
  });

  it('lists the caller’s bookings newest first with cursors', async () => {
    const mine = await signIn(t);
    for (const days of [32, 33, 34]) await bookFlight(t, mine.auth, bookingBody(await offerFor(days)));
    const first = (
      await t.app.inject({ method: 'GET', url: '/flight_bookings?limit=2', headers: mine.auth })
    ).json();
    assert.equal(first.total_count, 3);
    assert.equal(first.data.length, 2);
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `/flight_bookings?limit=2&cursor=${first.next_cursor}`,
        headers: mine.auth,
      })
    ).json();
    assert.equal(second.data.length, 1);
    assert.equal(second.next_cursor, null);
    const all = [...first.data, ...second.data];
    assert.equal(new Set(all.map((b: any) => b.id)).size, 3);
    const other = await t.app.inject({
      method: 'GET',
      url: `/flight_bookings?status=cancelled&cursor=${first.next_cursor}`,
      headers: mine.auth,
    });
    assert.equal(other.json().code, 'INVALID_CURSOR');
  });
});
