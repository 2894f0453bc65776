import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { createClient, createUser } from '../helpers/factories.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('a standard OAuth client library, unmodified, over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
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
});
