import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, OAuthClientsTable, UsersTable } from '../../db/tables.ts';

export type ClientRow = Selectable<OAuthClientsTable>;

export function createClientsRepository(db: Kysely<Database>) {
  return {
    async findById(clientId: string): Promise<ClientRow | undefined> {
      return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },
    async insert(client: Insertable<OAuthClientsTable>): Promise<void> {
      await db.insertInto('oauth_clients').values(client).execute();
    },

    /** A machine client and the account it acts as, together or not at all. */
    /** A machine client and its account, with `also` (its audit entry) in the same transaction. */
    async insertMachine(
      client: Insertable<OAuthClientsTable>,
      user: Insertable<UsersTable>,
      also: (trx: Kysely<Database>) => Promise<void> = async () => {},
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx.insertInto('oauth_clients').values(client).execute();
        await also(trx);
      });
    },

    /** The machine clients (those with an account of their own), oldest first. */
    async listMachine(agencyId?: string) {
      let query = db
        .selectFrom('oauth_clients as c')
        .innerJoin('users as u', 'u.id', 'c.service_user_id')
        .selectAll('c')
        .select(['u.role', 'u.agency_id'])
        .orderBy('c.created_at')
        .orderBy('c.client_id');
      if (agencyId) query = query.where('u.agency_id', '=', agencyId);
      return query.execute();
    },

    async update(
      clientId: string,
      fields: Updateable<OAuthClientsTable>,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('oauth_clients')
        .set(fields)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Revokes a client and disables its account, so every token it holds is refused at once. */
    async revoke(
      client: ClientRow,
      now: string,
      also: (trx: Kysely<Database>) => Promise<void> = async () => {},
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await also(trx);
        await trx
          .updateTable('oauth_clients')
          .set({ revoked_at: now })
          .where('client_id', '=', client.client_id)
          .execute();
        if (client.service_user_id)
          await trx
            .updateTable('users')
            .set({ disabled: 1, updated_at: now })
            .where('id', '=', client.service_user_id)
            .execute();
      });
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
