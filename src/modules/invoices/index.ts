import { InvoiceSchema } from './invoices.schemas.ts';

export { invoicesModule } from './invoices.module.ts';
export type { Invoicing } from './invoicing.ts';

/** The invoice schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const INVOICE_SCHEMAS = [InvoiceSchema];
