export {
  type PasswordGrantOptions,
  passwordGrant,
  SessionExpiredError,
  type TokenClaims,
  type TokenSource,
  claimsOf,
  type WebSession,
  webSession,
} from './auth.ts';
export {
  type ClientOptions,
  createItineraClient,
  idempotencyKey,
  type ItineraClient,
  itineraFetch,
  type RetryPolicy,
} from './client.ts';
export { AuthError, NetworkError, type Problem, ProblemError, unwrap } from './errors.ts';
export { type CursorPage, eachItem, eachPage } from './pages.ts';
export type { components, operations, paths } from './schema.ts';
