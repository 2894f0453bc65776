import type { Kysely, Selectable } from 'kysely';
import type { Database, PricingRulesTable } from '../../db/tables.ts';

export type PricingRuleRow = Selectable<PricingRulesTable>;

/** Pricing rules as stored; writes take the caller's transaction. */
export function createPricingRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, row: PricingRuleRow): Promise<void> {
      await trx.insertInto('pricing_rules').values(row).execute();
    },

    /** Replaces a rule's scope, terms and name if it is at `version`; answers whether it was. */
    async update(
      trx: Kysely<Database>,
      id: string,
      version: number,
      changes: Omit<PricingRuleRow, 'id' | 'version' | 'created_at' | 'retired_at'>,
    ): Promise<boolean> {
      const r = await trx
        .updateTable('pricing_rules')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async retire(trx: Kysely<Database>, id: string, now: string): Promise<boolean> {
      const r = await trx
        .updateTable('pricing_rules')
        .set((eb) => ({ retired_at: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    find: (trx: Kysely<Database>, id: string) =>
      trx.selectFrom('pricing_rules').selectAll().where('id', '=', id).executeTakeFirst(),

    findByName: (trx: Kysely<Database>, name: string) =>
      trx
        .selectFrom('pricing_rules')
        .selectAll()
        .where('name', '=', name)
        .where('retired_at', 'is', null)
        .executeTakeFirst(),

    /** Rules in force (or every rule), oldest first. */
    list: (options: { includeRetired: boolean } = { includeRetired: false }) =>
      db
        .selectFrom('pricing_rules')
        .selectAll()
        .$if(!options.includeRetired, (q) => q.where('retired_at', 'is', null))
        .orderBy('id')
        .execute(),

    /** In the caller's transaction: on SQLite a read outside it would wait for that transaction to end. */
    agencyExists: async (trx: Kysely<Database>, id: string) =>
      (await trx.selectFrom('agencies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
