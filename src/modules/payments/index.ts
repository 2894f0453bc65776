import { PaymentInputSchema, PaymentSummarySchema } from './payments.schemas.ts';

export type { PaymentSummary } from './payment-summary.ts';
export { paymentsModule } from './payments.module.ts';
export type { Due, PaymentInput, PaymentsService, Prepared, Purpose } from './payments-service.ts';
export { TEST_CARDS, TEST_TOKENS } from './test-cards.ts';

/** The payment schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const PAYMENT_SCHEMAS = [PaymentInputSchema, PaymentSummarySchema];
