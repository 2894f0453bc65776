import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { readVersion } from '../../db/versioned-cache.ts';
import type { RateTable } from '../money/index.ts';
import { AT_NET, type PriceTerms, termsOf } from './price-terms.ts';
import type { PricingRepository, PricingRuleRow } from './pricing-repository.ts';
import { type Channel, type PricingRule, ruleFor, type Sale } from './pricing-rules.ts';

export const PRICING_COUNTER = 'pricing_rules';

/** Who is buying: an agency's user sells through the agency channel, anyone else as a customer. */
export interface Buyer {
  agencyId: string | null;
}

export const channelOf = (buyer: Buyer): Channel => (buyer.agencyId ? 'agency' : 'customer');

export function ruleOf(row: PricingRuleRow): PricingRule & { version: number } {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    product: row.product as PricingRule['product'],
    channel: row.channel as PricingRule['channel'],
    agency_id: row.agency_id,
    carrier: row.carrier,
    origin: row.origin,
    destination: row.destination,
    city_id: row.city_id,
    hotel_id: row.hotel_id,
    travel_from: row.travel_from,
    travel_to: row.travel_to,
    markup_bp: row.markup_bp,
    markup_fixed_amount: Number(row.markup_fixed_amount),
    markup_fixed_currency: row.markup_fixed_currency,
    commission_bp: row.commission_bp,
  };
}

/** What a product asks of pricing: the terms for one sale whose net price is in `currency`. */
export type TermsFor = (
  sale: Omit<Sale, 'channel' | 'agency_id'>,
  buyer: Buyer,
  currency: string,
) => PriceTerms;

/**
 * The rules in force, held in memory by every process (searches price thousands of options) and
 * reloaded when a change anywhere moves the counter. Searches and bookings read the same rules, so a
 * search's price is the booking's unless a rule changed in between (then PRICE_CHANGED, as for fares).
 */
export function createPricingSource(deps: {
  db: Kysely<Database>;
  repository: PricingRepository;
  rates: () => RateTable;
}) {
  let rules: PricingRule[] = [];
  let loaded = -1;

  const termsFor: TermsFor = (sale, buyer, currency) => {
    if (rules.length === 0) return AT_NET;
    const full: Sale = { ...sale, channel: channelOf(buyer), agency_id: buyer.agencyId };
    return termsOf(ruleFor(rules, full), currency, deps.rates(), buyer.agencyId !== null);
  };

  return {
    termsFor,
    /** The version of the rules held: answers priced with them hold while it stays. */
    version: (): number => loaded,
    async refresh(): Promise<void> {
      const version = await readVersion(deps.db, PRICING_COUNTER);
      if (version === loaded) return;
      rules = (await deps.repository.list()).map(ruleOf);
      loaded = version;
    },
  };
}

export type PricingSource = ReturnType<typeof createPricingSource>;
