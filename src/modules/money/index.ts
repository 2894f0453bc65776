export { exponentOf, isCurrency } from './currencies.ts';
export { comparable, convert, hasRate, type RateTable } from './exchange-rates.ts';
export { formatMinor, formatMoney, parseMajor } from './minor-units.ts';
export { niceAmount } from './nice-amount.ts';
export { REFERENCE_RATES } from './reference-rates.ts';
