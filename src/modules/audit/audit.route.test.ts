import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postToken, signIn } from '../../../test/helpers/factories.ts';
import { dayAfter, searchBody, seedFlights } from '../../../test/helpers/flights.ts';
import { seedHotels } from '../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { randomIds } from '../../ports/ids.ts';
import { createAuditLog } from './audit-log.ts';

/**
 * The audit log over the API: sign-ins and their failures, a lockout, accounts changed and their sessions
 * ended, each with who, from where, which request, and the state before and after; nothing for a change
 * that did not happen; read by admins only, filtered, a page at a time, and as CSV.
 */
describe('the audit log', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const CLIENT = 'audit-test';
  before(async () => {
    t = await buildTestApp();
    await t.accounts.createClient({ clientId: CLIENT, name: 'Audit test', confidential: false });
    admin = await signIn(t, 'admin');
  });
  after(() => t.close());

  const signInAs = (username: string, password: string) =>
    postToken(t, { grant_type: 'password', client_id: CLIENT, username, password });
  const audit = async (query: string, headers = admin.auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/audit_events?${query}`, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { data: any[]; next_cursor: string | null };
  };

  it('records sign-ins, their failures and a lockout, with the account, address and request', async () => {
    const user = await t.accounts.createUser({
      username: 'audited-one',
      password: 'a good password 1',
      role: 'customer',
    });
    assert.equal((await signInAs('audited-one', 'a good password 1')).statusCode, 200);
    for (let i = 0; i < 5; i++) await signInAs('audited-one', 'a wrong password');
    await signInAs('nobody-here', 'whatever it is');
    const mine = await audit(`target_id=${user.id}`);
    assert.deepEqual(
      mine.data.map((e) => e.action),
      ['account.locked', ...Array(5).fill('sign_in.failed'), 'sign_in.succeeded'],
      'newest first',
    );
    const first = mine.data.at(-1);
    assert.deepEqual(first.actor, { type: 'user', id: user.id, name: 'audited-one' });
    assert.equal(first.outcome, 'success');
    assert.equal(first.ip, '127.0.0.1');
    assert.match(first.request_id, /^req_/);
    assert.equal(mine.data[0].outcome, 'failure');
    // A login that names no account is recorded without it (what was typed is not kept).
    const anonymous = (await audit('action=sign_in.failed')).data.filter((e) => e.actor.type === 'anonymous');
    assert.equal(anonymous.length, 1);
    assert.equal(anonymous[0].target, null);
  });

  it('records an account changed by an admin, before and after, in the transaction of the change', async () => {
    const user = await t.accounts.createUser({
      username: 'audited-two',
      email: 'two@example.com',
      password: 'a good password 2',
      role: 'customer',
    });
    await t.accounts.createUser({
      username: 'audited-three',
      email: 'three@example.com',
      password: 'a good password 3',
      role: 'customer',
    });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.auth, payload });
    const changed = await post('/update_user', { user_id: user.id, role: 'admin' });
    assert.equal(changed.statusCode, 200, changed.body);
    // The e-mail of another account: refused, and so not recorded.
    const refused = await post('/update_user', { user_id: user.id, email: 'three@example.com' });
    assert.equal(refused.statusCode, 409);
    assert.equal((await post('/end_user_sessions', { user_id: user.id })).statusCode, 200);

    const entries = (await audit(`target_id=${user.id}&action=user`)).data;
    assert.deepEqual(
      entries.map((e) => e.action),
      ['user.sessions_ended', 'user.updated'],
    );
    const updated = entries[1];
    assert.deepEqual(updated.actor, { type: 'user', id: admin.user.id, name: admin.user.username });
    assert.deepEqual(updated.before, {
      email: 'two@example.com',
      role: 'customer',
      agency_id: null,
      disabled: false,
    });
    assert.deepEqual(updated.after, {
      email: 'two@example.com',
      role: 'admin',
      agency_id: null,
      disabled: false,
    });
  });

  it('records an agency suspended, reinstated and given billing details', async () => {
    await signIn(t, 'agent'); // an agent of a new agency
    const agencies = await t.app.inject({ method: 'GET', url: '/agencies', headers: admin.auth });
    const agency = agencies.json().data.at(-1);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.auth, payload });
    assert.equal((await post('/suspend_agency', { agency_id: agency.id })).statusCode, 200);
    assert.equal(
      (await post('/suspend_agency', { agency_id: agency.id })).statusCode,
      200,
      'again: no change',
    );
    assert.equal((await post('/reinstate_agency', { agency_id: agency.id })).statusCode, 200);
    const billed = await post('/update_agency', { agency_id: agency.id, vat_id: 'GB123456789' });
    assert.equal(billed.statusCode, 200, billed.body);
    const entries = (await audit(`target_id=${agency.id}`)).data;
    assert.deepEqual(
      entries.map((e) => e.action),
      ['agency.updated', 'agency.reinstated', 'agency.suspended'],
      'a suspension that changed nothing is not recorded',
    );
    const kept = { name: agency.name, contact_email: null, contact_phone: null, billing_address: null };
    assert.deepEqual(entries[0].before, { ...kept, vat_id: null });
    assert.deepEqual(entries[0].after, { ...kept, vat_id: 'GB123456789' });
    assert.equal(entries[0].agency_id, agency.id);
  });

  it('records a machine client made, changed, given a new secret and revoked', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.auth, payload });
    const made = await post('/create_client', { name: 'Back office', scopes: ['read'] });
    assert.equal(made.statusCode, 201, made.body);
    const id = made.json().client_id;
    assert.equal((await post('/update_client', { client_id: id, name: 'Back office 2' })).statusCode, 200);
    assert.equal((await post('/rotate_client_secret', { client_id: id })).statusCode, 200);
    assert.equal((await post('/revoke_client', { client_id: id })).statusCode, 200);
    const entries = (await audit(`target_id=${id}`)).data;
    assert.deepEqual(
      entries.map((e) => e.action),
      ['client.revoked', 'client.secret_rotated', 'client.updated', 'client.created'],
    );
    assert.deepEqual(entries[2].before, { name: 'Back office', scopes: 'read' });
    assert.deepEqual(entries[2].after, { name: 'Back office 2', scopes: 'read' });
    assert.ok(!JSON.stringify(entries).includes(made.json().client_secret), 'no secret in the log');
  });

  it('records operators’ changes: pricing rules, money, flights cancelled, allotments, imports', async () => {
    await seedFlights(t); // through the command line's path: no request
    await seedHotels(t);
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: admin.auth, payload });
      assert.ok(res.statusCode < 300, `${url}: ${res.body}`);
      return res.json();
    };
    const rule = await post('/create_pricing_rule', {
      name: 'audited',
      scope: { product: 'flight' },
      markup_percent: 5,
    });
    await post('/retire_pricing_rule', { id: rule.id });
    const agent = await signIn(t, 'agent');
    const agencyId = (await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json()
      .agency_id;
    await post('/top_up_balance', { agency_id: agencyId, amount: 10_000, currency: 'EUR' });
    await post('/set_credit_limit', { agency_id: agencyId, credit_limit: 5_000, currency: 'EUR' });
    const offer = (
      await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: admin.auth,
        payload: searchBody(t, [['LHR', 'CDG', 9]]),
      })
    ).json().data[0];
    const flightId = offer.slices[0].segments[0].flight_id;
    await post('/cancel_flight', { flight_id: flightId, departure_date: dayAfter(t, 9), reason: 'strike' });
    const hotel = (
      await t.app.inject({
        method: 'GET',
        url: '/b2c/hotels?city_id=cty_2643743&limit=1',
        headers: admin.auth,
      })
    ).json().data[0];
    const roomType = hotel.room_types?.[0]?.code ?? 'STD';
    await post('/set_allotment', {
      hotel_id: hotel.id,
      room_type: roomType,
      from: dayAfter(t, 20),
      to: dayAfter(t, 21),
      rooms: 3,
    });

    const actions = async (action: string) => (await audit(`action=${action}`)).data;
    assert.deepEqual(
      (await actions('pricing_rule')).map((e) => e.action),
      ['pricing_rule.retired', 'pricing_rule.created'],
    );
    const money = await actions('agency_account');
    assert.deepEqual(
      money.map((e) => e.action),
      ['agency_account.credit_limit_changed', 'agency_account.topped_up'],
    );
    assert.equal(money[0].after.credit_limit, 5_000);
    const cancelled = (await actions('flight.cancelled'))[0];
    assert.deepEqual(cancelled.target, { type: 'flight', id: flightId });
    assert.equal(cancelled.actor.id, admin.user.id);
    assert.equal((await actions('allotment.set'))[0].after.rooms, 3);
    const imports = await actions('flights.imported');
    assert.equal(imports.at(-1).actor.type, 'command', 'an import without a request: the command line');
    assert.ok(imports.at(-1).after.schedules > 0);
  });

  it('pages by cursor, answers CSV, and is for admins only', async () => {
    const first = await audit('limit=2');
    assert.equal(first.data.length, 2);
    assert.ok(first.next_cursor);
    const second = await audit(`limit=2&cursor=${first.next_cursor}`);
    assert.ok(second.data[0].id < first.data[1].id, 'the next page is older');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/audit_events?format=csv&limit=3',
      headers: admin.auth,
    });
    assert.equal(csv.statusCode, 200);
    assert.match(csv.headers['content-type'] as string, /^text\/csv/);
    const lines = csv.body.trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'id,at,action,outcome,actor_type,actor_id,actor_name,agency_id,target_type,target_id,ip,request_id,before,after',
    );
    assert.equal(lines.length, 4);
    assert.ok(csv.headers['itinera-next-cursor']);

    const agent = await signIn(t, 'agent');
    const forbidden = await t.app.inject({ method: 'GET', url: '/audit_events', headers: agent.auth });
    assert.equal(forbidden.statusCode, 403);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/audit_events?cursor=nonsense',
      headers: admin.auth,
    });
    assert.equal(bad.json().code, 'INVALID_CURSOR');
    const otherQuery = await t.app.inject({
      method: 'GET',
      url: `/audit_events?limit=2&action=user&cursor=${first.next_cursor}`,
      headers: admin.auth,
    });
    assert.equal(otherQuery.json().code, 'INVALID_CURSOR', 'a cursor is for the query that made it');
  });
});

describe('the audit log’s retention', () => {
  it('deletes the entries older than the cutoff and keeps the rest', async () => {
    const t = await buildTestApp();
    try {
      const log = createAuditLog({ db: t.storage.db, clock: t.clock, ids: randomIds });
      await log.record({ action: 'test.old' });
      t.clock.advance(400 * 86_400);
      await log.record({ action: 'test.new' });
      const cutoff = new Date(t.clock.now().getTime() - 399 * 86_400_000).toISOString();
      assert.equal(await log.purgeBefore(cutoff), 1);
      assert.deepEqual(
        (await log.list({ action: 'test' }, undefined, 10)).map((e) => e.action),
        ['test.new'],
      );
    } finally {
      await t.close();
    }
  });
});
