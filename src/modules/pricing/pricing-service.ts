import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { bumpVersion } from '../../db/versioned-cache.ts';
import { AppError, invalidFields } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PricingRepository, PricingRuleRow } from './pricing-repository.ts';
import { PRICING_COUNTER, type PricingSource } from './pricing-source.ts';
import { type PricingFile, pricingFileProblems } from './rule-file.ts';
import { type RuleInput, readRuleInput, toPercent } from './rule-input.ts';

const notFound = () => new AppError('NOT_FOUND', 'No such pricing rule');

/** A rule as the API shows it. */
export function ruleView(row: PricingRuleRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    scope: {
      product: row.product,
      channel: row.channel,
      agency_id: row.agency_id,
      carrier: row.carrier,
      origin: row.origin,
      destination: row.destination,
      city_id: row.city_id,
      hotel_id: row.hotel_id,
      travel_from: row.travel_from,
      travel_to: row.travel_to,
    },
    markup_percent: toPercent(row.markup_bp),
    markup_fixed: row.markup_fixed_currency
      ? { amount: Number(row.markup_fixed_amount), currency: row.markup_fixed_currency }
      : null,
    commission_percent: toPercent(row.commission_bp),
    created_at: row.created_at,
    updated_at: row.updated_at,
    retired_at: row.retired_at,
  };
}

/** Creates, edits and retires pricing rules; each change counts on the counter every process follows. */
export function createPricingService(deps: {
  db: Kysely<Database>;
  repository: PricingRepository;
  source: PricingSource;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
}) {
  const { db, repository, audit } = deps;
  const recorded = (trx: Kysely<Database>, action: string, row: PricingRuleRow, before?: PricingRuleRow) =>
    audit.record(
      {
        action,
        agencyId: row.agency_id,
        target: { type: 'pricing_rule', id: row.id },
        ...(before ? { before: ruleView(before) } : {}),
        ...(action === 'pricing_rule.retired' ? {} : { after: ruleView(row) }),
      },
      trx,
    );

  async function checked(trx: Kysely<Database>, input: RuleInput, pointer = '') {
    const read = readRuleInput(input, pointer);
    if (!read.ok) throw invalidFields('The pricing rule', read.problems);
    const agency = read.rule.agency_id;
    if (agency !== null && !(await repository.agencyExists(trx, agency)))
      throw invalidFields('The pricing rule', [
        { pointer: `${pointer}/scope/agency_id`, detail: 'is not an agency' },
      ]);
    return read.rule;
  }

  /** Runs a change and makes every process see it (this one at once). */
  async function change<T>(work: (trx: Kysely<Database>, now: string) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const out = await work(trx, deps.clock.now().toISOString());
      await bumpVersion(trx, PRICING_COUNTER);
      return out;
    });
    await deps.source.refresh();
    return result;
  }

  async function create(trx: Kysely<Database>, input: RuleInput, now: string, pointer = '') {
    const rule = await checked(trx, input, pointer);
    const row: PricingRuleRow = {
      ...rule,
      id: deps.ids.ordered('prl'),
      version: 1,
      created_at: now,
      updated_at: now,
      retired_at: null,
    };
    await repository.insert(trx, row);
    await recorded(trx, 'pricing_rule.created', row);
    return row;
  }

  async function update(
    trx: Kysely<Database>,
    id: string,
    expected: number | undefined,
    input: RuleInput,
    now: string,
    pointer = '',
  ) {
    const found = await repository.find(trx, id);
    if (!found || found.retired_at !== null) throw notFound();
    if (expected !== undefined && expected !== found.version)
      throw new AppError('PRECONDITION_FAILED', `The rule is at version ${found.version}`, {
        current_version: found.version,
      });
    const rule = await checked(trx, input, pointer);
    if (!(await repository.update(trx, id, found.version, { ...rule, updated_at: now })))
      throw new AppError('PRECONDITION_FAILED', 'The rule changed meanwhile; read it again');
    const updated = (await repository.find(trx, id))!;
    await recorded(trx, 'pricing_rule.updated', updated, found);
    return updated;
  }

  return {
    list: async (includeRetired: boolean) => (await repository.list({ includeRetired })).map(ruleView),

    create: (input: RuleInput) => change(async (trx, now) => ruleView(await create(trx, input, now))),

    /** Replaces a rule's name, scope and terms; bookings keep the rule's id and version they were priced with. */
    update: (id: string, expectedVersion: number | undefined, input: RuleInput) =>
      change(async (trx, now) => ruleView(await update(trx, id, expectedVersion, input, now))),

    retire: (id: string) =>
      change(async (trx, now) => {
        const before = await repository.find(trx, id);
        if (!before || !(await repository.retire(trx, id, now))) throw notFound();
        const retired = (await repository.find(trx, id))!;
        await recorded(trx, 'pricing_rule.retired', retired, before);
        return ruleView(retired);
      }),

    /**
     * A file of rules (the CLI): each is created, or replaces the rule in force of the same name; all of
     * them or, with every problem listed, none.
     */
    importFile(file: PricingFile) {
      const problems = pricingFileProblems(file);
      if (problems.length > 0) throw invalidFields('The pricing file', problems);
      const { rules } = file;
      return change(async (trx, now) => {
        let created = 0;
        let updated = 0;
        for (const [i, input] of rules.entries()) {
          const existing = await repository.findByName(trx, input.name);
          if (existing) {
            await update(trx, existing.id, undefined, input, now, `/rules/${i}`);
            updated += 1;
          } else {
            await create(trx, input, now, `/rules/${i}`);
            created += 1;
          }
        }
        return { created, updated };
      });
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
