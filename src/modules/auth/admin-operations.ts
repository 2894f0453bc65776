import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditLog } from '../audit/index.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/** Operations for admins and for agency admins within their agency (docs/api.md, "Roles"). */
export const MANAGE_SECURITY = [{ oauth2: ['admin'] }, { oauth2: ['manage'] }];

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
  /** Admins and agency admins (each within its reach). */
  guard: onRequestAsyncHookHandler;
  /** Admins only: what is the operator's to decide (an agency's suspension). */
  adminGuard: onRequestAsyncHookHandler;
  /** Each change is recorded in its transaction. */
  audit: Pick<AuditLog, 'record'>;
}
