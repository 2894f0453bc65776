export { exchangeRatesModule } from './exchange-rates.module.ts';
export type { RateFile } from './rate-file.ts';
export { RATE_SCHEMAS } from './rates.routes.ts';
