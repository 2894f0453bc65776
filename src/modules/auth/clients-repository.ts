import type { Kysely, Selectable } from 'kysely';
import type { Database, OAuthClientsTable } from '../../db/tables.ts';

export type ClientRow = Selectable<OAuthClientsTable>;

export function createClientsRepository(db: Kysely<Database>) {
  return {
    async findById(clientId: string): Promise<ClientRow | undefined> {
      return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },
    async insert(client: ClientRow): Promise<void> {
      await db.insertInto('oauth_clients').values(client).execute();
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
