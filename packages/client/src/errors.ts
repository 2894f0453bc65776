import type { components } from './schema.ts';

/** An RFC 9457 problem as the API sends it: a stable `code`, plus fields some codes add. */
export type Problem = components['schemas']['Problem'];

/** The API refused the request: its problem details, typed, with the HTTP status. */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem: Problem;
  constructor(status: number, problem: Problem) {
    super(`${problem.code}: ${problem.detail ?? problem.title}`);
    this.name = 'ProblemError';
    this.status = status;
    this.code = problem.code;
    this.problem = problem;
  }
}

/** The server could not be reached (or kept failing) after the retries allowed. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Signing in or refreshing failed: RFC 6749's `error` (e.g. `invalid_grant`), or the session is over. */
export class AuthError extends Error {
  readonly error: string;
  readonly status: number;
  /**
   * For a website sign-in that needs a second factor (`SECOND_FACTOR_ENROLMENT_REQUIRED`): the key to add
   * to an authenticator app before signing in again with its first code.
   */
  readonly enrolment: { secret: string; otpauth_uri: string } | undefined;
  constructor(
    error: string,
    description: string | undefined,
    status: number,
    enrolment?: { secret: string; otpauth_uri: string },
  ) {
    super(description ? `${error}: ${description}` : error);
    this.name = 'AuthError';
    this.error = error;
    this.status = status;
    this.enrolment = enrolment;
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

/** What an openapi-fetch call answers. */
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful answer, or a thrown `ProblemError` (any non-2xx answer): what openapi-fetch's
 * `{ data, error }` becomes when a caller would rather not check both.
 */
export async function unwrap<R extends Answer>(
  answer: Promise<R> | R,
): Promise<Exclude<R['data'], undefined>> {
  const { data, error, response } = await answer;
  if (response.ok) return data as Exclude<R['data'], undefined>;
  const problem: Problem = isProblem(error)
    ? error
    : {
        type: 'about:blank',
        title: response.statusText || 'Request failed',
        status: response.status,
        code: 'HTTP_ERROR',
        detail: `The server answered ${response.status} without problem details`,
        request_id: response.headers.get('x-request-id') ?? '',
      };
  throw new ProblemError(response.status, problem);
}
