import {
  AuthError,
  createItineraClient,
  idempotencyKey,
  NetworkError,
  ProblemError,
  SessionExpiredError,
  type TokenClaims,
  unwrap,
  webSession,
} from '@itinera/client';
import { currentLanguage } from './i18n/i18n.ts';

/** The browser's session: refresh token in an HttpOnly cookie, access token in memory only. */
export const session = webSession();

/** The typed client every page uses, sending through the session. */
export const api = createItineraClient({
  baseUrl: window.location.origin,
  auth: session,
  get language() {
    return currentLanguage();
  },
});

export type { components } from '@itinera/client';
export {
  AuthError,
  idempotencyKey,
  NetworkError,
  ProblemError,
  SessionExpiredError,
  type TokenClaims,
  unwrap,
};
