import assert from 'node:assert/strict';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { generateKeyPair, SignJWT } from 'jose';
import { FORM, form, signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * A machine client whose keys are published at its own URL (`jwks_uri`, https): a key set URL on a
 * private address is refused when the client is saved and again when its keys are to be fetched, unless
 * private networks are allowed (development). The "key set server" here only counts the connections
 * made to it: whether the service tried to fetch from it is what is looked at.
 */
describe('machine clients with a key set URL', () => {
  let open: TestApp;
  let guarded: TestApp;
  let keySets: Server;
  let keySetUrl: string;
  let connections = 0;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;

  before(async () => {
    keys = await generateKeyPair('ES256', { extractable: true });
    keySets = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => keySets.listen(0, '127.0.0.1', resolve));
    keySetUrl = `https://127.0.0.1:${(keySets.address() as AddressInfo).port}/jwks.json`;
    // Tests allow private networks (their receivers are on loopback); `guarded` is a server that does not.
    open = await buildTestApp();
    guarded = await buildTestApp({
      storage: open.storage,
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' },
    });
  });
  after(async () => {
    await guarded.close();
    await open.close();
    keySets.close();
  });

  const assertion = (clientId: string, t: TestApp) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(`${t.config.http.publicUrl}/connect/token`)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti(`jti-${Math.random()}`)
      .sign(keys.privateKey);
  };
  const token = async (t: TestApp, clientId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: form({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await assertion(clientId, t),
      }),
    });

  it('fetches a key set from a private address only where that is allowed', async () => {
    const admin = (await signIn(open, 'admin')).auth;
    const made = await open.app.inject({
      method: 'POST',
      url: '/create_client',
      headers: admin,
      payload: { name: 'Keys at home', jwks_uri: keySetUrl },
    });
    assert.equal(made.statusCode, 201, made.body);
    const clientId = made.json().client_id as string;
    assert.equal(made.json().token_endpoint_auth_method, 'private_key_jwt');
    assert.equal(made.json().client_secret, null);

    // A server that keeps to public addresses does not connect to the key set's private address.
    const refused = await token(guarded, clientId);
    assert.equal(refused.statusCode, 401, refused.body);
    assert.equal(refused.json().error, 'invalid_client');
    assert.equal(connections, 0, 'nothing was asked of the private address');

    // One that allows private networks tries it (and, finding no key set there, refuses the assertion).
    const tried = await token(open, clientId);
    assert.equal(tried.statusCode, 401, tried.body);
    assert.equal(tried.json().error, 'invalid_client');
    assert.ok(connections >= 1, 'the key set URL was called');
  });

  it('refuses an assertion that is not a JWT, or whose issuer is not the client, as invalid_client', async () => {
    for (const [clientAssertion, clientId] of [
      ['not-a-jwt', undefined],
      ['e30.%%%.sig', undefined],
      [await assertion('cli_someone_else', open), 'cli_me'],
    ] as const) {
      const res = await open.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: FORM,
        payload: form({
          grant_type: 'client_credentials',
          ...(clientId ? { client_id: clientId } : {}),
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: clientAssertion,
        }),
      });
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.json().error, 'invalid_client');
    }
  });

  it('refuses to save a key set URL on a private address, or one that is not https, where that is not allowed', async () => {
    const admin = (await signIn(guarded, 'admin')).auth;
    for (const [uri, problem] of [
      [keySetUrl, /loopback/],
      ['https://10.1.2.3/jwks.json', /private/],
      ['https://169.254.169.254/jwks.json', /linkLocal/],
    ] as const) {
      const res = await guarded.app.inject({
        method: 'POST',
        url: '/create_client',
        headers: admin,
        payload: { name: 'Keys inside', jwks_uri: uri },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.equal(res.json().errors[0].pointer, '/jwks_uri');
      assert.match(res.json().errors[0].detail, problem, uri);
    }
    // Nor given to a client with keys later, its inline keys kept.
    const made = await guarded.app.inject({
      method: 'POST',
      url: '/create_client',
      headers: admin,
      payload: { name: 'Keys inline', jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }] } },
    });
    assert.equal(made.statusCode, 201, made.body);
    const moved = await guarded.app.inject({
      method: 'POST',
      url: '/update_client',
      headers: admin,
      payload: { client_id: made.json().client_id, jwks_uri: 'https://10.1.2.3/jwks.json' },
    });
    assert.equal(moved.statusCode, 400, moved.body);
    assert.equal(moved.json().errors[0].pointer, '/jwks_uri');
    const kept = await guarded.storage.db
      .selectFrom('oauth_clients')
      .select(['jwks', 'jwks_uri'])
      .where('client_id', '=', made.json().client_id)
      .executeTakeFirstOrThrow();
    assert.equal(kept.jwks_uri, null);
    assert.match(kept.jwks ?? '', /"kty":"EC"/);
  });

  it('refuses keys to a client that authenticates with a secret', async () => {
    const admin = (await signIn(open, 'admin')).auth;
    const made = await open.app.inject({
      method: 'POST',
      url: '/create_client',
      headers: admin,
      payload: { name: 'Secret keeper' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const res = await open.app.inject({
      method: 'POST',
      url: '/update_client',
      headers: admin,
      payload: { client_id: made.json().client_id, jwks_uri: keySetUrl },
    });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().code, 'CONFLICT');
  });
});
