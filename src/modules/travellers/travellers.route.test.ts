import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const passport = {
  type: 'passport',
  number: 'X9876543',
  issuing_country: 'DE',
  nationality: 'DE',
  expires_on: '2033-06-30',
};

/**
 * Traveller profiles over HTTP: a customer's are its own, an agency's shared by its people and no one
 * else's; birth date and documents sealed in the row and whole in the answer; changes guarded by version.
 */
describe('traveller profiles', () => {
  let t: TestApp;
  let customer: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    customer = (await signIn(t, 'customer')).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = customer) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers = customer) => t.app.inject({ method: 'GET', url, headers });

  it('saves a profile with its documents sealed, and gives it back whole', async () => {
    const made = await post('/create_traveller', {
      title: 'ms',
      given_name: 'Käthe',
      family_name: 'Müller',
      gender: 'f',
      born_on: '1979-02-28',
      documents: [passport],
      loyalty_accounts: [{ airline: 'LH', number: '992003345' }],
      meal: 'VGML',
      seat: 'aisle',
    });
    assert.equal(made.statusCode, 201, made.body);
    const profile = made.json();
    assert.equal(profile.version, 1);
    const row = await t.storage.db
      .selectFrom('traveller_profiles')
      .selectAll()
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(JSON.stringify(row), /1979|X9876543|2033/);
    const read = (await get(`/traveller?id=${profile.id}`)).json();
    assert.deepEqual(read.documents, [passport]);
    assert.equal(read.born_on, '1979-02-28');
    assert.equal(read.meal, 'VGML');
    const found = (await get('/travellers?q=muller')).json().data;
    assert.deepEqual(
      found.map((p: { id: string }) => p.id),
      [profile.id],
      'found by a name folded of its accents',
    );
  });

  it('refuses what no booking would take, with where it is wrong', async () => {
    const cases: Array<[object, string]> = [
      [{ given_name: 'A', family_name: 'B', born_on: '2999-01-01' }, '/born_on'],
      [
        { given_name: 'A', family_name: 'B', documents: [passport, { ...passport, number: 'Y1111111' }] },
        '/documents/1',
      ],
      [{ given_name: 'A', family_name: 'B', meal: 'PIZZA' }, '/meal'],
      [{ given_name: '1337', family_name: 'B' }, '/given_name'],
    ];
    for (const [body, pointer] of cases) {
      const res = await post('/create_traveller', body);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(
        res.json().errors.some((e: { pointer: string }) => e.pointer.startsWith(pointer)),
        `${pointer}: ${res.body}`,
      );
    }
  });

  it('changes a profile, clears a field with null, and refuses a stale version', async () => {
    const id = (
      await post('/create_traveller', { given_name: 'Ola', family_name: 'Nordmann', seat: 'window' })
    ).json().id;
    const changed = await post('/update_traveller', {
      id,
      expected_version: 1,
      seat: null,
      documents: [passport],
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().seat, null);
    assert.equal(changed.json().version, 2);
    assert.deepEqual(changed.json().documents, [passport]);
    const stale = await post('/update_traveller', { id, expected_version: 1, given_name: 'Kari' });
    assert.equal(stale.statusCode, 412, stale.body);
    assert.equal((await post('/delete_traveller', { id })).statusCode, 200);
    assert.equal((await get(`/traveller?id=${id}`)).statusCode, 404);
  });

  it('keeps a customer’s to itself and shares an agency’s among its people only', async () => {
    const mine = (await post('/create_traveller', { given_name: 'Own', family_name: 'Person' })).json().id;
    const other = (await signIn(t, 'customer')).auth;
    assert.equal((await get(`/traveller?id=${mine}`, other)).statusCode, 404);
    assert.equal(
      (await post('/update_traveller', { id: mine, given_name: 'Stolen' }, other)).statusCode,
      404,
    );
    assert.equal((await post('/delete_traveller', { id: mine }, other)).statusCode, 404);
    assert.deepEqual((await get('/travellers', other)).json().data, []);

    const agent = await signIn(t, 'agent');
    const shared = (
      await post('/create_traveller', { given_name: 'Client', family_name: 'Corporate' }, agent.auth)
    ).json();
    assert.equal(shared.agency_id, (await get('/balance', agent.auth)).json().agency_id);
    assert.equal(shared.user_id, null);
    const boss = await t.accounts.createUser({
      username: `boss-${Date.now()}`,
      password: 'a long enough password',
      role: 'agency_admin',
      agencyId: shared.agency_id,
    });
    const bossToken = (
      await t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=password&client_id=${agent.client.clientId}&username=${boss.username}&password=a%20long%20enough%20password`,
      })
    ).json().access_token;
    const colleague = { authorization: `Bearer ${bossToken}` };
    assert.equal((await get(`/traveller?id=${shared.id}`, colleague)).statusCode, 200, 'a colleague sees it');
    assert.equal((await get(`/traveller?id=${shared.id}`)).statusCode, 404, 'a customer does not');
  });

  it('pages by family name with a cursor tied to its query', async () => {
    const pager = (await signIn(t, 'customer')).auth;
    for (const name of ['Adams', 'Baker', 'Clark'])
      await post('/create_traveller', { given_name: 'Pat', family_name: name }, pager);
    const first = (await get('/travellers?limit=2', pager)).json();
    assert.deepEqual(
      first.data.map((p: { family_name: string }) => p.family_name),
      ['Adams', 'Baker'],
    );
    const second = (await get(`/travellers?limit=2&cursor=${first.next_cursor}`, pager)).json();
    assert.deepEqual(
      second.data.map((p: { family_name: string }) => p.family_name),
      ['Clark'],
    );
    assert.equal(second.next_cursor, null);
    assert.equal((await get(`/travellers?q=pat&cursor=${first.next_cursor}`, pager)).statusCode, 400);
  });
});
