/** What a fare sells of extra checked bags: the price of one, per passenger per slice, and at most how many. */
export interface ExtraBagTerms {
  amount: number;
  max: number;
}

/**
 * Extra bags on a slice of several flights: sold only if every flight's fare sells them, at the dearest
 * fare's price (a bag is checked through once per slice) and the smallest allowance.
 */
export function extraBagsOfSlice(terms: ReadonlyArray<ExtraBagTerms | null>): ExtraBagTerms | null {
  if (terms.length === 0 || terms.some((t) => t === null)) return null;
  const all = terms as ExtraBagTerms[];
  return {
    amount: Math.max(...all.map((t) => t.amount)),
    max: Math.min(...all.map((t) => t.max)),
  };
}

/** The extra bags on sale, slice by slice, as offers and bookings show them. */
export function availableBags(perSlice: ReadonlyArray<ExtraBagTerms | null>, currency: string) {
  return perSlice.flatMap((t, slice) =>
    t ? [{ slice, amount_per_bag: t.amount, currency, max_per_passenger: t.max }] : [],
  );
}
