import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../test/helpers/factories.ts';
import { startTestServer } from '../../test/helpers/listening-app.ts';
import type { TestApp } from '../../test/helpers/test-app.ts';

/** Sends raw bytes to the server and reads until it closes (bounded by the server's own answer). */
function raw(baseUrl: string, request: string): Promise<{ status: number; type: string; body: any }> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status, type, body: body ? JSON.parse(body) : null });
    });
  });
}

describe('answers to what is not a well-formed request', () => {
  let t: TestApp & { baseUrl: string };
  let auth: Record<string, string>;
  before(async () => {
    t = await startTestServer();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const problem = (res: { status: number; type: string; body: any }, status: number, code: string) => {
    assert.equal(res.status, status);
    assert.match(res.type, /^application\/problem\+json/);
    assert.equal(res.body.code, code);
    assert.equal(res.body.status, status);
  };

  it('answers headers over the limit with 431 problem details', async () => {
    const res = await raw(
      t.baseUrl,
      `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    problem(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers broken HTTP framing with 400 problem details', async () => {
    problem(await raw(t.baseUrl, 'HELLO THERE\r\n\r\n'), 400, 'MALFORMED_REQUEST');
    problem(
      await raw(
        t.baseUrl,
        'POST /search_booking HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      ),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it('answers a path that is not valid percent-encoding, or a path part too long, with problem details', async () => {
    for (const [url, status, code] of [
      ['/b2c/airports/%ff', 400, 'MALFORMED_URL'],
      ['/b2c/airports/%E0%A4%A', 400, 'MALFORMED_URL'],
      [`/b2c/airports/${'A'.repeat(150)}`, 414, 'URI_TOO_LONG'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      assert.equal(res.statusCode, status, url);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.json().code, code);
    }
  });
});
