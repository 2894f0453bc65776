import { randomBytes } from 'node:crypto';
import type { Role } from '../../src/modules/auth/index.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  username: string;
  password: string;
  id: string;
}

const unique = () => randomBytes(4).toString('hex');

export async function createUser(
  t: TestApp,
  role: Role = 'customer',
  overrides: Partial<{ username: string; password: string; agency: string }> = {},
): Promise<TestUser> {
  const username = overrides.username ?? `${role}-${unique()}`;
  const password = overrides.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const row = await t.accounts.createUser({
    username,
    password,
    role,
    agencyName:
      role === 'agent' || role === 'agency_admin' ? (overrides.agency ?? `Agency ${unique()}`) : undefined,
  });
  return { username, password, id: row.id };
}

export async function createClient(t: TestApp, options: { confidential?: boolean; grants?: string[] } = {}) {
  return t.accounts.createClient({
    clientId: `client-${unique()}`,
    confidential: options.confidential ?? false,
    grantTypes: options.grants,
  });
}

export function form(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.append(k, v);
  return params.toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A new client and user, and the password-grant form fields that sign the user in. */
export async function freshCredentials(
  t: TestApp,
  role: Role = 'customer',
  extra: Record<string, string> = {},
) {
  const client = await createClient(t);
  const user = await createUser(t, role);
  const fields = {
    grant_type: 'password',
    client_id: client.clientId,
    username: user.username,
    password: user.password,
    ...extra,
  };
  return { client, user, fields };
}

export function postToken(t: TestApp, fields: Record<string, string | undefined>) {
  return t.app.inject({ method: 'POST', url: '/connect/token', headers: FORM, payload: form(fields) });
}

/** A user of the role with a token, through the real token endpoint. */
export async function signIn(t: TestApp, role: Role = 'customer', scope?: string) {
  const { client, user, fields } = await freshCredentials(t, role, scope ? { scope } : {});
  const res = await postToken(t, fields);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; refresh_token: string; scope: string };
  return {
    scope: body.scope,
    user,
    client,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}
