import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { bookFlight, bookingBody, searchBody, seedFlights } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const BOOKINGS = 500;

/**
 * Two processes on one database take bookings and deliver at the same time: every event reaches the
 * endpoint once, whichever process made it and whichever delivered it.
 */
describe('webhook deliveries from two processes on one database', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  let server: http.Server;
  const seen = new Map<string, number>();
  let url = '';
  before(async () => {
    storage = await openTestStorage();
    const clockStart = new Date();
    one = await buildTestApp({ storage, clockStart });
    two = await buildTestApp({ storage, clockStart });
    await seedFlights(one);
    await two.flights.refreshNetwork();
    server = http.createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      req.resume().on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    server.close();
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  it(`delivers the event of each of ${BOOKINGS} bookings exactly once`, async () => {
    const admin = await signIn(one, 'admin');
    const made = await one.app.inject({
      method: 'POST',
      url: '/create_webhook',
      headers: admin.auth,
      payload: { url, events: ['flight_booking.created'] },
    });
    assert.equal(made.statusCode, 201);
    const buyers = [await signIn(one), await signIn(two)];
    const apps = [one, two];
    const offers = (
      await one.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: buyers[0]!.auth,
        payload: searchBody(one, [['LHR', 'JFK', 20]], { limit: 50 }),
      })
    ).json().data;
    let booked = 0;
    let delivering = true;
    // Both processes deliver all along, as their schedulers would.
    const deliverers = apps.map(async (t) => {
      while (delivering)
        if ((await t.webhooks.deliverDue()) === 0) await new Promise((r) => setTimeout(r, 5));
    });
    for (let i = 0; i < BOOKINGS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const k = (i + j) % 2;
          return bookFlight(apps[k]!, buyers[k]!.auth, bookingBody(offers[(i + j) % offers.length]));
        }),
      );
      booked += batch.filter((r) => r.statusCode === 201).length;
    }
    for (let round = 0; round < 500 && seen.size < booked; round++)
      await new Promise((r) => setTimeout(r, 20));
    delivering = false;
    await Promise.all(deliverers);
    assert.ok(booked > BOOKINGS * 0.8, `${booked} booked (the rest met a changed price)`);
    const events = await storage.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'flight_booking.created')
      .execute();
    assert.equal(events.length, booked, 'one event per booking');
    assert.deepEqual([...seen.keys()].sort(), events.map((e) => e.id).sort(), 'every event arrived');
    assert.deepEqual([...new Set(seen.values())], [1], 'none arrived twice');
  });
});
