import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

describe('the website at / and CORS', () => {
  let webDir: string;
  let t: TestApp;
  before(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'itinera-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Itinera</title><div id="app"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("site")');
    t = await buildTestApp({ env: { WEB_DIR: webDir, CORS_ORIGINS: 'https://shop.example.com' } });
  });
  after(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers the page for each of its routes, under a strict content security policy', async () => {
    for (const url of ['/', '/trips/bk_123', '/flights/results?s=LHR', '/hotels/htl_1']) {
      const page = await t.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200, url);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.match(page.body, /<div id="app">/);
      const csp = page.headers['content-security-policy'] as string;
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
    }
  });

  it('serves hashed assets for a year, and leaves the API where it was', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['cache-control'] as string, /immutable/);
    const html = await t.app.inject({ method: 'GET', url: '/index.html' });
    assert.equal(html.statusCode, 404, 'the page only under its routes, with its headers');
    assert.equal(html.json().code, 'ROUTE_NOT_FOUND');
    assert.doesNotMatch(html.body, /<div id="app">/);
    const booking = await t.app.inject({ method: 'GET', url: '/booking?id=bk_1' });
    assert.equal(booking.statusCode, 401, 'an API route, not the page');
    const api = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(api.statusCode, 200);
    assert.ok(!Object.keys(api.json().paths).includes('/trips/*'), 'the pages are not operations');
  });

  it('answers CORS only to the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/search_flight',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const allowed = await preflight('https://shop.example.com');
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://shop.example.com');
    assert.match(String(allowed.headers['access-control-allow-headers']), /idempotency-key/);
    const other = await preflight('https://evil.example');
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });

  it('sends no CORS header at all when no origin is configured, and a page saying how to build an unbuilt site', async () => {
    const plain = await buildTestApp({ env: { WEB_DIR: path.join(webDir, 'missing') } });
    try {
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/health/live',
        headers: { origin: 'https://shop.example.com' },
      });
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
      const page = await plain.app.inject({ method: 'GET', url: '/' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /npm run build:web/);
    } finally {
      await plain.close();
    }
  });
});
