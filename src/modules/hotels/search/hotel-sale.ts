import { AT_NET, type Buyer, type PriceTerms, type TermsFor } from '../../pricing/index.ts';

/** The pricing terms of one rate plan of one hotel for a stay beginning on `checkIn`. */
export type PlanTerms = (
  hotel: { id: string; city_id: string },
  plan: { currency: string; payment_type: string },
  checkIn: string,
) => PriceTerms;

/**
 * A buyer's pricing terms for hotel rates. A rate paid at the hotel is sold at the hotel's price: the
 * guest pays the hotel, no money passes through the seller to mark up.
 */
export function planTermsFor(pricing: TermsFor, buyer: Buyer): PlanTerms {
  return (hotel, plan, checkIn) =>
    plan.payment_type === 'pay_at_hotel'
      ? AT_NET
      : pricing(
          { product: 'hotel', city_id: hotel.city_id, hotel_id: hotel.id, travel_date: checkIn },
          buyer,
          plan.currency,
        );
}
