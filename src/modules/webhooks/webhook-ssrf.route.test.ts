import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWebhookSender } from './webhook-sender.ts';

describe('webhook targets when private networks are not allowed', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let server: http.Server;
  let hits = 0;
  let port = 0;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' } });
    admin = await signIn(t, 'admin');
    server = http.createServer((_req, res) => {
      hits += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.close();
    await t.close();
  });

  const create = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/create_webhook',
      headers: admin.auth,
      payload: { url, events: ['*'] },
    });

  it('refuses loopback, link-local (metadata), IPv6 loopback and IPv4-compatible, private, port 0 and names that resolve to them', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://10.1.2.3/hook',
      'https://localhost/hook',
      'https://user:secret@example.com/hook',
      'https://[::127.0.0.1]/hook',
      'https://[::8.8.8.8]/hook',
      'https://[::]/hook',
      'https://1.1.1.1:0/hook',
    ]) {
      const res = await create(url);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().errors[0].pointer, '/url');
    }
    // A public address, on its default port or another, is an endpoint like any other.
    for (const url of ['https://1.1.1.1/hook', 'https://1.1.1.1:8443/hook', 'https://[2606:4700::1111]/hook'])
      assert.equal((await create(url)).statusCode, 201, url);
  });

  it('stops a delivery at connection time to an address that is not public, whatever the URL said', async () => {
    const send = createWebhookSender({ timeoutMs: 2000, allowPrivateNetworks: false });
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`]) {
      const result = await send(url, {}, '{}');
      assert.equal(result.status, null, url);
      assert.match(String(result.error), /not allowed|private|DNS lookup/i);
    }
    assert.equal(hits, 0, 'nothing reached the server');
    const allowed = createWebhookSender({ timeoutMs: 2000, allowPrivateNetworks: true });
    assert.equal((await allowed(`http://127.0.0.1:${port}/hook`, {}, '{}')).status, 200);
    assert.equal(hits, 1);
  });
});
