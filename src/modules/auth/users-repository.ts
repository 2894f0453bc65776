import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/tables.ts';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Kysely<Database>) {
  /** Accounts as administered: with the machine client an account belongs to, if any. */
  const accounts = () =>
    db
      .selectFrom('users as u')
      .leftJoin('oauth_clients as c', 'c.service_user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        'u.email',
        'u.role',
        'u.agency_id',
        'u.disabled',
        'u.created_at',
        'u.sessions_reset_at',
        'c.client_id',
      ]);
  return {
    /** Finds by user name or e-mail, both stored lower-cased. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const key = login.trim().toLowerCase();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username', '=', key), eb('email', '=', key)]))
        .executeTakeFirst();
    },
    async findById(id: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(user: UserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
    /** A new password, in `trx`. */
    async setPassword(trx: Kysely<Database>, id: string, passwordHash: string, now: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async setDisabled(id: string, disabled: boolean, now: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ disabled: disabled ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** A page of accounts by username after `after`, with the machine client each belongs to, if any. */
    async list(
      filter: { role?: string | undefined; agencyId?: string | undefined; q?: string | undefined },
      after: string | undefined,
      limit: number,
    ) {
      let query = accounts()
        .orderBy('u.username')
        .limit(limit + 1);
      if (filter.role) query = query.where('u.role', '=', filter.role as UserRow['role']);
      if (filter.agencyId) query = query.where('u.agency_id', '=', filter.agencyId);
      if (filter.q) {
        // `_` in a name is LIKE's any-one-character: a search for it finds a little more, never less.
        const prefix = `${filter.q.toLowerCase()}%`;
        query = query.where((eb) => eb.or([eb('u.username', 'like', prefix), eb('u.email', 'like', prefix)]));
      }
      if (after !== undefined) query = query.where('u.username', '>', after);
      const rows = await query.execute();
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** An account with the machine client it belongs to, if any. */
    async findWithClient(id: string) {
      return accounts().where('u.id', '=', id).executeTakeFirst();
    },

    async update(
      id: string,
      fields: Partial<
        Pick<
          UserRow,
          'username' | 'email' | 'password_hash' | 'role' | 'agency_id' | 'disabled' | 'sessions_reset_at'
        >
      >,
      now: string,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Whether an account may act now: not disabled, nor of a suspended agency. */
    async isActive(user: UserRow): Promise<boolean> {
      if (user.disabled) return false;
      if (user.agency_id === null) return true;
      const agency = await db
        .selectFrom('agencies')
        .select('suspended_at')
        .where('id', '=', user.agency_id)
        .executeTakeFirst();
      return !agency?.suspended_at;
    },

    async findAgency(id: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('agencies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every agency, by name. */
    async listAgencies() {
      return db.selectFrom('agencies').selectAll().orderBy('name').execute();
    },

    /** Suspends an agency (now) or reinstates it (null); false when there is no such agency. */
    async setAgencySuspended(id: string, at: string | null, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable('agencies')
        .set({ suspended_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The accounts of an agency, its machine clients' included. */
    async idsOfAgency(agencyId: string, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx.selectFrom('users').select('id').where('agency_id', '=', agencyId).execute();
      return rows.map((r) => r.id);
    },

    /** Sets an agency's billing details; the agency as it is now, or undefined when there is none. */
    async updateAgency(
      id: string,
      fields: {
        name?: string;
        billing_address?: string | null;
        vat_id?: string | null;
        contact_email?: string | null;
        contact_phone?: string | null;
      },
      trx: Kysely<Database> = db,
    ) {
      if (Object.keys(fields).length > 0)
        await trx.updateTable('agencies').set(fields).where('id', '=', id).execute();
      return trx.selectFrom('agencies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The agency of this name, created if it does not exist yet; safe when callers race. */
    async ensureAgency(agency: { id: string; name: string; created_at: string }): Promise<string> {
      await db
        .insertInto('agencies')
        .values(agency)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('agencies')
        .select('id')
        .where('name', '=', agency.name)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
