import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../test/helpers/factories.ts';
import { fareRecord, scheduleRecord, searchBody } from '../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1]?.split(',') ?? [];
    if (wanted.every((w) => inside.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80)],
      fares: [fareRecord('BA', ['LHR', 'DUB'], 'light')],
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    return res.body;
  };

  it('counts requests by route pattern and operations by outcome, problem codes included', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'DUB', 20]]),
    });
    assert.equal(search.statusCode, 200);
    const missing = await t.app.inject({ method: 'GET', url: '/booking?id=bkg_nothing_here', headers: auth });
    assert.equal(missing.statusCode, 404);
    await t.app.inject({ method: 'GET', url: '/no/such/path/12345' });
    const text = await scrape();
    const searches = { method: 'POST', route: '/search_flight', status_code: '200' };
    assert.equal(series(text, 'itinera_http_request_duration_seconds_count', searches), 1);
    assert.equal(
      series(text, 'itinera_operation_outcomes_total', { operation: 'search_flight', outcome: 'ok' }),
      1,
    );
    assert.equal(
      series(text, 'itinera_operation_outcomes_total', { operation: 'get_booking', outcome: 'NOT_FOUND' }),
      1,
    );
    // An unknown path is one series, not one per URL.
    assert.equal(series(text, 'itinera_http_request_duration_seconds_count', { route: 'unmatched' }), 1);
    assert.ok(!text.includes('12345'));
  });

  it('times each phase of a search', async () => {
    const text = await scrape();
    for (const phase of ['index', 'itineraries', 'availability', 'pricing', 'page'])
      assert.equal(series(text, 'itinera_search_phase_seconds_count', { search: 'flight', phase }), 1, phase);
  });

  it('reports the size of each index and how far it is behind the database', async () => {
    let text = await scrape();
    assert.equal(series(text, 'itinera_index_entries', { index: 'flights' }), 1);
    assert.equal(series(text, 'itinera_index_versions_behind', { index: 'flights' }), 0);
    assert.ok(series(text, 'itinera_index_build_seconds', { index: 'flights' })! >= 0);
    // A change through another process on the same database: this one has not taken it in yet.
    const other = await buildTestApp({ storage: t.storage });
    try {
      await other.flights.importNetwork({
        schedules: [scheduleRecord(t, 'BA', 834, ['LHR', 'DUB'], '12:00', 80)],
        fares: [],
      });
    } finally {
      await other.close();
    }
    // SQLite processes poll; on PostgreSQL this one may have been told already.
    if (t.storage.engine === 'sqlite')
      assert.equal(
        series(await scrape(), 'itinera_index_versions_behind', { index: 'flights' }),
        1,
        'a change not yet taken in',
      );
    await t.flights.refreshNetwork();
    text = await scrape();
    assert.equal(series(text, 'itinera_index_versions_behind', { index: 'flights' }), 0);
    assert.equal(series(text, 'itinera_index_entries', { index: 'flights' }), 2);
    assert.ok(series(text, 'itinera_nodejs_eventloop_lag_p99_seconds') !== undefined, "Node's own gauges");
  });

  it('serves the gauges to this machine only, unless a scraper brings the metrics token', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(far.statusCode, 403);
    assert.equal(far.json().code, 'FORBIDDEN');
    // Through a reverse proxy on this machine, or claiming to come from it, is not this machine.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=127.0.0.1' }]) {
      const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(proxied.statusCode, 403, JSON.stringify(headers));
    }
    const spoofing = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await spoofing.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      assert.equal(res.statusCode, 403, 'a forwarded loopback address is not this machine');
    } finally {
      await spoofing.close();
    }
    const token = 'scraper-secret-0123456789';
    const guarded = await buildTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const get = (headers: Record<string, string>) =>
        guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '203.0.113.9' });
      assert.equal((await get({})).statusCode, 401);
      assert.equal((await get({ authorization: 'Bearer wrong-token-0123456789' })).statusCode, 401);
      assert.equal((await get({ authorization: `Bearer ${token}` })).statusCode, 200);
    } finally {
      await guarded.close();
    }
  });
});
