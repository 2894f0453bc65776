/**
 * Pricing rules: how the selling price is made from the net price an operator's inventory gives. A rule
 * has a scope (every field it sets must match the sale) and terms: a markup (basis points of the net,
 * plus a fixed amount per unit: per passenger for flights, per room-night for hotels) and an agent's
 * commission (basis points of the selling price before taxes). One rule applies to a sale: the most
 * specific that matches, the newest among equals.
 */

export const PRODUCTS = ['flight', 'hotel'] as const;
export const CHANNELS = ['customer', 'agency'] as const;
export type Product = (typeof PRODUCTS)[number];
export type Channel = (typeof CHANNELS)[number];

export interface RuleScope {
  product: Product | null;
  channel: Channel | null;
  agency_id: string | null;
  /** Flights: the carrier of the first flight. */
  carrier: string | null;
  /** Flights: the first slice's origin and destination airports. */
  origin: string | null;
  destination: string | null;
  /** Hotels: the hotel's city, or the hotel itself. */
  city_id: string | null;
  hotel_id: string | null;
  /** Inclusive local dates the trip begins in (first departure, check-in). */
  travel_from: string | null;
  travel_to: string | null;
}

export interface RuleTerms {
  /** Basis points of the net (1250 = 12.5 %). */
  markup_bp: number;
  /** A fixed markup per unit, in minor units of `markup_fixed_currency`. */
  markup_fixed_amount: number;
  markup_fixed_currency: string | null;
  /** Basis points of the selling price before taxes, paid to the selling agency. */
  commission_bp: number;
}

export interface PricingRule extends RuleScope, RuleTerms {
  /** Ordered ids: a later rule has a greater id. */
  id: string;
  name: string;
  /** Counts edits, so a booking can name the terms it was priced with. */
  version?: number;
}

/** What is being sold, to whom: the facts a rule's scope is matched against. */
export interface Sale {
  product: Product;
  channel: Channel;
  agency_id: string | null;
  carrier?: string;
  origin?: string;
  destination?: string;
  city_id?: string;
  hotel_id?: string;
  travel_date: string;
}

const SCOPE_FIELDS = [
  'product',
  'channel',
  'agency_id',
  'carrier',
  'origin',
  'destination',
  'city_id',
  'hotel_id',
] as const;

/** How many things a rule's scope names: each field set counts one, a travel window (either end) one. */
export function specificity(rule: RuleScope): number {
  const named = SCOPE_FIELDS.filter((f) => rule[f] !== null).length;
  return named + (rule.travel_from !== null || rule.travel_to !== null ? 1 : 0);
}

/** Whether every field the rule sets matches the sale. */
export function matches(rule: RuleScope, sale: Sale): boolean {
  for (const f of SCOPE_FIELDS) {
    const want = rule[f];
    if (want !== null && want !== sale[f]) return false;
  }
  if (rule.travel_from !== null && sale.travel_date < rule.travel_from) return false;
  if (rule.travel_to !== null && sale.travel_date > rule.travel_to) return false;
  return true;
}

/** The rule that prices a sale: the most specific match, the newest among equally specific ones. */
export function ruleFor<R extends PricingRule>(rules: readonly R[], sale: Sale): R | undefined {
  let best: R | undefined;
  let bestScore = -1;
  for (const rule of rules) {
    if (!matches(rule, sale)) continue;
    const score = specificity(rule);
    if (score > bestScore || (score === bestScore && rule.id > best!.id)) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}
