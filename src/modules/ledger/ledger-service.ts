import type { Kysely } from 'kysely';
import type { KeysetPosition } from '../../db/keyset.ts';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Principal } from '../auth/index.ts';
import type { EventObjects } from '../events/index.ts';
import { exponentOf, isCurrency } from '../money/index.ts';
import { agencyAccount } from './accounts.ts';
import { agencyScope } from './agency-scope.ts';
import type { LEDGER_EVENTS } from './ledger-event-types.ts';
import type { AgencyAccount, AgencyAccountRefusal, LedgerRepository } from './ledger-repository.ts';
import { topUpEntries } from './ledger-rules.ts';

/** An agency account as the API shows it. */
export function accountView(account: AgencyAccount) {
  return {
    agency_id: account.agency_id,
    currency: account.currency,
    balance: account.balance,
    credit_limit: account.credit_limit,
    available: account.balance + account.credit_limit,
    currency_exponent: exponentOf(account.currency),
    updated_at: account.updated_at,
  };
}

/** The problem a refused agency debit answers with: nothing was booked or charged. */
export function refusalProblem(refusal: AgencyAccountRefusal, account: AgencyAccount | undefined): AppError {
  if (refusal.reason === 'currency_mismatch')
    return new AppError('CURRENCY_MISMATCH', `The agency account is in ${account?.currency}`, {
      account_currency: account?.currency,
    });
  return new AppError(
    'INSUFFICIENT_FUNDS',
    `The agency balance cannot cover ${refusal.amount} ${refusal.currency}; top up or raise the credit limit`,
    {
      amount_due: refusal.amount,
      currency: refusal.currency,
      balance: account?.balance ?? 0,
      credit_limit: account?.credit_limit ?? 0,
    },
  );
}

/** Agency balances: top-ups and credit limits (admins), balances and statements (the agency, admins). */
export function createLedgerService(deps: {
  db: Kysely<Database>;
  ledger: LedgerRepository;
  clock: Clock;
  /** Tells a change of an agency's account, in its transaction (the agency's users and admins see it). */
  tell: <T extends keyof typeof LEDGER_EVENTS>(
    trx: Kysely<Database>,
    type: T,
    by: Principal,
    account: EventObjects[T],
    at: string,
  ) => Promise<void>;
}) {
  const { db, ledger, clock } = deps;

  async function existingAgency(agencyId: string): Promise<void> {
    if (!(await ledger.agencyExists(agencyId)))
      throw new AppError('NOT_FOUND', `No agency ${agencyId}`, {
        errors: [{ location: 'body', pointer: '/agency_id', detail: 'is not an agency' }],
      });
  }

  /** The agency a caller asks about: an agent only their own; an admin any, and must name it. */
  const agencyFor = (principal: Principal, asked: string | undefined) =>
    agencyScope(principal, asked, false)!;

  function knownCurrency(currency: string): void {
    if (!isCurrency(currency)) throw invalidField('/currency', 'is not an ISO 4217 currency');
  }

  function sameCurrency(account: AgencyAccount, currency: string): void {
    if (account.currency !== currency)
      throw new AppError('CURRENCY_MISMATCH', `The agency account is in ${account.currency}`, {
        account_currency: account.currency,
      });
  }

  return {
    async topUp(
      principal: Principal,
      input: { agency_id: string; amount: number; currency: string; reference?: string | undefined },
    ) {
      knownCurrency(input.currency);
      await existingAgency(input.agency_id);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        sameCurrency(await ledger.ensureAccount(trx, input.agency_id, input.currency, now), input.currency);
        const transactionId = await ledger.post(
          trx,
          {
            kind: 'top_up',
            description: input.reference ? `Top-up: ${input.reference}` : 'Top-up',
            booking_id: null,
            product: null,
            payment_id: null,
            exchange_rate: null,
            agency_id: input.agency_id,
            created_by: principal.userId,
          },
          topUpEntries(agencyAccount(input.agency_id), input.amount, input.currency),
          now,
        );
        const account = accountView((await ledger.account(trx, input.agency_id))!);
        const topUp = {
          transaction_id: transactionId!,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference ?? null,
        };
        await deps.tell(trx, 'agency_account.topped_up', principal, { ...account, top_up: topUp }, now);
        return { transaction_id: transactionId!, account };
      });
    },

    async setCreditLimit(
      principal: Principal,
      input: { agency_id: string; credit_limit: number; currency: string },
    ) {
      knownCurrency(input.currency);
      await existingAgency(input.agency_id);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        sameCurrency(await ledger.ensureAccount(trx, input.agency_id, input.currency, now), input.currency);
        await ledger.setCreditLimit(trx, input.agency_id, input.credit_limit, now);
        const account = accountView((await ledger.account(trx, input.agency_id))!);
        await deps.tell(trx, 'agency_account.credit_limit_changed', principal, account, now);
        return account;
      });
    },

    async balance(principal: Principal, asked: string | undefined) {
      const agencyId = agencyFor(principal, asked);
      const account = await ledger.account(db, agencyId);
      if (account) return accountView(account);
      if (principal.role === 'admin') await existingAgency(agencyId);
      // No money has moved yet: an empty account in the default currency.
      return accountView({
        agency_id: agencyId,
        currency: 'EUR',
        balance: 0,
        credit_limit: 0,
        created_at: '',
        updated_at: clock.now().toISOString(),
      });
    },

    async entries(
      principal: Principal,
      asked: string | undefined,
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const agencyId = agencyFor(principal, asked);
      return ledger.entries(agencyAccount(agencyId), after, limit);
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
