import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { fold } from '../../shared/text.ts';
import { type Principal, visibilityOf } from '../auth/index.ts';
import { duplicateDocument, EMPTY_PROFILE, type Profile, type ProfileFields } from './traveller-profile.ts';
import type { TravellersRepository } from './travellers-repository.ts';

export type ProfileChanges = Partial<ProfileFields>;

/**
 * Traveller profiles: a customer's (and an admin's) are their own; an agent's and an agency admin's are
 * their agency's, shared by its people. Another's is 404, as a missing one.
 */
export function createTravellers(deps: { repository: TravellersRepository; clock: Clock; ids: IdGenerator }) {
  const { repository, clock, ids } = deps;

  const checked = <T extends ProfileChanges>(fields: T): T => {
    const twice = fields.documents && duplicateDocument(fields.documents);
    if (twice !== undefined)
      throw invalidField(`/documents/${twice}`, 'is a second document of this type from this country');
    if (fields.born_on && fields.born_on > clock.now().toISOString().slice(0, 10))
      throw invalidField('/born_on', 'is in the future');
    return fields;
  };

  const found = async (principal: Principal, id: string) => {
    const profile = await repository.find(visibilityOf(principal), id);
    if (!profile) throw new AppError('NOT_FOUND', 'No such traveller');
    return profile;
  };

  return {
    async create(
      principal: Principal,
      fields: ProfileChanges & Pick<ProfileFields, 'given_name' | 'family_name'>,
    ) {
      const now = clock.now().toISOString();
      const shared = principal.role !== 'admin' && principal.agencyId !== null;
      const profile: Profile = {
        ...EMPTY_PROFILE,
        ...checked(fields),
        id: ids.next('trv'),
        user_id: shared ? null : principal.userId,
        agency_id: shared ? principal.agencyId : null,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      await repository.insert(profile);
      return profile;
    },

    get: found,

    list: (
      principal: Principal,
      q: string | undefined,
      after: Parameters<TravellersRepository['list']>[2],
      limit: number,
    ) => repository.list(visibilityOf(principal), q ? fold(q) : undefined, after, limit),

    /** The fields given replace those held (`null` clears one); `expectedVersion` guards against a lost update. */
    async update(principal: Principal, id: string, changes: ProfileChanges, expectedVersion?: number) {
      const held = await found(principal, id);
      if (expectedVersion !== undefined && expectedVersion !== held.version)
        throw new AppError(
          'PRECONDITION_FAILED',
          `The traveller is at version ${held.version}, not ${expectedVersion}`,
        );
      const next: Profile = {
        ...held,
        ...checked(changes),
        version: held.version + 1,
        updated_at: clock.now().toISOString(),
      };
      if (!(await repository.replace(next, held.version)))
        throw new AppError(
          'PRECONDITION_FAILED',
          'The traveller changed while this change was made; read it again',
        );
      return next;
    },

    async remove(principal: Principal, id: string) {
      await found(principal, id);
      await repository.remove(id);
      return { id, deleted: true as const };
    },
  };
}

export type Travellers = ReturnType<typeof createTravellers>;
