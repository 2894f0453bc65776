/**
 * Every stable error code with its HTTP status and title. The only place a status number for an
 * error is written; docs/errors.md mirrors this table (a test keeps them in step).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, title: 'The request is not valid' },
  MALFORMED_BODY: { status: 400, title: 'The request body could not be parsed' },
  MALFORMED_URL: { status: 400, title: 'The request URL is not valid' },
  MALFORMED_REQUEST: { status: 400, title: 'The request is not valid HTTP' },
  INVALID_CURSOR: { status: 400, title: 'The page cursor is not valid for this query' },
  INVALID_RESET_TOKEN: { status: 400, title: 'The password reset link is not valid or has expired' },
  UNSUPPORTED_API_VERSION: { status: 400, title: 'The requested API version is not supported' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, title: 'This operation needs an Idempotency-Key header' },
  UNAUTHENTICATED: { status: 401, title: 'Authentication is required' },
  INVALID_TOKEN: { status: 401, title: 'The access token is not valid' },
  INVALID_CREDENTIALS: { status: 401, title: 'The username or password is incorrect' },
  SESSION_EXPIRED: { status: 401, title: 'The web session is over; sign in again' },
  SECOND_FACTOR_REQUIRED: { status: 401, title: 'The sign-in needs the code of the second factor' },
  SECOND_FACTOR_ENROLMENT_REQUIRED: {
    status: 401,
    title: 'The account must set up a second factor to sign in',
  },
  INSUFFICIENT_FUNDS: {
    status: 402,
    title: 'The agency balance and credit limit do not cover this amount',
  },
  PAYMENT_DECLINED: { status: 402, title: 'The card payment was declined' },
  PAYMENT_REQUIRED: { status: 402, title: 'The booking must be paid first' },
  FORBIDDEN: { status: 403, title: 'The caller may not do this' },
  INSUFFICIENT_SCOPE: { status: 403, title: 'The access token lacks a required scope' },
  NOT_FOUND: { status: 404, title: 'The resource does not exist' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No operation has this path' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'The operation does not accept this method' },
  CONFLICT: { status: 409, title: 'The request conflicts with the current state' },
  PRICE_CHANGED: { status: 409, title: 'The price has changed' },
  NO_AVAILABILITY: { status: 409, title: 'Not enough seats or rooms are left' },
  SEAT_UNAVAILABLE: { status: 409, title: 'The chosen seat is taken' },
  INVALID_STATE_TRANSITION: {
    status: 409,
    title: 'The booking does not allow this action in its current state',
  },
  CURRENCY_MISMATCH: { status: 409, title: 'The amount is not in the account currency' },
  CHANGE_NOT_ALLOWED: { status: 409, title: 'The rate does not allow this change now' },
  PART_OF_TRIP: { status: 409, title: 'The booking is part of a trip; change the trip' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    title: 'A request with this Idempotency-Key is still being processed',
  },
  OFFER_EXPIRED: { status: 410, title: 'The offer has expired' },
  QUOTE_EXPIRED: { status: 410, title: 'The quote has expired or the booking changed since' },
  PRECONDITION_FAILED: { status: 412, title: 'The resource changed since you read it' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'This Idempotency-Key was used with a different request' },
  STAY_RESTRICTED: { status: 422, title: 'The stay breaks a rule of the rate' },
  PRECONDITION_REQUIRED: { status: 428, title: 'This operation needs If-Match' },
  REQUEST_TIMEOUT: { status: 408, title: 'The request did not arrive in time' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  URI_TOO_LONG: { status: 414, title: 'A part of the request path is too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'The content type is not supported' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'The service is temporarily unavailable' },
  OVERLOADED: { status: 503, title: 'The server is busy; retry after the time given' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
