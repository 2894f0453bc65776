import { convert, type RateTable } from '../money/index.ts';
import type { PricingRule } from './pricing-rules.ts';

/** A rule's terms for one price's currency, ready to apply. */
export interface PriceTerms {
  ruleId: string | null;
  ruleVersion: number | null;
  markupBp: number;
  /** Per unit, in minor units of the price's currency. */
  fixedPerUnit: number;
  /** 0 unless an agency sells: commission is paid to the agency whose booking it is. */
  commissionBp: number;
}

/** The selling price is the net: no rule applies. */
export const AT_NET: PriceTerms = {
  ruleId: null,
  ruleVersion: null,
  markupBp: 0,
  fixedPerUnit: 0,
  commissionBp: 0,
};

/**
 * A rule's terms for a price in `currency`: its fixed markup converted at the rates in force (left out
 * when the table cannot convert it), and its commission only when an agency sells.
 */
export function termsOf(
  rule: PricingRule | undefined,
  currency: string,
  rates: RateTable,
  agencySells: boolean,
): PriceTerms {
  if (!rule) return AT_NET;
  const fixed =
    rule.markup_fixed_amount === 0 || rule.markup_fixed_currency === null
      ? 0
      : (convert(rates, rule.markup_fixed_amount, rule.markup_fixed_currency, currency) ?? 0);
  return {
    ruleId: rule.id,
    ruleVersion: rule.version ?? null,
    markupBp: rule.markup_bp,
    fixedPerUnit: fixed,
    commissionBp: agencySells ? rule.commission_bp : 0,
  };
}

/** Products up to this are worked out in doubles, exactly: integers below 2^53 with room for the rounding. */
const EXACT_IN_DOUBLES = 2 ** 52;

/**
 * `amount × bp / 10 000` in whole minor units, rounded half away from zero, exactly (no float error).
 * A search prices hundreds of thousands of nights: products that fit a double's integers are divided
 * there (the quotient's floor corrected by the remainder), larger ones through BigInt.
 */
export function basisPoints(amount: number, bp: number): number {
  const product = amount * bp;
  if (Number.isSafeInteger(product) && Math.abs(product) <= EXACT_IN_DOUBLES) {
    const shifted = Math.abs(product) + 5_000;
    let q = Math.floor(shifted / 10_000);
    const r = shifted - q * 10_000;
    if (r < 0) q--;
    else if (r >= 10_000) q++;
    return q === 0 ? 0 : product < 0 ? -q : q;
  }
  const exact = BigInt(amount) * BigInt(bp);
  const negative = exact < 0n;
  const abs = negative ? -exact : exact;
  const rounded = (abs + 5_000n) / 10_000n;
  return Number(negative ? -rounded : rounded);
}

/** A net amount's selling amount for `units` units: net + its percentage markup + the fixed markup. */
export function markUp(net: number, terms: PriceTerms, units: number): number {
  return net + basisPoints(net, terms.markupBp) + terms.fixedPerUnit * units;
}

/** The agency's commission on a selling amount before taxes. */
export function commissionOn(sellingBeforeTax: number, terms: PriceTerms): number {
  return basisPoints(sellingBeforeTax, terms.commissionBp);
}

/** The record of a price made with `terms` from `net` to `selling`, earning `commission`. */
export function pricingRecord(
  terms: PriceTerms,
  net: number,
  selling: number,
  commission: number,
): PricingRecord {
  return {
    rule_id: terms.ruleId,
    rule_version: terms.ruleVersion,
    net_amount: net,
    markup_amount: selling - net,
    commission_amount: commission,
  };
}

/** What a booking records of how its price was made (shown to agents and admins, never to customers). */
export interface PricingRecord {
  rule_id: string | null;
  rule_version: number | null;
  net_amount: number;
  markup_amount: number;
  commission_amount: number;
}

/** Pricing records of parts (rooms) added up; the rule is the first part's. */
export function sumPricing(parts: ReadonlyArray<PricingRecord | undefined>): PricingRecord | undefined {
  const known = parts.filter((p): p is PricingRecord => p !== undefined);
  if (known.length === 0) return undefined;
  return {
    rule_id: known[0]!.rule_id,
    rule_version: known[0]!.rule_version,
    net_amount: known.reduce((n, p) => n + p.net_amount, 0),
    markup_amount: known.reduce((n, p) => n + p.markup_amount, 0),
    commission_amount: known.reduce((n, p) => n + p.commission_amount, 0),
  };
}
