export {
  claimsOf,
  type PasswordGrantOptions,
  passwordGrant,
  SessionExpiredError,
  type SignInOptions,
  type TokenClaims,
  type TokenSource,
  type WebSession,
  webSession,
} from './auth.ts';
export {
  type ClientOptions,
  createItineraClient,
  type ItineraClient,
  idempotencyKey,
  itineraFetch,
  type RetryPolicy,
} from './client.ts';
export { AuthError, NetworkError, type Problem, ProblemError, unwrap } from './errors.ts';
export { type CursorPage, eachItem, eachPage } from './pages.ts';
export type { components, operations, paths } from './schema.ts';
