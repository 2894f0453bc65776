import type { Kysely } from 'kysely';
import { afterPosition, type KeysetPosition } from '../../db/keyset.ts';
import type { Database } from '../../db/tables.ts';
import { namesContaining } from '../../shared/names.ts';
import type { Sealer } from '../../shared/sealed-data.ts';
import type { Visibility } from '../auth/index.ts';
import { type Profile, profileCodec } from './traveller-profile.ts';

/** Traveller profiles in the database: whose a caller may see is its visibility (own, agency's, all). */
export function createTravellersRepository(db: Kysely<Database>, sealer: Pick<Sealer, 'seal' | 'open'>) {
  const codec = profileCodec(sealer);
  const visible = (v: Visibility) => {
    let q = db.selectFrom('traveller_profiles').selectAll();
    if (v.kind === 'user') q = q.where('user_id', '=', v.userId);
    if (v.kind === 'agency') q = q.where('agency_id', '=', v.agencyId);
    return q;
  };

  return {
    async insert(profile: Profile): Promise<void> {
      await db.insertInto('traveller_profiles').values(codec.toRow(profile)).execute();
    },

    async find(v: Visibility, id: string): Promise<Profile | undefined> {
      const row = await visible(v).where('id', '=', id).executeTakeFirst();
      return row && codec.fromRow(row);
    },

    /** A page by family name, after `after`, of those whose name contains `name` (folded). */
    async list(v: Visibility, name: string | undefined, after: KeysetPosition | undefined, limit: number) {
      let q = visible(v)
        .orderBy('family_name')
        .orderBy('id')
        .limit(limit + 1);
      if (name) q = q.where('names', 'like', namesContaining(name));
      if (after) q = q.where((eb) => afterPosition(eb, 'family_name', after, false));
      const rows = await q.execute();
      return { profiles: rows.slice(0, limit).map(codec.fromRow), more: rows.length > limit };
    },

    /** Writes the profile if it is still at `version`; false when another change came first. */
    async replace(profile: Profile, version: number): Promise<boolean> {
      const {
        id: _id,
        user_id: _user,
        agency_id: _agency,
        created_at: _created,
        ...row
      } = codec.toRow(profile);
      const result = await db
        .updateTable('traveller_profiles')
        .set(row)
        .where('id', '=', profile.id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('traveller_profiles').where('id', '=', id).execute();
    },

    /** Every profile of a person (their own), for their data export and erasure. */
    async ofUser(userId: string): Promise<Profile[]> {
      return (await visible({ kind: 'user', userId }).orderBy('id').execute()).map(codec.fromRow);
    },

    async removeOfUser(userId: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom('traveller_profiles')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TravellersRepository = ReturnType<typeof createTravellersRepository>;

/** Seals every profile again with the current data key, those sealed with another first; how many. */
export async function resealTravellerProfiles(
  db: Kysely<Database>,
  sealer: Pick<Sealer, 'seal' | 'open' | 'isCurrent'>,
): Promise<number> {
  const codec = profileCodec(sealer);
  const stale = (await db.selectFrom('traveller_profiles').selectAll().execute()).filter(
    (row) => !sealer.isCurrent(row.sealed),
  );
  let done = 0;
  for (const row of stale) {
    const result = await db
      .updateTable('traveller_profiles')
      .set({ sealed: codec.toRow(codec.fromRow(row)).sealed })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    done += Number(result.numUpdatedRows);
  }
  return done;
}
