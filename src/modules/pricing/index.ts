export {
  AT_NET,
  commissionOn,
  markUp,
  type PriceTerms,
  type PricingRecord,
  pricingRecord,
  sumPricing,
} from './price-terms.ts';
export { pricingModule } from './pricing.module.ts';
export { PRICING_SCHEMAS, PricingRecordSchema } from './pricing.schemas.ts';
export type { Buyer, TermsFor } from './pricing-source.ts';
export { PRICING_COUNTER } from './pricing-source.ts';
export { examplePricingFile, type PricingFile } from './rule-file.ts';
export type { RuleInput } from './rule-input.ts';
