import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getPublic } from './public-urls.ts';

describe('getPublic', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  before(async () => {
    server = createServer((req, res) => {
      requests++;
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
});
