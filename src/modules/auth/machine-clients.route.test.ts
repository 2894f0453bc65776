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
 * Machine clients, as an agency's back office uses one: made by an admin, a token by client_credentials
 * with the secret in a Basic header or the form, bookings made as the agency, scopes kept, the secret
 * rotated with a grace for the old, revoked with every token refused at once and the bookings kept.
 */
describe('machine clients', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let agent: Awaited<ReturnType<typeof signIn>>;
  let agencyId: string;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    admin = (await signIn(t, 'admin')).auth;
    agent = await signIn(t, 'agent');
    agencyId = (await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json().agency_id;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const create = async (body: object) => {
    const res = await post('/create_client', body);
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const tokenWith = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...FORM, ...headers },
      payload: form({ grant_type: 'client_credentials', ...fields }),
    });
  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
  });

  it('gives an agency’s client tokens by Basic or form secret, and books as the agency', async () => {
    const client = await create({ name: 'Back office', agency_id: agencyId });
    assert.deepEqual(
      [client.role, client.agency_id, client.grant_types],
      ['agent', agencyId, ['client_credentials']],
    );
    assert.match(client.client_secret, /^cs_/);
    const byBasic = await tokenWith({}, basic(client.client_id, client.client_secret));
    assert.equal(byBasic.statusCode, 200, byBasic.body);
    assert.equal(byBasic.json().scope, 'read book');
    assert.equal(byBasic.json().refresh_token, undefined, 'no refresh token for client_credentials');
    const byForm = await tokenWith({ client_id: client.client_id, client_secret: client.client_secret });
    assert.equal(byForm.statusCode, 200, byForm.body);
    const auth = { authorization: `Bearer ${byForm.json().access_token}` };
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'JFK', 15]]));
    const booked = await bookFlight(t, auth, bookingBody(offer));
    assert.equal(booked.statusCode, 201, booked.body);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/booking?id=${booked.json().id}`,
      headers: agent.auth,
    });
    assert.equal(seen.statusCode, 200, 'the agency’s people see what its client booked');
    const listed = (
      await t.app.inject({ method: 'GET', url: `/clients?agency_id=${agencyId}`, headers: admin })
    ).json();
    assert.deepEqual(
      listed.data.map((c: any) => c.client_id),
      [client.client_id],
    );
    assert.equal(listed.data[0].client_secret, undefined, 'a secret is shown once');
  });

  it('keeps a client within its scopes, and people’s grants away from it', async () => {
    const client = await create({ name: 'Reader', agency_id: agencyId, scopes: ['read'] });
    const token = await tokenWith({}, basic(client.client_id, client.client_secret));
    assert.equal(token.json().scope, 'read');
    const beyond = await tokenWith({ scope: 'book' }, basic(client.client_id, client.client_secret));
    assert.equal(beyond.json().error, 'invalid_scope');
    const auth = { authorization: `Bearer ${token.json().access_token}` };
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'JFK', 16]]));
    assert.equal((await bookFlight(t, auth, bookingBody(offer))).statusCode, 403);
    const password = await tokenWith(
      { grant_type: 'password', username: `client.${client.client_id}`, password: 'x'.repeat(12) },
      basic(client.client_id, client.client_secret),
    );
    assert.equal(password.json().error, 'unauthorized_client');
    const web = await tokenWith({ client_id: 'itinera-web' });
    assert.equal(web.json().error, 'unauthorized_client', 'a public client gets no client_credentials token');
    assert.equal(
      (await post('/create_client', { name: 'x', scopes: ['admin'], agency_id: agencyId })).statusCode,
      400,
    );
    assert.equal((await post('/create_client', { name: 'x', agency_id: 'agy_nowhere' })).statusCode, 400);
    assert.equal((await post('/create_client', { name: 'x' }, agent.auth)).statusCode, 403);
  });

  it('rotates a secret, the old one honoured until its grace ends', async () => {
    const client = await create({ name: 'Rotating', agency_id: agencyId });
    const rotated = await post('/rotate_client_secret', { client_id: client.client_id, grace_seconds: 3600 });
    assert.equal(rotated.statusCode, 200, rotated.body);
    const fresh = rotated.json().client_secret;
    assert.notEqual(fresh, client.client_secret);
    assert.equal((await tokenWith({}, basic(client.client_id, fresh))).statusCode, 200);
    assert.equal(
      (await tokenWith({}, basic(client.client_id, client.client_secret))).statusCode,
      200,
      'in grace',
    );
    t.clock.advance(3601);
    admin = (await signIn(t, 'admin')).auth; // the hour took the admin's token with it
    const late = await tokenWith({}, basic(client.client_id, client.client_secret));
    assert.equal(late.statusCode, 401);
    assert.equal(late.json().error, 'invalid_client');
    assert.equal((await tokenWith({}, basic(client.client_id, fresh))).statusCode, 200);
    const now = await post('/rotate_client_secret', { client_id: client.client_id, grace_seconds: 0 });
    assert.equal(now.statusCode, 200, now.body);
    assert.equal((await tokenWith({}, basic(client.client_id, fresh))).statusCode, 401, 'no grace: at once');
    assert.equal((await tokenWith({}, basic(client.client_id, now.json().client_secret))).statusCode, 200);
  });

  it('revokes a client: its tokens refused at once, no new one, its bookings kept', async () => {
    const client = await create({ name: 'Leaving', agency_id: agencyId });
    const token = (await tokenWith({}, basic(client.client_id, client.client_secret))).json().access_token;
    const auth = { authorization: `Bearer ${token}` };
    const offer = await firstOffer(t, auth, searchBody(t, [['LHR', 'JFK', 17]]));
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const revoked = await post('/revoke_client', { client_id: client.client_id });
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.ok(revoked.json().revoked_at);
    const refused = await t.app.inject({ method: 'GET', url: '/flight_bookings', headers: auth });
    assert.equal(refused.statusCode, 401);
    assert.equal(
      (await tokenWith({}, basic(client.client_id, client.client_secret))).json().error,
      'invalid_client',
    );
    const kept = await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: admin });
    assert.equal(kept.json().status, 'confirmed');
    assert.equal((await post('/revoke_client', { client_id: 'cli_nothing' })).statusCode, 404);
  });

  it('lets an operator’s client act as an admin', async () => {
    const client = await create({ name: 'Imports' });
    assert.deepEqual([client.role, client.agency_id], ['admin', null]);
    const token = await tokenWith({}, basic(client.client_id, client.client_secret));
    assert.equal(token.json().scope, 'read book admin');
  });
});
