import { AgencyAccountSchema, LedgerEntrySchema } from './ledger.schemas.ts';
import { AgencyTopUpSchema } from './ledger-event-types.ts';
import { SalesReportSchema, StatementSchema } from './reports.schemas.ts';

export { ACCOUNTS, agencyAccount } from './accounts.ts';
export { ledgerRoutes } from './ledger.routes.ts';
export { CurrencyCode, MinorUnits } from './ledger.schemas.ts';
export { createLedgerReports } from './ledger-reports.ts';
export {
  type AgencyAccount,
  AgencyAccountRefusal,
  createLedgerRepository,
  type LedgerRepository,
} from './ledger-repository.ts';
export {
  commissionEntries,
  commissionReversed,
  type Entry,
  type Party,
  proportionOfPaid,
  refundEntries,
  type SaleAmounts,
  saleEntries,
} from './ledger-rules.ts';
export { createLedgerService, type LedgerService, refusalProblem } from './ledger-service.ts';
export { reportsRoutes } from './reports.routes.ts';

/** The ledger's schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const LEDGER_SCHEMAS = [
  AgencyAccountSchema,
  AgencyTopUpSchema,
  LedgerEntrySchema,
  SalesReportSchema,
  StatementSchema,
];
export { ledgerModule } from './ledger.module.ts';
export { LEDGER_EVENTS } from './ledger-event-types.ts';
