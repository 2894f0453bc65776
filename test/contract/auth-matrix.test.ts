import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ROLES } from '../../src/modules/auth/index.ts';
import { signIn } from '../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Reads the OpenAPI document and holds every operation to it: each protected operation refuses a caller
 * without a token, with a bad token, and with a token lacking its scope or role, with the documented
 * problem; and every documented operation is really there (no route-not-found, no 5xx).
 */
interface Operation {
  method: string;
  path: string;
  id: string;
  scopes: string[] | undefined;
  /** Each alternative of its security requirement: any one of them admits. */
  alternatives: string[][];
  /** The roles its guard admits, when it says (`x-itinera-roles`). */
  roles: string[] | undefined;
  statuses: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security: Array<Record<string, string[]>> = op.security ?? doc.security ?? [];
      const bearer = security.find((s) => 'oauth2' in s);
      out.push({
        method: method.toUpperCase(),
        path,
        id: op.operationId,
        scopes: bearer ? bearer.oauth2 : undefined,
        alternatives: security.filter((s) => 'oauth2' in s).map((s) => s.oauth2!),
        roles: op['x-itinera-roles'],
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return out;
}

/** A concrete URL for a documented path: each `{param}` gets a value that names nothing. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'XX0');

describe('every documented operation', () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: Record<string, Record<string, string>> = {};
  const roleTokens: Record<string, { auth: Record<string, string>; scopes: string[] }> = {};
  before(async () => {
    t = await buildTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    operations = operationsOf(doc);
    tokens.admin = (await signIn(t, 'admin')).auth;
    tokens.customer = (await signIn(t, 'customer')).auth;
    tokens.readOnly = (await signIn(t, 'admin', 'read')).auth;
    tokens.bookOnly = (await signIn(t, 'customer', 'book')).auth;
    for (const role of ROLES) {
      const signed = await signIn(t, role);
      roleTokens[role] = { auth: signed.auth, scopes: (signed.scope ?? '').split(' ') };
    }
  });
  after(async () => t?.close());

  const call = (op: Operation, headers: Record<string, string>) =>
    t.app.inject({
      method: op.method,
      url: urlOf(op.path),
      headers: { ...headers, ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(op.method === 'GET' ? {} : { payload: '{}' }),
    });

  const problem = (res: Awaited<ReturnType<typeof call>>, status: number, codes: string[], op: Operation) => {
    const where = `${op.method} ${op.path}`;
    assert.equal(res.statusCode, status, `${where}: ${res.body}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/, where);
    assert.ok(codes.includes(res.json().code), `${where}: code ${res.json().code}`);
    assert.ok(op.statuses.includes(String(status)), `${where} documents ${status}`);
  };

  it('are many, each with an operationId', () => {
    assert.ok(operations.length >= 40, `only ${operations.length} operations documented`);
    for (const op of operations) assert.ok(op.id, `${op.method} ${op.path} has an operationId`);
    assert.equal(new Set(operations.map((o) => o.id)).size, operations.length, 'operationIds are unique');
  });

  it('refuse a caller without a token, or with a bad one, with 401 and a bearer challenge', async () => {
    const guarded = operations.filter((op) => op.scopes);
    assert.ok(guarded.length >= 30);
    for (const op of guarded) {
      const none = await call(op, {});
      problem(none, 401, ['UNAUTHENTICATED'], op);
      assert.match(String(none.headers['www-authenticate']), /^Bearer/);
      const bad = await call(op, { authorization: 'Bearer not.a.token' });
      problem(bad, 401, ['INVALID_TOKEN'], op);
      assert.match(String(bad.headers['www-authenticate']), /error="invalid_token"/);
    }
  });

  it('refuse a token without the operation’s scope or role with 403', async () => {
    for (const op of operations.filter((o) => o.scopes)) {
      const scope = op.scopes![0];
      const denied =
        scope === 'admin'
          ? [tokens.customer!, tokens.readOnly!]
          : scope === 'book'
            ? [tokens.readOnly!]
            : [tokens.bookOnly!];
      for (const auth of denied) problem(await call(op, auth), 403, ['INSUFFICIENT_SCOPE', 'FORBIDDEN'], op);
    }
  });

  it('admit every role its scopes and roles allow, and refuse every other with 403', async () => {
    // The permission table: each role's scopes (as its token carries them by default) against each
    // operation's security alternatives and the roles its guard names. Refused: 403. Admitted: anything
    // else but 401/403 (an empty body or a made-up id is 400 or 404, another agency's thing 404).
    let admitted = 0;
    let refused = 0;
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.scopes)) {
      for (const role of ROLES) {
        const { auth, scopes } = roleTokens[role]!;
        const byScope = op.alternatives.some((needed) => needed.every((s) => scopes.includes(s)));
        const allowed = byScope && (!op.roles || op.roles.includes(role));
        const res = await call(op, auth);
        const where = `${role} on ${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (allowed) {
          admitted++;
          if ([401, 403].includes(res.statusCode) || res.statusCode >= 500) wrong.push(`admitted ${where}`);
        } else {
          refused++;
          if (res.statusCode === 403) problem(res, 403, ['INSUFFICIENT_SCOPE', 'FORBIDDEN'], op);
          else wrong.push(`refused ${where}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(admitted > 100 && refused > 50, `admitted ${admitted}, refused ${refused}`);
  });

  it('all answer, with the right token, without a 5xx or a route-not-found', async () => {
    for (const op of operations) {
      const res = await call(op, op.scopes ? tokens.admin! : {});
      const where = `${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      assert.ok(res.statusCode < 500, where);
      assert.notEqual(res.statusCode, 405, where);
      if (res.statusCode === 404) assert.notEqual(res.json().code, 'ROUTE_NOT_FOUND', where);
      if (res.statusCode >= 400 && !op.path.startsWith('/connect/'))
        assert.ok(op.statuses.includes(String(res.statusCode)), `${where} (undocumented status)`);
    }
  });
});
