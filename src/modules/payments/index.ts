import { PaymentInputSchema, PaymentSummarySchema } from './payments.schemas.ts';

export type { PaymentSummary } from './payment-summary.ts';
export type { Billing, CardGuarantee, Due, PaymentInput, Prepared, Purpose } from './payment-types.ts';
export { paymentsModule } from './payments.module.ts';
export type { PaymentsService } from './payments-service.ts';

/** The payment schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const PAYMENT_SCHEMAS = [PaymentInputSchema, PaymentSummarySchema];
export { paymentInputRef } from './payments.schemas.ts';
