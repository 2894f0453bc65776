import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { signIn } from '../helpers/factories.ts';
import { adult, bookFlight, bookingBody, firstOffer, searchBody, seedFlights } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on loopback: keeps what arrives, answers `status` (changeable). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(state.status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, state, close: () => server.close() };
}

describe('webhooks', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let agent: Awaited<ReturnType<typeof signIn>>;
  let customer: Awaited<ReturnType<typeof signIn>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    // Receivers check the signature's timestamp against their own clock: the test's starts now.
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '5,60' }, clockStart: new Date() });
    await seedFlights(t);
    admin = await signIn(t, 'admin');
    agent = await signIn(t, 'agent');
    customer = await signIn(t);
    receiver = await startReceiver();
  });
  after(async () => {
    receiver.close();
    await t.close();
  });

  const post = (url: string, payload: object, auth: Record<string, string>, headers = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
  const get = (url: string, auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: auth });
  const subscribe = async (auth: Record<string, string>, events: string[], url = receiver.url) => {
    const res = await post('/create_webhook', { url, events, description: 'test receiver' }, auth);
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: string; secret: string };
  };
  /** The event, once `standardwebhooks` verifies it (timestamp within its tolerance of now included). */
  const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as any;
  /**
   * The event, when one of its signatures is the one `standardwebhooks` makes with this secret for its id,
   * timestamp and body: for deliveries the test's clock sent from later than the real now.
   */
  const signedBy = (secret: string, r: Received) => {
    const expected = new Webhook(secret).sign(
      r.headers['webhook-id']!,
      new Date(Number(r.headers['webhook-timestamp']) * 1000),
      r.body,
    );
    if (!r.headers['webhook-signature']!.split(' ').includes(expected)) throw new Error('not signed by it');
    return JSON.parse(r.body);
  };

  it('delivers every event it may, signed per Standard Webhooks, exactly as GET /events shows it', async () => {
    const hook = await subscribe(admin.auth, ['*']);
    assert.match(hook.secret, /^whsec_/);
    const narrow = await subscribe(admin.auth, ['flight_booking.cancelled']);
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'JFK', 12]]));
    const held = (await bookFlight(t, customer.auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    await post('/confirm_booking', { booking_id: held.id }, customer.auth);
    const quote = (await post('/quote_cancellation', { booking_id: held.id }, customer.auth)).json();
    await post('/cancel_booking', { booking_id: held.id, quote_id: quote.quote_id }, customer.auth);

    assert.equal(await t.webhooks.deliverDue(), 4, 'three events to the first endpoint, one to the second');
    assert.equal(await t.webhooks.deliverDue(), 0, 'nothing is sent twice');
    const log = (await get(`/events?booking_id=${held.id}`, admin.auth)).json().data;
    const toFirst = receiver.received.filter((r) => verifies(hook.secret, r));
    const toSecond = receiver.received.filter((r) => verifies(narrow.secret, r));
    assert.deepEqual(
      toFirst.map((r) => verified(hook.secret, r)).sort((a, b) => a.id.localeCompare(b.id)),
      log,
    );
    for (const r of toFirst) assert.equal(r.headers['webhook-id'], JSON.parse(r.body).id);
    assert.deepEqual(
      toSecond.map((r) => verified(narrow.secret, r).type),
      ['flight_booking.cancelled'],
    );
    const deliveries = (await get(`/webhook_deliveries?webhook_id=${hook.id}`, admin.auth)).json();
    assert.equal(deliveries.total_count, 3);
    assert.ok(
      deliveries.data.every(
        (d: any) => d.status === 'delivered' && d.attempts === 1 && d.last_status_code === 200,
      ),
    );
    for (const id of [hook.id, narrow.id]) await post('/delete_webhook', { id }, admin.auth);
  });

  it('retries a failing endpoint on its schedule until it answers, then gives up after the last delay', async () => {
    receiver.received.length = 0;
    const hook = await subscribe(admin.auth, ['flight_booking.created']);
    receiver.state.status = 503;
    const offer = await firstOffer(t, customer.auth, searchBody(t, [['LHR', 'CDG', 14]]));
    const first = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    assert.equal(await t.webhooks.deliverDue(), 1);
    const pending = (await get(`/webhook_deliveries?webhook_id=${hook.id}`, admin.auth)).json().data[0];
    assert.deepEqual([pending.status, pending.attempts, pending.last_status_code], ['pending', 1, 503]);
    assert.equal(await t.webhooks.deliverDue(), 0, 'not due before its delay');

    receiver.state.status = 204;
    t.clock.advance(6);
    assert.equal(await t.webhooks.deliverDue(), 1);
    const done = (await get(`/webhook_deliveries?webhook_id=${hook.id}`, admin.auth)).json().data[0];
    assert.deepEqual([done.status, done.attempts, done.last_status_code], ['delivered', 2, 204]);
    // The gauges count attempts by what became of them.
    const gauges = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(gauges, /^itinera_webhook_deliveries_total\{status="pending"\} [1-9]/m);
    assert.match(gauges, /^itinera_webhook_deliveries_total\{status="delivered"\} [1-9]/m);
    assert.equal(signedBy(hook.secret, receiver.received.at(-1)!).data.object.id, first.id);

    receiver.state.status = 500;
    const second = (await bookFlight(t, customer.auth, bookingBody(offer))).json();
    await t.webhooks.deliverDue();
    t.clock.advance(6);
    await t.webhooks.deliverDue();
    t.clock.advance(70);
    await t.webhooks.deliverDue();
    const failed = (await get(`/webhook_deliveries?webhook_id=${hook.id}&status=failed`, admin.auth)).json()
      .data;
    assert.equal(failed.length, 1);
    assert.equal(failed[0].attempts, 3, 'the first try and one per delay of the schedule');
    const eventId = failed[0].event_id;
    assert.equal((await get(`/events?booking_id=${second.id}`, admin.auth)).json().data[0].id, eventId);

    const off = (await get('/webhooks', admin.auth)).json().data.find((w: any) => w.id === hook.id);
    assert.equal(off.active, false, 'an endpoint whose delivery failed for good, with none since, is off');
    assert.match(off.disabled_reason, /no delivery succeeded/);
    const told = (await get('/events?types=webhook_endpoint.disabled', admin.auth)).json().data;
    assert.deepEqual(
      told.map((e: any) => [e.data.object.id, e.data.object.active]),
      [[hook.id, false]],
    );
    receiver.state.status = 200;
    const on = await post('/update_webhook', { id: hook.id, active: true }, admin.auth);
    assert.equal(on.json().disabled_reason, null);
    const again = await post('/redeliver_event', { event_id: eventId, webhook_id: hook.id }, admin.auth);
    assert.equal(again.statusCode, 202);
    assert.equal(await t.webhooks.deliverDue(), 1);
    assert.equal(signedBy(hook.secret, receiver.received.at(-1)!).id, eventId);
    await post('/delete_webhook', { id: hook.id }, admin.auth);
  });

  it('gives an agency its own bookings’ events only, and operator events to admins only', async () => {
    receiver.received.length = 0;
    const forbidden = await post('/create_webhook', { url: receiver.url, events: ['*'] }, customer.auth);
    assert.equal(forbidden.statusCode, 403);
    const operatorOnly = await post(
      '/create_webhook',
      { url: receiver.url, events: ['flight.cancelled'] },
      agent.auth,
    );
    assert.equal(operatorOnly.statusCode, 400);
    const agencyHook = await subscribe(agent.auth, ['*']);
    const offer = await firstOffer(t, agent.auth, searchBody(t, [['LHR', 'JFK', 16]]));
    const theirs = (await bookFlight(t, agent.auth, bookingBody(offer))).json();
    await bookFlight(t, customer.auth, bookingBody(offer));
    await t.webhooks.deliverDue();
    const got = receiver.received.map((r) => verified(agencyHook.secret, r));
    assert.deepEqual(
      got.map((e) => e.data.object.id),
      [theirs.id],
    );
    assert.deepEqual(
      (await get('/webhooks', agent.auth)).json().data.map((w: any) => w.id),
      [agencyHook.id],
    );
    assert.equal(
      (await get('/webhooks', admin.auth)).json().data.some((w: any) => w.id === agencyHook.id),
      true,
    );
    await post('/delete_webhook', { id: agencyHook.id }, agent.auth);
  });

  it('refuses what names nothing of the caller’s with a clear 4xx, and changes nothing', async () => {
    const unknownType = await post(
      '/create_webhook',
      { url: receiver.url, events: ['booking.nope'] },
      admin.auth,
    );
    assert.equal(unknownType.statusCode, 400);
    assert.equal(unknownType.json().errors[0].pointer, '/events/0');
    const badUrl = await post('/create_webhook', { url: 'not a url', events: ['*'] }, admin.auth);
    assert.equal(badUrl.json().errors[0].pointer, '/url');

    const adminHook = await subscribe(admin.auth, ['flight_booking.created']);
    const otherAgent = await signIn(t, 'agent');
    for (const [url, body] of [
      ['/update_webhook', { id: adminHook.id, active: false }],
      ['/delete_webhook', { id: adminHook.id }],
      ['/rotate_webhook_secret', { id: adminHook.id }],
      ['/ping_webhook', { id: adminHook.id }],
      ['/redeliver_event', { event_id: 'evt_none', webhook_id: adminHook.id }],
    ] as const) {
      const res = await post(url, body, otherAgent.auth);
      assert.equal(res.statusCode, 404, `${url} on another's endpoint: ${res.body}`);
      assert.equal(res.json().code, 'NOT_FOUND');
    }
    assert.deepEqual((await get('/webhooks', otherAgent.auth)).json().data, []);
    assert.equal((await get('/webhook_deliveries', otherAgent.auth)).json().total_count, 0);
    const neverSent = await post(
      '/redeliver_event',
      { event_id: 'evt_none', webhook_id: adminHook.id },
      admin.auth,
    );
    assert.equal(neverSent.statusCode, 404, 'an event never sent to the endpoint');
    const still = (await get('/webhooks', admin.auth)).json().data.find((w: any) => w.id === adminHook.id);
    assert.equal(still.active, true, 'the refused update changed nothing');
    await post('/delete_webhook', { id: adminHook.id }, admin.auth);
  });

  it('signs with both secrets during a rotation’s grace period, and answers a ping', async () => {
    receiver.received.length = 0;
    const hook = await subscribe(admin.auth, ['flight_booking.created']);
    const rotated = (
      await post('/rotate_webhook_secret', { id: hook.id, grace_seconds: 3600 }, admin.auth)
    ).json();
    assert.notEqual(rotated.secret, hook.secret);
    const ping = await post('/ping_webhook', { id: hook.id }, admin.auth);
    assert.equal(ping.statusCode, 202);
    await t.webhooks.deliverDue();
    const delivery = receiver.received.at(-1)!;
    assert.equal(verified(rotated.secret, delivery).type, 'webhook_endpoint.ping');
    assert.equal(verified(hook.secret, delivery).id, ping.json().event_id, 'the old secret still verifies');
    assert.equal(delivery.headers['webhook-signature']!.split(' ').length, 2);
    t.clock.advance(3601);
    const laterAdmin = await signIn(t, 'admin'); // the first one's token has expired meanwhile
    const again = await post('/ping_webhook', { id: hook.id }, laterAdmin.auth);
    assert.equal(again.statusCode, 202);
    await t.webhooks.deliverDue();
    const later = receiver.received.at(-1)!;
    assert.equal(later.headers['webhook-signature']!.split(' ').length, 1);
    assert.equal(signedBy(rotated.secret, later).type, 'webhook_endpoint.ping');
    assert.throws(() => signedBy(hook.secret, later), 'after the grace period the old secret does not sign');
    await post('/delete_webhook', { id: hook.id }, laterAdmin.auth);
  });
});

function verifies(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
}
