import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/tables.ts';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Kysely<Database>) {
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
    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(user: UserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
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
    async findAgency(id: string) {
      return db.selectFrom('agencies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Sets an agency's billing details; the agency as it is now, or undefined when there is none. */
    async updateAgency(id: string, fields: { billing_address?: string | null; vat_id?: string | null }) {
      if (Object.keys(fields).length > 0)
        await db.updateTable('agencies').set(fields).where('id', '=', id).execute();
      return db.selectFrom('agencies').selectAll().where('id', '=', id).executeTakeFirst();
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
