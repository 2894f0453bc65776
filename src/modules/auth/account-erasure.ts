import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import type { SecondFactorsRepository } from './second-factors-repository.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/**
 * A person's account for their data export, and its erasure (GDPR art. 17): its name and address go, a
 * password nobody knows replaces theirs, it is disabled and signed out everywhere, its second factor gone.
 * The row stays, so the bookings and the books that name it still add up.
 */
export function createAccountErasure(deps: {
  users: UsersRepository;
  tokens: Pick<TokensRepository, 'revokeUserFamilies'>;
  secondFactors: Pick<SecondFactorsRepository, 'remove'>;
  hasher: PasswordHasher;
}) {
  return {
    async exportOf(userId: string) {
      const user = await deps.users.findById(userId);
      return (
        user && {
          id: user.id,
          username: user.username,
          email: user.email,
          role: user.role,
          agency_id: user.agency_id,
          created_at: user.created_at,
        }
      );
    },
    /** A password hash nobody's password matches: made before the erasure's transaction (it is slow). */
    unusablePassword: () => deps.hasher.hash(randomBytes(32).toString('base64url')),
    async erase(trx: Kysely<Database>, userId: string, now: string, unusable: string): Promise<void> {
      await deps.users.update(
        userId,
        {
          username: `erased.${userId}`,
          email: null,
          password_hash: unusable,
          disabled: 1,
          sessions_reset_at: now,
        },
        now,
        trx,
      );
      await deps.tokens.revokeUserFamilies(userId, now, { trx });
      await deps.secondFactors.remove(userId, trx);
    },
  };
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
