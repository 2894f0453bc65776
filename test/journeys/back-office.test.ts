import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { bookingBody, searchBody, seedFlights } from '../helpers/flights.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';
import { startSmtp } from '../helpers/smtp.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * An agency runs its own back office over real HTTP: its admin makes machine clients (one with a secret,
 * one with keys) that get tokens with client_credentials and book; a secret rotated keeps the old one
 * until its grace ends; the agency suspended, its clients and people are refused at once and its bookings
 * stay; a reset link works once; and each step is in the agency's audit log.
 */
describe('an agency’s back office, over real HTTP', () => {
  let server: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp();
    // Real time: client assertions are signed with the time of day.
    server = await startTestServer({ clockStart: new Date(), env: { SMTP_URL: smtp.url } });
    await seedFlights(server);
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
  });
  const call = async (token: string, method: string, path: string, body?: unknown, extra = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  /** Searches LHR–JFK and books the first offer, as the holder of `token`. */
  const book = async (token: string, days: number) => {
    const found = await call(token, 'POST', '/search_flight', searchBody(server, [['LHR', 'JFK', days]]));
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const offer = found.body.data[0];
    return call(token, 'POST', '/book_flight', bookingBody(offer), { 'idempotency-key': randomUUID() });
  };

  it('from machine clients to suspension, each step audited', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const password = 'the agency admin’s password';
    const made = await admin.call('POST', '/create_user', {
      username: `nordlicht-${Date.now()}`,
      password,
      role: 'agency_admin',
      agency: `Nordlicht Reisen ${Date.now()}`,
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const agencyId: string = made.body.agency_id;
    const boss = await bossTokenWith(password);

    // A client with a secret, by HTTP Basic: it books as the agency.
    const secretClient = (await call(boss, 'POST', '/create_client', { name: 'Back office sync' })).body;
    assert.equal(secretClient.agency_id, agencyId);
    const bySecret = async (secret: string) =>
      form({ grant_type: 'client_credentials' }, basic(secretClient.client_id, secret));
    const secretToken = (
      (await (await bySecret(secretClient.client_secret)).json()) as { access_token: string }
    ).access_token;
    const booked = await book(secretToken, 14);
    assert.equal(booked.status, 201, JSON.stringify(booked.body));

    // A client with keys: a signed assertion, no secret anywhere.
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keyClient = (
      await call(boss, 'POST', '/create_client', {
        name: 'Signed sync',
        jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'nordlicht-1' }] },
      })
    ).body;
    assert.equal(keyClient.client_secret, null);
    const assertion = async () => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'nordlicht-1' })
        .setIssuer(keyClient.client_id)
        .setSubject(keyClient.client_id)
        .setAudience(`${server.baseUrl}/connect/token`)
        .setIssuedAt(now)
        .setExpirationTime(now + 120)
        .setJti(randomUUID())
        .sign(privateKey);
    };
    const keyAnswer = await form({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(),
    });
    assert.equal(keyAnswer.status, 200);
    const keyToken = ((await keyAnswer.json()) as { access_token: string }).access_token;
    const bookedByKey = await book(keyToken, 16);
    assert.equal(bookedByKey.status, 201, JSON.stringify(bookedByKey.body));

    // The secret rotated with an hour's grace: both work; rotated again with none, the old one stops.
    const rotated = (
      await call(boss, 'POST', '/rotate_client_secret', {
        client_id: secretClient.client_id,
        grace_seconds: 3600,
      })
    ).body;
    assert.equal(
      (await bySecret(secretClient.client_secret)).status,
      200,
      'the old secret, within its grace',
    );
    assert.equal((await bySecret(rotated.client_secret)).status, 200);
    const again = (
      await call(boss, 'POST', '/rotate_client_secret', {
        client_id: secretClient.client_id,
        grace_seconds: 0,
      })
    ).body;
    assert.equal((await bySecret(rotated.client_secret)).status, 401, 'no grace, no old secret');
    const current = ((await (await bySecret(again.client_secret)).json()) as { access_token: string })
      .access_token;

    // The agency suspended: its people and both clients are refused at once; its bookings stay.
    const suspended = await admin.call('POST', '/suspend_agency', { agency_id: agencyId });
    assert.equal(suspended.status, 200);
    for (const token of [boss, current, keyToken])
      assert.equal((await call(token, 'GET', '/flight_bookings')).status, 401);
    assert.equal((await bySecret(again.client_secret)).status, 401);
    for (const id of [booked.body.id, bookedByKey.body.id]) {
      const kept = await admin.call('GET', `/booking?id=${id}`);
      assert.equal(kept.status, 200);
      assert.equal(kept.body.status, 'confirmed');
    }
    await admin.call('POST', '/reinstate_agency', { agency_id: agencyId });

    // A reset link works once.
    const email = `${made.body.username}@example.com`;
    await admin.call('POST', '/update_user', { user_id: made.body.id, email });
    await fetch(`${server.baseUrl}/request_password_reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: made.body.username }),
    });
    await server.mail.sendDue();
    const mail = smtp.received.findLast((m) =>
      (Array.isArray(m.to) ? '' : (m.to?.text ?? '')).includes(email),
    );
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    assert.ok(token, 'a link was mailed');
    const reset = (newPassword: string) =>
      fetch(`${server.baseUrl}/reset_password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, new_password: newPassword }),
      });
    assert.equal((await reset('a new password for the agency')).status, 204);
    assert.equal((await reset('and another one for it')).status, 400);

    // Every step in the agency's audit log, as its admin reads it.
    const log = await call(
      await bossTokenWith('a new password for the agency'),
      'GET',
      '/audit_events?limit=500',
    );
    assert.equal(log.status, 200, JSON.stringify(log.body));
    const actions = (log.body.data as Array<{ action: string; agency_id: string }>).map((e) => e.action);
    assert.ok(
      (log.body.data as Array<{ agency_id: string }>).every((e) => e.agency_id === agencyId),
      'its agency’s entries only',
    );
    for (const action of [
      'user.created',
      'sign_in.succeeded',
      'client.created',
      'client.secret_rotated',
      'agency.suspended',
      'agency.reinstated',
      'password_reset.requested',
      'password_reset.completed',
    ])
      assert.ok(actions.includes(action), `${action} in ${[...new Set(actions)].join(', ')}`);

    async function bossTokenWith(newPassword: string) {
      const answer = await form({
        grant_type: 'password',
        client_id: 'itinera-web',
        username: made.body.username,
        password: newPassword,
      });
      return ((await answer.json()) as { access_token: string }).access_token;
    }
  });
});
