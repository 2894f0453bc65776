import { AuthError } from './errors.ts';

/** Where a client gets the bearer token for each request; `refresh` is asked after a 401. */
export interface TokenSource {
  token(): Promise<string | undefined>;
  refresh(): Promise<string | undefined>;
}

/** What an access token says of its holder (read, not verified: the server verifies it). */
export interface TokenClaims {
  sub: string;
  username: string;
  role: 'customer' | 'agent' | 'agency_admin' | 'admin';
  scope: string;
  agency_id?: string;
  exp: number;
}

function decodeSegment(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return new TextDecoder().decode(bytes);
}

export function claimsOf(accessToken: string): TokenClaims {
  const payload = accessToken.split('.')[1];
  if (!payload) throw new AuthError('invalid_token', 'not a JWT', 0);
  return JSON.parse(decodeSegment(payload)) as TokenClaims;
}

/** An access token with when it should be replaced: before expiry, by a tenth of its life or 30 s. */
interface Held {
  accessToken: string;
  renewAt: number;
}

function held(accessToken: string, expiresIn: number, now: number): Held {
  const margin = Math.min(30, expiresIn / 10) * 1000;
  return { accessToken, renewAt: now + expiresIn * 1000 - margin };
}

/** Runs `make` once for all callers waiting at the same time. */
function singleFlight<T>(make: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= make().finally(() => {
      running = undefined;
    });
    return running;
  };
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

/** Token requests sent in all when the server answers that it is busy (503 or 429 with Retry-After). */
const TOKEN_ATTEMPTS = 3;
/** The longest pause before asking for a token again, whatever Retry-After asks. */
const TOKEN_MAX_PAUSE_MS = 5_000;

async function tokenRequest(
  fetchFn: typeof fetch,
  url: string,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    // A busy server refused the request before looking at it (RFC 6749 temporarily_unavailable): the
    // same grant is asked again after the pause it gives. A refresh token was not used up by it.
    const retryAfter = Number(response.headers.get('retry-after'));
    const busy = (response.status === 503 || response.status === 429) && Number.isFinite(retryAfter);
    if (!busy || attempt >= TOKEN_ATTEMPTS) break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter * 1000, TOKEN_MAX_PAUSE_MS)));
  }
  const body = (await response.json().catch(() => ({}))) as Partial<TokenAnswer> & {
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token)
    throw new AuthError(body.error ?? 'server_error', body.error_description, response.status);
  return body as TokenAnswer;
}

export interface PasswordGrantOptions {
  baseUrl: string;
  clientId: string;
  username: string;
  password: string;
  scope?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * OAuth 2.0 password grant (RFC 6749 §4.3) for servers, scripts and tests: signs in on first use, renews
 * with the single-use refresh token before the access token expires, and signs in again when the refresh
 * token is refused.
 */
export function passwordGrant(options: PasswordGrantOptions): TokenSource & { signOut(): Promise<void> } {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const url = `${options.baseUrl.replace(/\/$/, '')}/connect/token`;
  let current: Held | undefined;
  let refreshToken: string | undefined;

  const take = (answer: TokenAnswer) => {
    current = held(answer.access_token, answer.expires_in, now());
    refreshToken = answer.refresh_token;
    return answer.access_token;
  };
  const signIn = () =>
    tokenRequest(fetchFn, url, {
      grant_type: 'password',
      client_id: options.clientId,
      username: options.username,
      password: options.password,
      ...(options.scope ? { scope: options.scope } : {}),
    }).then(take);
  const renew = singleFlight(async () => {
    if (refreshToken) {
      try {
        return take(
          await tokenRequest(fetchFn, url, {
            grant_type: 'refresh_token',
            client_id: options.clientId,
            refresh_token: refreshToken,
          }),
        );
      } catch (error) {
        if (!(error instanceof AuthError) || error.error !== 'invalid_grant') throw error;
      }
    }
    return signIn();
  });

  return {
    async token() {
      if (current && now() < current.renewAt) return current.accessToken;
      return renew();
    },
    refresh: () => {
      current = undefined;
      return renew();
    },
    async signOut() {
      const token = refreshToken;
      current = undefined;
      refreshToken = undefined;
      if (token)
        await fetchFn(`${options.baseUrl.replace(/\/$/, '')}/connect/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, client_id: options.clientId }).toString(),
        });
    },
  };
}

/** Thrown when a web session is over (signed out elsewhere, expired, revoked): sign in again. */
export class SessionExpiredError extends AuthError {
  constructor() {
    super('session_expired', 'The session is over; sign in again', 401);
    this.name = 'SessionExpiredError';
  }
}

/** What a website sign-in may add to the password: a second factor's code, and where its new recovery codes go. */
export interface SignInOptions {
  /** The authenticator app's code, or a recovery code, for an account with a second factor. */
  oneTimeCode?: string | undefined;
  /** Called with the ten recovery codes when this sign-in set the second factor up (shown once). */
  onRecoveryCodes?: ((codes: string[]) => void) | undefined;
}

export interface WebSession extends TokenSource {
  /**
   * Signs in; an account with a second factor needs `oneTimeCode` (AuthError `SECOND_FACTOR_REQUIRED`
   * without it, or `SECOND_FACTOR_ENROLMENT_REQUIRED` with the key to set up in `enrolment`).
   */
  signIn(username: string, password: string, options?: SignInOptions): Promise<TokenClaims>;
  /** Picks up a session the browser's cookie still holds (after a reload); undefined if there is none. */
  resume(): Promise<TokenClaims | undefined>;
  signOut(): Promise<void>;
  claims(): TokenClaims | undefined;
}

/**
 * The browser's session: the refresh token stays in an HttpOnly, SameSite=Strict cookie the server sets
 * (script cannot read it), and the access token only in memory, renewed before it expires.
 */
export function webSession(
  options: { baseUrl?: string; fetch?: typeof fetch; now?: () => number } = {},
): WebSession {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  let current: Held | undefined;

  async function call(path: string, body?: object): Promise<TokenAnswer | undefined> {
    const response = await fetchFn(`${base}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (response.status === 204) return undefined;
    const answer = (await response.json().catch(() => ({}))) as Partial<TokenAnswer> & {
      code?: string;
      detail?: string;
      enrolment?: { secret: string; otpauth_uri: string };
      recovery_codes?: string[];
    };
    if (response.status === 401 && path === '/refresh_web_session') throw new SessionExpiredError();
    if (!response.ok || !answer.access_token)
      throw new AuthError(answer.code ?? 'server_error', answer.detail, response.status, answer.enrolment);
    current = held(answer.access_token, answer.expires_in ?? 0, now());
    return answer as TokenAnswer;
  }
  const renew = singleFlight(async () => {
    await call('/refresh_web_session');
    return current?.accessToken;
  });

  return {
    async token() {
      if (current && now() < current.renewAt) return current.accessToken;
      return renew();
    },
    refresh() {
      current = undefined;
      return renew();
    },
    async signIn(username, password, options = {}) {
      const code = options.oneTimeCode;
      const answer = (await call('/web_session', {
        username,
        password,
        ...(code ? { one_time_code: code } : {}),
      })) as TokenAnswer & { recovery_codes?: string[] };
      if (answer.recovery_codes) options.onRecoveryCodes?.(answer.recovery_codes);
      return claimsOf(answer.access_token);
    },
    async resume() {
      try {
        const token = await renew();
        return token ? claimsOf(token) : undefined;
      } catch (error) {
        if (error instanceof SessionExpiredError) return undefined;
        throw error;
      }
    },
    async signOut() {
      current = undefined;
      await call('/end_web_session');
    },
    claims: () => (current ? claimsOf(current.accessToken) : undefined),
  };
}
