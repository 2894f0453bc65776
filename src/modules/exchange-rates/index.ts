export { exchangeRatesModule } from './exchange-rates.module.ts';
export type { RateFile } from './rate-file.ts';
export { RATES_COUNTER } from './rate-source.ts';
export { RATE_SCHEMAS } from './rates.routes.ts';
