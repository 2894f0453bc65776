import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, FORM, form, postToken, signIn } from '../../../test/helpers/factories.ts';
import {
  bookFlight,
  bookingBody,
  firstOffer,
  searchBody,
  seedFlights,
} from '../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * The back office over the API: agencies suspended (their people and machine clients refused at once,
 * their bookings kept) and reinstated; accounts listed, changed, disabled and signed out everywhere,
 * each change of what an account may do ending the tokens it holds.
 */
describe('agencies and users, administered', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const clientToken = (id: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: form({ grant_type: 'client_credentials', client_id: id, client_secret: secret }),
    });

  it('suspends an agency: its people and clients refused at once, its bookings kept; reinstates it', async () => {
    const agent = await signIn(t, 'agent');
    const agencyId = (await get('/balance', agent.auth)).json().agency_id;
    const client = (await post('/create_client', { name: 'Sync', agency_id: agencyId })).json();
    const machine = bearer((await clientToken(client.client_id, client.client_secret)).json().access_token);
    const offer = await firstOffer(t, agent.auth, searchBody(t, [['LHR', 'JFK', 12]]));
    const booking = (await bookFlight(t, agent.auth, bookingBody(offer))).json();

    const suspended = await post('/suspend_agency', { agency_id: agencyId });
    assert.equal(suspended.statusCode, 200, suspended.body);
    assert.ok(suspended.json().suspended_at);
    assert.equal((await get('/flight_bookings', agent.auth)).statusCode, 401, 'the agent’s token, at once');
    assert.equal((await get('/flight_bookings', machine)).statusCode, 401, 'the client’s token, at once');
    const signInAgain = await postToken(t, {
      grant_type: 'password',
      client_id: agent.client.clientId,
      username: agent.user.username,
      password: agent.user.password,
    });
    assert.equal(signInAgain.json().error, 'invalid_grant');
    assert.equal((await clientToken(client.client_id, client.client_secret)).json().error, 'invalid_client');
    const refresh = await postToken(t, {
      grant_type: 'refresh_token',
      client_id: agent.client.clientId,
      refresh_token: agent.refreshToken,
    });
    assert.equal(refresh.json().error, 'invalid_grant');
    assert.equal((await get(`/booking?id=${booking.id}`)).json().status, 'confirmed', 'its bookings stay');

    const back = await post('/reinstate_agency', { agency_id: agencyId });
    assert.equal(back.json().suspended_at, null);
    assert.equal((await clientToken(client.client_id, client.client_secret)).statusCode, 200);
    t.clock.advance(2);
    const again = await postToken(t, {
      grant_type: 'password',
      client_id: agent.client.clientId,
      username: agent.user.username,
      password: agent.user.password,
    });
    assert.equal(again.statusCode, 200, again.body);
    const listed = (await get('/agencies')).json().data.find((a: any) => a.id === agencyId);
    assert.equal(listed.suspended_at, null);
    assert.equal((await post('/suspend_agency', { agency_id: 'agy_none' })).statusCode, 404);
    assert.equal((await post('/suspend_agency', { agency_id: agencyId }, agent.auth)).statusCode, 401);
  });

  it('lists accounts, changes a role with the tokens it held refused, disables and signs out everywhere', async () => {
    const customer = await signIn(t);
    const page = await get(`/users?role=customer&q=${customer.user.username.slice(0, 12)}&limit=1`);
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(page.json().data[0].username, customer.user.username);

    const agent = await signIn(t, 'agent');
    const agencyId = (await get('/balance', agent.auth)).json().agency_id;
    const promoted = await post('/update_user', {
      user_id: customer.user.id,
      role: 'agent',
      agency_id: agencyId,
    });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.deepEqual([promoted.json().role, promoted.json().agency_id], ['agent', agencyId]);
    assert.equal(
      (await get('/flight_bookings', customer.auth)).statusCode,
      401,
      'a token of the old role is refused',
    );
    const inAgency = (await get(`/users?agency_id=${agencyId}`)).json().data.map((u: any) => u.id);
    assert.ok(inAgency.includes(customer.user.id) && inAgency.includes(agent.user.id));
    assert.equal(
      (await post('/update_user', { user_id: customer.user.id, role: 'admin', agency_id: agencyId }))
        .statusCode,
      400,
    );
    assert.equal(
      (await post('/update_user', { user_id: customer.user.id, agency_id: null })).statusCode,
      400,
    );

    t.clock.advance(2);
    const person = await createUser(t);
    const disabled = await post('/update_user', { user_id: person.id, disabled: true });
    assert.equal(disabled.json().disabled, true);
    const refused = await postToken(t, {
      grant_type: 'password',
      client_id: agent.client.clientId,
      username: person.username,
      password: person.password,
    });
    assert.equal(refused.json().error, 'invalid_grant');
    await post('/update_user', { user_id: person.id, disabled: false });
    t.clock.advance(2);
    const back = await postToken(t, {
      grant_type: 'password',
      client_id: agent.client.clientId,
      username: person.username,
      password: person.password,
    });
    assert.equal(back.statusCode, 200);

    const ended = await post('/end_user_sessions', { user_id: person.id });
    assert.ok(ended.json().sessions_reset_at);
    assert.equal((await get('/flight_bookings', bearer(back.json().access_token))).statusCode, 401);
    const machine = (await post('/create_client', { name: 'Robot', agency_id: agencyId })).json();
    const account = (await get(`/users?agency_id=${agencyId}`))
      .json()
      .data.find((u: any) => u.client_id === machine.client_id);
    assert.ok(account, 'a machine client’s account is listed with its client');
    assert.equal((await post('/update_user', { user_id: account.id, disabled: true })).statusCode, 409);
    assert.equal((await get('/user?id=usr_none')).statusCode, 404);
  });
});
