import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { createClient, createUser } from '../helpers/factories.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('a standard OAuth client library, unmodified, over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    // Real time: a client library signs its assertions with the time of day.
    server = await startTestServer({ clockStart: new Date() });
  });
  after(() => server.close());

  it('discovers the server, signs in with the password grant, refreshes, introspects and revokes', async () => {
    const client = await createClient(server, { confidential: true });
    const user = await createUser(server);
    const config = await oidc.discovery(
      new URL(server.baseUrl),
      client.clientId,
      undefined,
      oidc.ClientSecretBasic(client.clientSecret!),
      { execute: [oidc.allowInsecureRequests] },
    );
    assert.equal(config.serverMetadata().token_endpoint, `${server.baseUrl}/connect/token`);

    const tokens = await oidc.genericGrantRequest(config, 'password', {
      username: user.username,
      password: user.password,
    });
    assert.equal(tokens.token_type, 'bearer');
    assert.ok(tokens.refresh_token);
    const places = await fetch(`${server.baseUrl}/b2c/places?q=par`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(places.status, 200);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);

    const info = await oidc.tokenIntrospection(config, refreshed.access_token);
    assert.equal(info.active, true);
    assert.equal(info.sub, user.id);

    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    await assert.rejects(oidc.refreshTokenGrant(config, refreshed.refresh_token!), (error: unknown) => {
      assert.ok(error instanceof oidc.ResponseBodyError);
      assert.equal(error.error, 'invalid_grant');
      return true;
    });
  });

  it('works for a public client too, and the JWKS verifies the access token', async () => {
    const client = await createClient(server);
    const user = await createUser(server);
    const config = await oidc.discovery(new URL(server.baseUrl), client.clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const tokens = await oidc.genericGrantRequest(config, 'password', {
      username: user.username,
      password: user.password,
    });
    const { createRemoteJWKSet, jwtVerify } = await import('jose');
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: server.baseUrl,
      audience: 'itinera-api',
      currentDate: server.clock.now(),
    });
    assert.equal(payload.sub, user.id);
  });

  it('gets a machine client’s token with client_credentials, by Basic and by form secret', async () => {
    const admin = await signInOverHttp(server, 'admin');
    const made = await admin.call('POST', '/create_client', { name: 'Library check' });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    for (const auth of [oidc.ClientSecretBasic, oidc.ClientSecretPost]) {
      const config = await oidc.discovery(
        new URL(server.baseUrl),
        made.body.client_id,
        undefined,
        auth(made.body.client_secret),
        { execute: [oidc.allowInsecureRequests] },
      );
      assert.ok(config.serverMetadata().grant_types_supported?.includes('client_credentials'));
      const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read' });
      assert.equal(tokens.scope, 'read');
      assert.equal(tokens.refresh_token, undefined);
      const places = await fetch(`${server.baseUrl}/b2c/places?q=par`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      assert.equal(places.status, 200);
    }
  });

  it('gets a token for a client that signs its assertion with its private key (private_key_jwt), each assertion once', async () => {
    const { exportJWK, generateKeyPair } = await import('jose');
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const admin = await signInOverHttp(server, 'admin');
    const made = await admin.call('POST', '/create_client', { name: 'Signed', jwks: { keys: [jwk] } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.client_secret, null, 'no secret is made');
    assert.equal(made.body.token_endpoint_auth_method, 'private_key_jwt');
    const config = await oidc.discovery(
      new URL(server.baseUrl),
      made.body.client_id,
      undefined,
      oidc.PrivateKeyJwt({ key: privateKey, kid: 'k1' }),
      { execute: [oidc.allowInsecureRequests] },
    );
    assert.ok(config.serverMetadata().token_endpoint_auth_methods_supported?.includes('private_key_jwt'));
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read' });
    const places = await fetch(`${server.baseUrl}/b2c/places?q=par`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(places.status, 200);

    // The same assertion again, or one signed by another key, is refused.
    const { SignJWT } = await import('jose');
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const assertion = (key: typeof privateKey) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(made.body.client_id)
        .setSubject(made.body.client_id)
        .setAudience(`${server.baseUrl}/connect/token`)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti(`jti-${Math.random()}`)
        .sign(key);
    const ask = (jwt: string) =>
      fetch(`${server.baseUrl}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: jwt,
        }),
      });
    const once = await assertion(privateKey);
    assert.equal((await ask(once)).status, 200);
    const replayed = await ask(once);
    assert.equal(replayed.status, 401);
    assert.match(
      ((await replayed.json()) as { error_description: string }).error_description,
      /used already/,
    );
    const stranger = (await generateKeyPair('ES256')).privateKey;
    assert.equal((await ask(await assertion(stranger))).status, 401);
    const bySecret = await fetch(`${server.baseUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: made.body.client_id }),
    });
    assert.equal(bySecret.status, 401, 'a client with keys cannot just name itself');
  });
});
