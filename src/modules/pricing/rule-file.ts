import Value from 'typebox/value';
import { RuleInputSchema } from './pricing.schemas.ts';
import type { RuleInput } from './rule-input.ts';

/** A file of pricing rules, as the CLI imports it: each rule created, or replacing the one of its name. */
export interface PricingFile {
  rules: RuleInput[];
}

export const MAX_RULES_PER_FILE = 1_000;

/** What is wrong with a pricing file's shape, by JSON pointer (the rules' own checks come after). */
export function pricingFileProblems(file: unknown): Array<{ pointer: string; detail: string }> {
  const rules = (file as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules)) return [{ pointer: '/rules', detail: 'must be an array of rules' }];
  if (rules.length > MAX_RULES_PER_FILE)
    return [{ pointer: '/rules', detail: `must hold at most ${MAX_RULES_PER_FILE} rules` }];
  return rules.flatMap((rule, i) =>
    [...Value.Errors(RuleInputSchema, rule)]
      .filter((e) => e.keyword !== 'boolean')
      .map((e) => ({ pointer: `/rules/${i}${e.instancePath}`, detail: e.message })),
  );
}

/** An example file: a markup for every flight, a better one with commission for agencies, one for hotels. */
export function examplePricingFile(): PricingFile {
  return {
    rules: [
      {
        name: 'Flights',
        scope: { product: 'flight' },
        markup_percent: 6,
        markup_fixed: { amount: 500, currency: 'EUR' },
      },
      {
        name: 'Flights sold by agencies',
        scope: { product: 'flight', channel: 'agency' },
        markup_percent: 4,
        commission_percent: 3,
      },
      { name: 'Hotels', scope: { product: 'hotel' }, markup_percent: 12, commission_percent: 8 },
    ],
  };
}
