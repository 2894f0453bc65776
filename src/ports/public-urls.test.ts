import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getPublic, requestPublic } from './public-urls.ts';

describe('getPublic', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  before(async () => {
    server = createServer((req, res) => {
      requests++;
      if (req.method === 'POST') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => res.writeHead(201).end(`got ${body}`));
        return;
      }
      if (req.url === '/big') res.end('x'.repeat(10_000));
      else if (req.url === '/moved') res.writeHead(302, { location: '/keys' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('answers as fetch would where private networks are allowed, without following a redirect', async () => {
    const res = await getPublic(`${base}/keys`, { allowPrivateNetworks: true, maxBytes: 1000 });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { keys: [] });
    const moved = await getPublic(`${base}/moved`, { allowPrivateNetworks: true, maxBytes: 1000 });
    assert.equal(moved.status, 302);
  });

  it('does not connect to a private address where they are not allowed', async () => {
    const before = requests;
    await assert.rejects(getPublic(`${base}/keys`, { allowPrivateNetworks: false, maxBytes: 1000 }));
    assert.equal(requests, before, 'the request never reached the server');
  });

  it('refuses an answer larger than it reads', async () => {
    await assert.rejects(
      getPublic(`${base}/big`, { allowPrivateNetworks: true, maxBytes: 1000 }),
      /more than 1000 bytes/,
    );
  });

  it('posts a body, and gives the status of an answer cut at the bytes it reads', async () => {
    const posted = await requestPublic(`${base}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'ping',
      allowPrivateNetworks: true,
      maxBytes: 100,
    });
    assert.deepEqual([posted.status, posted.body.toString(), posted.truncated], [201, 'got ping', false]);
    const big = await requestPublic(`${base}/big`, {
      method: 'GET',
      headers: {},
      allowPrivateNetworks: true,
      maxBytes: 1000,
    });
    assert.equal(big.status, 200);
    assert.equal(big.truncated, true);
    assert.ok(big.body.length <= 1000);
  });
});
