import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('agency balances: refusals', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const post = (auth: Record<string, string>, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const get = (auth: Record<string, string>, url: string) =>
    t.app.inject({ method: 'GET', url, headers: auth });

  it('refuses what an admin may not ask and changes nothing', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const agencyId = (await get(agent.auth, '/balance')).json().agency_id;
    assert.match(agencyId, /^agy_/);

    const byAgent = await post(agent.auth, '/top_up_balance', {
      agency_id: agencyId,
      amount: 100,
      currency: 'EUR',
    });
    assert.equal(byAgent.statusCode, 403, 'only admins top up');
    const unknown = await post(admin.auth, '/top_up_balance', {
      agency_id: 'agy_nope',
      amount: 100,
      currency: 'EUR',
    });
    assert.equal(unknown.statusCode, 404);
    const notIso = await post(admin.auth, '/top_up_balance', {
      agency_id: agencyId,
      amount: 100,
      currency: 'XYZ',
    });
    assert.equal(notIso.statusCode, 400);
    assert.equal(notIso.json().errors[0].pointer, '/currency');
    for (const amount of [0, -5, 1.5])
      assert.equal(
        (await post(admin.auth, '/top_up_balance', { agency_id: agencyId, amount, currency: 'EUR' }))
          .statusCode,
        400,
        `amount ${amount}`,
      );
    assert.equal((await get(agent.auth, '/balance')).json().balance, 0, 'nothing was credited');

    const first = await post(admin.auth, '/top_up_balance', {
      agency_id: agencyId,
      amount: 2_500,
      currency: 'JPY',
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().account.currency_exponent, 0);
    const otherCurrency = await post(admin.auth, '/top_up_balance', {
      agency_id: agencyId,
      amount: 100,
      currency: 'EUR',
    });
    assert.equal(otherCurrency.statusCode, 409);
    assert.deepEqual(
      [otherCurrency.json().code, otherCurrency.json().account_currency],
      ['CURRENCY_MISMATCH', 'JPY'],
    );
    const limitOther = await post(admin.auth, '/set_credit_limit', {
      agency_id: agencyId,
      credit_limit: 100,
      currency: 'EUR',
    });
    assert.equal(limitOther.statusCode, 409);
    const negative = await post(admin.auth, '/set_credit_limit', {
      agency_id: agencyId,
      credit_limit: -1,
      currency: 'JPY',
    });
    assert.equal(negative.statusCode, 400);
    const account = (await get(agent.auth, '/balance')).json();
    assert.deepEqual([account.balance, account.credit_limit, account.currency], [2_500, 0, 'JPY']);
    const entries = (await get(agent.auth, '/ledger_entries')).json();
    assert.equal(entries.total_count, 1, 'only the top-up that was accepted');
  });

  it('shows each agency only its own account; an admin must name one; a customer has none', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const stranger = await signIn(t, 'agent');
    const customer = await signIn(t);
    const agencyId = (await get(agent.auth, '/balance')).json().agency_id;
    assert.equal((await get(stranger.auth, `/balance?agency_id=${agencyId}`)).statusCode, 404);
    assert.equal((await get(stranger.auth, `/ledger_entries?agency_id=${agencyId}`)).statusCode, 404);
    assert.equal((await get(customer.auth, '/balance')).statusCode, 403);
    const unnamed = await get(admin.auth, '/balance');
    assert.equal(unnamed.statusCode, 400);
    assert.equal(unnamed.json().errors[0].pointer, '/agency_id');
    assert.equal((await get(admin.auth, '/balance?agency_id=agy_nope')).statusCode, 404);
    assert.equal((await get(admin.auth, `/balance?agency_id=${agencyId}`)).json().agency_id, agencyId);
    const badCursor = await get(agent.auth, '/ledger_entries?cursor=nonsense');
    assert.equal(badCursor.json().code, 'INVALID_CURSOR');
  });

  it('pages a statement with a cursor tied to its agency', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const agencyId = (await get(agent.auth, '/balance')).json().agency_id;
    for (const amount of [100, 200, 300])
      await post(admin.auth, '/top_up_balance', { agency_id: agencyId, amount, currency: 'EUR' });
    const page1 = (await get(agent.auth, '/ledger_entries?limit=2')).json();
    assert.deepEqual(
      page1.data.map((e: any) => [e.amount, e.balance_after]),
      [
        [100, 100],
        [200, 300],
      ],
    );
    const page2 = (await get(agent.auth, `/ledger_entries?limit=2&cursor=${page1.next_cursor}`)).json();
    assert.deepEqual(
      page2.data.map((e: any) => [e.amount, e.balance_after]),
      [[300, 600]],
    );
    assert.equal(page2.next_cursor, null);
    const replayed = await get(
      admin.auth,
      `/ledger_entries?agency_id=${agencyId}&limit=2&cursor=${page1.next_cursor}`,
    );
    assert.equal(replayed.statusCode, 200, 'an admin naming the same agency may follow the cursor');
  });

  it('refuses reports for a period backwards or too long, another agency, a customer, or no agency', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const stranger = await signIn(t, 'agent');
    const customer = await signIn(t);
    const agencyId = (await get(agent.auth, '/balance')).json().agency_id;
    const refusals: Array<[Record<string, string>, string, number, string?]> = [
      [admin.auth, '/sales_report?from=2026-11-10&to=2026-11-09', 400, '/to'],
      [admin.auth, '/sales_report?from=2025-01-01&to=2026-01-02', 400, '/to'],
      [admin.auth, '/sales_report?from=2026-11-01&to=2026-11-31', 400, '/to'],
      [admin.auth, '/sales_report?from=2026-11-01&to=2026-11-30&format=xlsx', 400, '/format'],
      [customer.auth, '/sales_report?from=2026-11-01&to=2026-11-30', 403],
      [stranger.auth, `/sales_report?from=2026-11-01&to=2026-11-30&agency_id=${agencyId}`, 404],
      [admin.auth, '/agency_statement?from=2026-11-01&to=2026-11-30', 400, '/agency_id'],
      [admin.auth, '/agency_statement?from=2026-11-01&to=2026-11-30&agency_id=agy_nope', 404],
      [stranger.auth, `/agency_statement?from=2026-11-01&to=2026-11-30&agency_id=${agencyId}`, 404],
      [customer.auth, '/agency_statement?from=2026-11-01&to=2026-11-30', 403],
    ];
    for (const [auth, url, status, pointer] of refusals) {
      const res = await get(auth, url);
      assert.equal(res.statusCode, status, `${url}: ${res.body}`);
      if (pointer) assert.equal(res.json().errors[0].pointer, pointer, url);
    }
    const longest = await get(admin.auth, '/sales_report?from=2025-01-01&to=2026-01-01');
    assert.equal(longest.statusCode, 200, '366 days is allowed');
    assert.deepEqual(longest.json().lines, []);
    const empty = (await get(agent.auth, '/agency_statement?from=2026-11-01&to=2026-11-30')).json();
    assert.deepEqual([empty.opening_balance, empty.closing_balance, empty.entries], [0, 0, []]);
  });

  it('tells the agency and admins of a top-up and a new credit limit, and no other agency', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const stranger = await signIn(t, 'agent');
    const agencyId = (await get(agent.auth, '/balance')).json().agency_id;
    await post(admin.auth, '/top_up_balance', {
      agency_id: agencyId,
      amount: 7_500,
      currency: 'EUR',
      reference: 'INV-7',
    });
    await post(admin.auth, '/set_credit_limit', {
      agency_id: agencyId,
      credit_limit: 1_000,
      currency: 'EUR',
    });
    const types = 'agency_account.topped_up,agency_account.credit_limit_changed';
    const seen = (await get(agent.auth, `/events?types=${types}`)).json().data;
    assert.deepEqual(
      seen.map((e: any) => e.type),
      ['agency_account.topped_up', 'agency_account.credit_limit_changed'],
    );
    assert.deepEqual(seen[0].data.object.top_up.amount, 7_500);
    assert.equal(seen[0].data.object.top_up.reference, 'INV-7');
    assert.deepEqual([seen[1].data.object.balance, seen[1].data.object.credit_limit], [7_500, 1_000]);
    assert.deepEqual((await get(stranger.auth, `/events?types=${types}`)).json().data, []);
    const forAdmin = (await get(admin.auth, `/events?types=${types}`)).json().data;
    assert.ok(forAdmin.some((e: any) => e.data.object.agency_id === agencyId));
  });
});
