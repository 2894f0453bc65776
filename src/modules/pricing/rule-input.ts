import { isCurrency } from '../money/index.ts';
import type { PricingRule, RuleScope, RuleTerms } from './pricing-rules.ts';

/** A rule as clients write it: percentages with up to two decimals, a fixed markup as money. */
export interface RuleInput {
  name: string;
  scope?: Partial<RuleScope>;
  markup_percent?: number;
  markup_fixed?: { amount: number; currency: string } | null;
  commission_percent?: number;
}

type Problem = { pointer: string; detail: string };

const FLIGHT_ONLY = ['carrier', 'origin', 'destination'] as const;
const HOTEL_ONLY = ['city_id', 'hotel_id'] as const;
export const MAX_MARKUP_PERCENT = 1000;

/** A percentage with at most two decimals as basis points, or undefined when it has more. */
export function toBasisPoints(percent: number): number | undefined {
  const bp = Math.round(percent * 100);
  return Math.abs(percent * 100 - bp) < 1e-6 ? bp : undefined;
}

export const toPercent = (bp: number) => bp / 100;

/** The scope and terms an input asks for, or what is wrong with it (pointers into the input). */
export function readRuleInput(
  input: RuleInput,
  pointer = '',
): { ok: true; rule: Omit<PricingRule, 'id'> } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const scope: RuleScope = {
    product: input.scope?.product ?? null,
    channel: input.scope?.channel ?? null,
    agency_id: input.scope?.agency_id ?? null,
    carrier: input.scope?.carrier ?? null,
    origin: input.scope?.origin ?? null,
    destination: input.scope?.destination ?? null,
    city_id: input.scope?.city_id ?? null,
    hotel_id: input.scope?.hotel_id ?? null,
    travel_from: input.scope?.travel_from ?? null,
    travel_to: input.scope?.travel_to ?? null,
  };
  for (const f of FLIGHT_ONLY)
    if (scope[f] !== null && scope.product !== 'flight')
      problems.push({ pointer: `${pointer}/scope/${f}`, detail: 'needs scope.product "flight"' });
  for (const f of HOTEL_ONLY)
    if (scope[f] !== null && scope.product !== 'hotel')
      problems.push({ pointer: `${pointer}/scope/${f}`, detail: 'needs scope.product "hotel"' });
  if (scope.agency_id !== null && scope.channel === 'customer')
    problems.push({
      pointer: `${pointer}/scope/agency_id`,
      detail: 'names an agency: the channel is "agency"',
    });
  if (scope.travel_from !== null && scope.travel_to !== null && scope.travel_from > scope.travel_to)
    problems.push({ pointer: `${pointer}/scope/travel_to`, detail: 'is before travel_from' });
  const percent = (value: number | undefined, max: number, field: string): number => {
    if (value === undefined) return 0;
    const bp = toBasisPoints(value);
    if (bp === undefined || value < 0 || value > max) {
      problems.push({
        pointer: `${pointer}/${field}`,
        detail: `must be a percentage from 0 to ${max} with at most two decimals`,
      });
      return 0;
    }
    return bp;
  };
  const terms: RuleTerms = {
    markup_bp: percent(input.markup_percent, MAX_MARKUP_PERCENT, 'markup_percent'),
    markup_fixed_amount: input.markup_fixed?.amount ?? 0,
    markup_fixed_currency: input.markup_fixed?.currency ?? null,
    commission_bp: percent(input.commission_percent, 100, 'commission_percent'),
  };
  if (input.markup_fixed && !isCurrency(input.markup_fixed.currency))
    problems.push({ pointer: `${pointer}/markup_fixed/currency`, detail: 'is not an ISO 4217 currency' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rule: { name: input.name, ...scope, ...terms } };
}
