import type { onRequestAsyncHookHandler } from 'fastify';
import { errorResponses } from '../../http/schemas.ts';
import type { Clock } from '../../ports/clock.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/** What an admin's operation on an account, agency or machine client may answer besides success. */
export const ADMIN_PROBLEMS = errorResponses(
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'UNSUPPORTED_MEDIA_TYPE',
);

/** What the routes administering accounts and agencies are wired with. */
export interface AdministrationDeps {
  users: UsersRepository;
  tokens: Pick<TokensRepository, 'revokeUserFamilies'>;
  clock: Clock;
  guard: onRequestAsyncHookHandler;
}
