import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import { hashClientSecret } from './client-authentication.ts';
import type { ClientsRepository } from './clients-repository.ts';
import { belongsToAgency, ROLES, type Role } from './scopes.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UserRow, UsersRepository } from './users-repository.ts';

export const MIN_PASSWORD_LENGTH = 12;
const USERNAME = /^[a-z0-9][a-z0-9._@+-]{2,127}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;
const GRANTS = ['password', 'refresh_token'] as const;

export interface NewUser {
  username: string;
  email?: string | undefined;
  password: string;
  role: Role;
  agencyName?: string | undefined;
  /** The agency by id instead of by name: an agency admin's own. */
  agencyId?: string | undefined;
}

export interface NewClient {
  clientId: string;
  name?: string | undefined;
  confidential: boolean;
  grantTypes?: readonly string[] | undefined;
}

function invalid(detail: string): AppError {
  return new AppError('VALIDATION_FAILED', detail);
}

/** Creates users and OAuth clients; used by the command line and the demo bootstrap. */
export function createAccountsService(deps: {
  /** Sign-ins to end when an account is disabled. */
  tokens?: Pick<TokensRepository, 'revokeUserFamilies'>;
  users: UsersRepository;
  clients: ClientsRepository;
  hasher: PasswordHasher;
  clock: Clock;
  ids: IdGenerator;
}) {
  const { users, clients, hasher, clock, ids } = deps;

  async function agencyIdFor(input: NewUser): Promise<string | null> {
    const name = input.agencyName;
    if (!belongsToAgency(input.role)) {
      if (name || input.agencyId) throw invalid('only agents and agency admins belong to an agency');
      return null;
    }
    if (input.agencyId) return input.agencyId;
    if (!name) throw invalid(`an ${input.role} account needs an agency`);
    return users.ensureAgency({ id: ids.next('agy'), name, created_at: clock.now().toISOString() });
  }

  return {
    async createUser(input: NewUser): Promise<UserRow> {
      const username = input.username.trim().toLowerCase();
      const email = input.email?.trim().toLowerCase() || null;
      if (!USERNAME.test(username)) throw invalid('username must be 3 to 128 of a-z 0-9 . _ @ + -');
      if (email && !EMAIL.test(email)) throw invalid('email is not an e-mail address');
      if (!ROLES.includes(input.role)) throw invalid(`role must be one of ${ROLES.join(', ')}`);
      if (input.password.length < MIN_PASSWORD_LENGTH) {
        throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      const now = clock.now().toISOString();
      const row: UserRow = {
        id: ids.next('usr'),
        username,
        email,
        password_hash: await hasher.hash(input.password),
        role: input.role,
        agency_id: await agencyIdFor(input),
        disabled: 0,
        created_at: now,
        updated_at: now,
        sessions_reset_at: null,
      };
      try {
        await users.insert(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', 'a user with this username or email exists');
        throw error;
      }
      return row;
    },

    /** Returns the client secret once, for confidential clients; only its hash is kept. */
    async createClient(
      input: NewClient,
    ): Promise<{ clientId: string; clientSecret: string | null; grantTypes: string[] }> {
      if (!CLIENT_ID.test(input.clientId)) throw invalid('client_id must be 3 to 64 of A-Z a-z 0-9 . _ -');
      const grantTypes = [...(input.grantTypes ?? GRANTS)];
      const unknown = grantTypes.filter((g) => !(GRANTS as readonly string[]).includes(g));
      if (unknown.length > 0 || grantTypes.length === 0)
        throw invalid(`grants must be among ${GRANTS.join(', ')}`);
      const clientSecret = input.confidential ? `cs_${randomBytes(32).toString('base64url')}` : null;
      try {
        await clients.insert({
          client_id: input.clientId,
          name: input.name ?? input.clientId,
          secret_hash: clientSecret ? hashClientSecret(clientSecret) : null,
          grant_types: grantTypes.join(' '),
          created_at: clock.now().toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `client ${input.clientId} exists`);
        throw error;
      }
      return { clientId: input.clientId, clientSecret, grantTypes };
    },

    async setUserDisabled(login: string, disabled: boolean): Promise<void> {
      const user = await users.findByLogin(login);
      if (!user) throw new AppError('NOT_FOUND', `no user ${login}`);
      const now = clock.now().toISOString();
      await users.setDisabled(user.id, disabled, now);
      // Its access tokens stop at once (the guard checks the account); its sign-ins end for good.
      if (disabled) await deps.tokens?.revokeUserFamilies(user.id, now);
    },

    countUsers: () => users.count(),

    /** Which of these accounts exist and may sign in. */
    async enabledAmong(logins: readonly string[]): Promise<string[]> {
      const enabled: string[] = [];
      for (const login of logins) {
        const user = await users.findByLogin(login);
        if (user && !user.disabled) enabled.push(login);
      }
      return enabled;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
