import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FORM, form, signIn } from '../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

describe('input taken as the API means it', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    auth = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const problem = (
    res: { statusCode: number; headers: Record<string, unknown>; json(): any },
    pointer: string,
  ) => {
    assert.equal(res.statusCode, 400);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.equal(res.json().errors[0].pointer, pointer);
  };
  const search = (date: string) =>
    t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: date }],
        passengers: { adults: 1 },
      },
    });

  it('refuses calendar dates that do not exist or are not written in full', async () => {
    for (const date of ['2026-02-30', '2027-02-29', '2026-2-3', '2026-13-01'])
      problem(await search(date), '/slices/0/departure_date');
  });

  it('refuses instants that are no instant (a leap second, 24:00, no zone)', async () => {
    for (const since of ['2026-12-31T23:59:60Z', '2026-12-31T24:00:00Z', '2026-12-31T10:00:00'])
      problem(
        await t.app.inject({ method: 'GET', url: `/b2c/hotels?updated_since=${since}`, headers: auth }),
        '/updated_since',
      );
    const fine = await t.app.inject({
      method: 'GET',
      url: `/b2c/hotels?updated_since=${encodeURIComponent('2026-12-31T23:59:59.5+01:00')}`,
      headers: auth,
    });
    assert.equal(fine.statusCode, 200);
  });

  it('refuses a number that is not finite instead of reading it as no limit', async () => {
    for (const url of ['/b2c/cities?limit=1e309', '/b2c/hotels?limit=1e309', '/flight_bookings?limit=1e309'])
      problem(await t.app.inject({ method: 'GET', url, headers: auth }), '/limit');
  });

  it('takes a JSON body as sent: a boolean is no name, a string no count', async () => {
    problem(
      await t.app.inject({ method: 'POST', url: '/search_booking', headers: auth, payload: { name: true } }),
      '/name',
    );
    problem(
      await t.app.inject({ method: 'POST', url: '/search_booking', headers: auth, payload: { limit: '5' } }),
      '/limit',
    );
    const query = await t.app.inject({ method: 'GET', url: '/b2c/cities?limit=5', headers: auth });
    assert.equal(query.json().data.length, 5, 'a query string still reads its numbers');
  });

  it('answers an unsupported Itinera-Version on /connect/* in RFC 6749 terms', async () => {
    for (const url of ['/connect/token', '/connect/revoke', '/connect/introspect']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, 'itinera-version': '1999-01-01' },
        payload: form({ grant_type: 'password', client_id: 'x', token: 'y' }),
      });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().error, 'invalid_request');
      assert.match(res.json().error_description, /Itinera-Version/);
    }
  });

  it('closes the objects a change may send to their documented fields, however deep the junk', async () => {
    let deep = '1';
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    const send = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'application/json', 'if-match': '"v1"' },
        payload,
      });
    problem(
      await send('/update_booking', '{"booking_id":"bkg_x","contact":{"status":"cancelled"}}'),
      '/contact/status',
    );
    problem(await send('/update_booking', `{"booking_id":"bkg_x","contact":${deep}}`), '/contact/a');
    problem(
      await send('/modify_hotel_booking', '{"booking_id":"hbk_x","holder":{"total_amount":1}}'),
      '/holder/total_amount',
    );
    problem(await send('/modify_hotel_booking', `{"booking_id":"hbk_x","holder":${deep}}`), '/holder/a');
  });

  it('refuses NUL in any text, and nesting deeper than any document, wherever the schema is open', async () => {
    problem(
      await t.app.inject({
        method: 'POST',
        url: '/search_booking',
        headers: auth,
        payload: { name: 'Ada\u0000' },
      }),
      '/name',
    );
    problem(await t.app.inject({ method: 'GET', url: '/b2c/cities?q=par%00is', headers: auth }), '/q');
    let deep = '1';
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/import_hotels',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"hotels":[{"code":"X","extra":${deep}}]}`,
    });
    assert.equal(nested.statusCode, 400, nested.body.slice(0, 200));
    assert.equal(nested.json().code, 'VALIDATION_FAILED');
  });
});
