import createClient, { type Client } from 'openapi-fetch';
import type { TokenSource } from './auth.ts';
import { NetworkError } from './errors.ts';
import type { paths } from './schema.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first pause; each next one doubles, with jitter. */
  baseDelayMs: number;
  /** The longest pause, whatever Retry-After asks. */
  maxDelayMs: number;
}

export interface ClientOptions {
  /** Where the API is; '' for the page's own origin in a browser. */
  baseUrl: string;
  auth?: TokenSource;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Sent as Itinera-Version; the server's current version when absent. */
  apiVersion?: string;
  /** Accept-Language for names of places and messages. */
  language?: string;
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * A request may be sent again when doing so cannot do a thing twice: a read, or a write that carries an
 * Idempotency-Key (the server replays the first answer to the same key).
 */
function mayRepeat(request: Request): boolean {
  return ['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.headers.has('idempotency-key');
}

function pauseFor(response: Response | undefined, attempt: number, policy: RetryPolicy): number {
  const retryAfter = Number(response?.headers.get('retry-after'));
  const wanted =
    Number.isFinite(retryAfter) && retryAfter > 0
      ? retryAfter * 1000
      : policy.baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
  return Math.min(wanted, policy.maxDelayMs);
}

function bearerChallengeInvalid(response: Response): boolean {
  return response.status === 401 && /invalid_token/.test(response.headers.get('www-authenticate') ?? '');
}

/**
 * The fetch the typed client sends through: adds the bearer token (renewed before expiry, and once more
 * after a 401 invalid_token), and repeats what may be repeated after a network failure, 429 or 5xx
 * gateway answer, with the same Idempotency-Key, honouring Retry-After.
 */
export function itineraFetch(options: ClientOptions): typeof fetch {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const policy: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 5_000, ...options.retry };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  const send = async (request: Request, token: string | undefined) => {
    const attempt = request.clone();
    if (token) attempt.headers.set('authorization', `Bearer ${token}`);
    if (options.apiVersion) attempt.headers.set('itinera-version', options.apiVersion);
    if (options.language && !attempt.headers.has('accept-language'))
      attempt.headers.set('accept-language', options.language);
    return base(attempt);
  };

  return async (input, init) => {
    const request = new Request(input, init);
    const repeatable = mayRepeat(request);
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await send(request, await options.auth?.token());
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') throw error;
        if (!repeatable || attempt + 1 >= policy.attempts)
          throw new NetworkError(`The server could not be reached: ${(error as Error).message}`, {
            cause: error,
          });
      }
      if (response && bearerChallengeInvalid(response) && options.auth && !refreshed) {
        // Refused before it was looked at: safe to send again, whatever the method, with a new token.
        refreshed = true;
        await options.auth.refresh();
        attempt--;
        continue;
      }
      if (response && !(repeatable && RETRY_STATUSES.has(response.status) && attempt + 1 < policy.attempts))
        return response;
      await sleep(pauseFor(response, attempt, policy));
    }
  };
}

export type ItineraClient = Client<paths>;

/**
 * The typed client: openapi-fetch over the generated `paths`, sending through `itineraFetch`.
 *
 * ```ts
 * const api = createItineraClient({ baseUrl, auth: passwordGrant({ baseUrl, clientId, username, password }) });
 * const offers = await unwrap(api.POST('/search_flight', { body: { slices, passengers } }));
 * ```
 */
export function createItineraClient(options: ClientOptions): ItineraClient {
  return createClient<paths>({ baseUrl: options.baseUrl, fetch: itineraFetch(options) });
}

/** A new Idempotency-Key: one per booking attempt, reused by its retries. */
export function idempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
