/**
 * Table types. Portable column types only: text, integer (booleans are 0/1) and timestamps as
 * ISO-8601 UTC text, so both engines store and sort them the same way.
 */
export interface AgenciesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  password_hash: string;
  role: 'customer' | 'agent' | 'admin';
  agency_id: string | null;
  disabled: number;
  created_at: string;
  updated_at: string;
}

export interface OAuthClientsTable {
  client_id: string;
  name: string;
  secret_hash: string | null;
  grant_types: string;
  created_at: string;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  token_hash: string;
  user_id: string;
  client_id: string;
  scope: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RevokedAccessTokensTable {
  jti: string;
  expires_at: string;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface LoginFailuresTable {
  account_key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface Database {
  agencies: AgenciesTable;
  users: UsersTable;
  oauth_clients: OAuthClientsTable;
  refresh_tokens: RefreshTokensTable;
  revoked_access_tokens: RevokedAccessTokensTable;
  signing_keys: SigningKeysTable;
  login_failures: LoginFailuresTable;
}
