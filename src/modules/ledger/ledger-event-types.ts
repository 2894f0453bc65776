import Type from 'typebox';
import type { EventDefinitions, ObjectsOf } from '../events/index.ts';
import { AgencyAccountSchema, CurrencyCode } from './ledger.schemas.ts';

/** `agency_account.topped_up`: the account after the top-up, and the top-up. */
export const AgencyTopUpSchema = Type.Intersect(
  [
    AgencyAccountSchema,
    Type.Object({
      top_up: Type.Object({
        transaction_id: Type.String(),
        amount: Type.Integer({ description: 'Minor units' }),
        currency: CurrencyCode,
        reference: Type.Union([Type.String(), Type.Null()]),
      }),
    }),
  ],
  { $id: 'AgencyTopUp' },
);

/** The events of agency accounts, which the agency's users and admins hear of. */
export const LEDGER_EVENTS = {
  'agency_account.topped_up': {
    description: 'Money an agency paid in was credited to its balance.',
    object: AgencyTopUpSchema,
  },
  'agency_account.credit_limit_changed': {
    description: 'An agency’s credit limit was set.',
    object: AgencyAccountSchema,
  },
} as const satisfies EventDefinitions;

declare module '../events/event-catalogue.ts' {
  interface EventObjects extends ObjectsOf<typeof LEDGER_EVENTS> {}
}
