import type { Kysely, Selectable } from 'kysely';
import type { CardTokensTable, Database } from '../../db/tables.ts';

export type CardToken = Selectable<CardTokensTable>;

/** Card tokens: the provider's token and what may be shown of the card, never its number. */
export function createCardTokensRepository(db: Kysely<Database>) {
  return {
    async insert(row: CardToken): Promise<void> {
      await db.insertInto('card_tokens').values(row).execute();
    },
    async find(id: string): Promise<CardToken | undefined> {
      return db.selectFrom('card_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async purgeExpired(now: string): Promise<void> {
      await db.deleteFrom('card_tokens').where('expires_at', '<', now).execute();
    },
  };
}

export type CardTokensRepository = ReturnType<typeof createCardTokensRepository>;
