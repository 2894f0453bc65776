import currencyCodes from 'currency-codes';

/**
 * ISO 4217 currencies from the maintained `currency-codes` data: a code is a currency when the standard
 * lists it, and its exponent (the digits of its minor unit: 2 for EUR, 0 for JPY and KRW, 3 for KWD) is
 * the standard's, never typed by hand.
 */
const exponents = new Map(currencyCodes.data.map((c) => [c.code, c.digits]));

export function isCurrency(code: string): boolean {
  return exponents.has(code);
}

/** The number of decimal digits of a currency's minor unit; throws for a code ISO 4217 does not list. */
export function exponentOf(code: string): number {
  const digits = exponents.get(code);
  if (digits === undefined) throw new Error(`${code} is not an ISO 4217 currency`);
  return digits;
}
