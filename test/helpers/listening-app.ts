import type { Role } from '../../src/modules/auth/index.ts';
import { createClient, createUser } from './factories.ts';
import { freePort } from './free-port.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A test app on a real loopback port, its public URL (the token issuer) matching that port. */
export async function startTestServer(options: TestAppOptions = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ ...options, env: { PUBLIC_URL: baseUrl, ...options.env } });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, baseUrl };
}

/**
 * A new user signs in through the real token endpoint over HTTP; `call` then sends JSON requests with
 * their bearer token and answers status, ETag and parsed body.
 */
export async function signInOverHttp(server: TestApp & { baseUrl: string }, role: Role = 'customer') {
  const client = await createClient(server);
  const user = await createUser(server, role);
  const tokenRes = await fetch(`${server.baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: client.clientId,
      username: user.username,
      password: user.password,
    }),
  });
  if (tokenRes.status !== 200) throw new Error(`sign-in failed: ${tokenRes.status} ${await tokenRes.text()}`);
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as any };
  };
  return { call, accessToken: access_token };
}
