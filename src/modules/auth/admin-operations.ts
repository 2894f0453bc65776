import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditLog } from '../audit/index.ts';
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
  db: Kysely<Database>;
  users: UsersRepository;
  tokens: Pick<TokensRepository, 'revokeUserFamilies'>;
  clock: Clock;
  guard: onRequestAsyncHookHandler;
  /** Each change is recorded in its transaction. */
  audit: Pick<AuditLog, 'record'>;
}
