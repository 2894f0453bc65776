import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FORM, form, signIn } from '../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * An agency admin runs its own agency — its people, its machine clients, its details, its audit log —
 * and nothing else: another agency's account, client or agency is 404 to it, as a missing one; roles
 * beyond its agency's and the operator's decisions (suspension, inventory) are 403.
 */
describe('an agency admin', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let boss: Awaited<ReturnType<typeof signIn>>;
  let agencyId: string;
  let otherAgent: Awaited<ReturnType<typeof signIn>>;
  let otherAgencyId: string;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    admin = (await signIn(t, 'admin')).auth;
    boss = await signIn(t, 'agency_admin');
    agencyId = (await get('/balance', boss.auth)).json().agency_id;
    otherAgent = await signIn(t, 'agent');
    otherAgencyId = (await get('/balance', otherAgent.auth)).json().agency_id;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = boss.auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers: Record<string, string> = boss.auth) =>
    t.app.inject({ method: 'GET', url, headers });
  const clientToken = (id: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: form({ grant_type: 'client_credentials', client_id: id, client_secret: secret }),
    });

  it('gets the manage scope, not the admin one', () => {
    assert.equal(boss.scope, 'read book manage');
  });

  it('makes agents and agency admins of its agency only', async () => {
    const agent = await post('/create_user', {
      username: `desk-${Date.now()}`,
      password: 'a long enough password',
      role: 'agent',
    });
    assert.equal(agent.statusCode, 201, agent.body);
    assert.equal(agent.json().agency_id, agencyId);
    for (const role of ['admin', 'customer']) {
      const refused = await post('/create_user', {
        username: `x-${role}-${Date.now()}`,
        password: 'a long enough password',
        role,
      });
      assert.equal(refused.statusCode, 403, refused.body);
    }
    const elsewhere = await post('/create_user', {
      username: `y-${Date.now()}`,
      password: 'a long enough password',
      role: 'agent',
      agency: 'Another Agency Entirely',
    });
    assert.equal(elsewhere.statusCode, 400, elsewhere.body);
    assert.equal(elsewhere.json().errors[0].pointer, '/agency');
  });

  it('lists, reads, promotes and disables its agency’s people, and cannot see another’s', async () => {
    const listed = (await get('/users')).json().data as Array<{ agency_id: string; id: string }>;
    assert.ok(listed.length >= 2, 'itself and the agent it made');
    assert.ok(listed.every((u) => u.agency_id === agencyId));
    assert.equal((await get(`/users?agency_id=${otherAgencyId}`)).statusCode, 404);
    assert.equal((await get(`/user?id=${otherAgent.user.id}`)).statusCode, 404);
    assert.equal(
      (await post('/update_user', { user_id: otherAgent.user.id, disabled: true })).statusCode,
      404,
    );
    assert.equal((await post('/end_user_sessions', { user_id: otherAgent.user.id })).statusCode, 404);
    const adminId = (await get('/users?role=admin', admin)).json().data[0].id;
    assert.equal((await get(`/user?id=${adminId}`)).statusCode, 404, 'an admin is no agency’s');

    const mine = listed.find((u) => u.id !== boss.user.id)!;
    const promoted = await post('/update_user', { user_id: mine.id, role: 'agency_admin' });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal(promoted.json().role, 'agency_admin');
    assert.equal((await post('/update_user', { user_id: mine.id, role: 'admin' })).statusCode, 403);
    const moved = await post('/update_user', { user_id: mine.id, agency_id: otherAgencyId });
    assert.equal(moved.statusCode, 404, 'another agency is not there for it');
    const disabled = await post('/update_user', { user_id: mine.id, disabled: true });
    assert.equal(disabled.json().disabled, true);
    assert.equal((await get(`/user?id=${mine.id}`, admin)).json().agency_id, agencyId, 'still its agency’s');
  });

  it('makes a machine client of its agency that books as it, and cannot touch another agency’s', async () => {
    const made = await post('/create_client', { name: 'Back office' });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json().agency_id, agencyId);
    assert.equal(made.json().role, 'agent');
    const token = await clientToken(made.json().client_id, made.json().client_secret);
    assert.equal(token.statusCode, 200, token.body);
    const machine = { authorization: `Bearer ${token.json().access_token}` };
    const offer = await firstOffer(t, machine, searchBody(t, [['LHR', 'JFK', 15]]));
    const booking = await bookFlight(t, machine, bookingBody(offer));
    assert.equal(booking.statusCode, 201, booking.body);
    assert.equal((await get(`/booking?id=${booking.json().id}`)).statusCode, 200, 'its agency’s booking');

    const theirs = (await post('/create_client', { name: 'Theirs', agency_id: otherAgencyId }, admin)).json();
    assert.equal((await post('/create_client', { name: 'x', agency_id: otherAgencyId })).statusCode, 404);
    const listed = (await get('/clients')).json().data as Array<{ client_id: string; agency_id: string }>;
    assert.deepEqual(
      listed.map((c) => c.client_id),
      [made.json().client_id],
    );
    for (const [url, body] of [
      ['/update_client', { client_id: theirs.client_id, name: 'Mine now' }],
      ['/rotate_client_secret', { client_id: theirs.client_id }],
      ['/revoke_client', { client_id: theirs.client_id }],
    ] as const)
      assert.equal((await post(url, body)).statusCode, 404, url);
    const rotated = await post('/rotate_client_secret', {
      client_id: made.json().client_id,
      grace_seconds: 0,
    });
    assert.equal(rotated.statusCode, 200, rotated.body);
    assert.equal((await clientToken(made.json().client_id, made.json().client_secret)).statusCode, 401);
  });

  it('reads and sets its own agency’s details, and leaves suspension and inventory to the operator', async () => {
    const listed = (await get('/agencies')).json().data as Array<{ id: string }>;
    assert.deepEqual(
      listed.map((a) => a.id),
      [agencyId],
    );
    assert.equal((await get(`/agency_details?id=${otherAgencyId}`)).statusCode, 404);
    const billed = await post('/update_agency', {
      agency_id: agencyId,
      vat_id: 'DE123456789',
      name: `Sonnenschein Reisen ${Date.now()}`,
      contact_email: 'buero@sonnenschein.example',
      contact_phone: '+4930123456',
    });
    assert.equal(billed.statusCode, 200, billed.body);
    assert.equal(billed.json().vat_id, 'DE123456789');
    assert.equal(billed.json().contact_email, 'buero@sonnenschein.example');
    const otherName = (await get(`/agency_details?id=${otherAgencyId}`, admin)).json().name;
    const taken = await post('/update_agency', { agency_id: agencyId, name: otherName });
    assert.equal(taken.statusCode, 409, 'another agency’s name');
    assert.equal(
      (await post('/update_agency', { agency_id: otherAgencyId, vat_id: 'FR12345678901' })).statusCode,
      404,
    );
    assert.equal((await post('/suspend_agency', { agency_id: agencyId })).statusCode, 403);
    assert.equal((await post('/withdraw_fare', { fare_id: 'x' })).statusCode, 403);
  });

  it('reads its agency’s audit log and no other’s', async () => {
    await post('/update_agency', { agency_id: otherAgencyId, vat_id: 'FR12345678901' }, admin);
    const entries = (await get('/audit_events?limit=500')).json().data as Array<{
      agency_id: string | null;
      action: string;
    }>;
    assert.ok(entries.length > 3, `${entries.length} entries`);
    assert.ok(
      entries.every((e) => e.agency_id === agencyId),
      'only its agency’s',
    );
    for (const action of [
      'user.created',
      'user.updated',
      'client.created',
      'client.secret_rotated',
      'agency.updated',
    ])
      assert.ok(
        entries.some((e) => e.action === action),
        `${action} is there`,
      );
    assert.equal((await get(`/audit_events?agency_id=${otherAgencyId}`)).statusCode, 404);
    const everyone = (await get(`/audit_events?agency_id=${otherAgencyId}`, admin)).json().data;
    assert.ok(everyone.some((e: { action: string }) => e.action === 'agency.updated'));
  });

  it('is refused to an agent of the agency', async () => {
    const agent = await signIn(t, 'agent');
    for (const url of ['/users', '/clients', '/agencies', '/audit_events'])
      assert.equal((await get(url, agent.auth)).statusCode, 403, url);
  });
});
