import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { AuditLog } from '../audit/index.ts';
import type { EventLog } from '../events/index.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { createLedgerReports } from './ledger-reports.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { createLedgerService } from './ledger-service.ts';
import { reportsRoutes } from './reports.routes.ts';

/**
 * The books: agency accounts (top-ups and credit limits, their events told through the event log),
 * entries, statements and sales reports; answers the repository the payments module posts through.
 */
export function ledgerModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    ids: IdGenerator;
    events: EventLog;
    guards: {
      read: onRequestAsyncHookHandler;
      /** Admins and an agency's people. */
      agency: onRequestAsyncHookHandler;
      admin: onRequestAsyncHookHandler;
    };
    audit: Pick<AuditLog, 'record'>;
  },
) {
  const ledger = createLedgerRepository(deps.db, deps.ids);
  ledgerRoutes(app, {
    service: createLedgerService({
      db: deps.db,
      ledger,
      clock: deps.clock,
      tell: async (trx, type, by, account, at) => {
        await deps.events.record(trx, {
          id: deps.ids.ordered('evt'),
          type,
          at,
          object: account,
          owner: { userId: by.userId, agencyId: account.agency_id },
        });
        // An admin's change of an agency's money: in the audit log too, in the same transaction.
        await deps.audit.record(
          {
            action: type,
            agencyId: account.agency_id,
            target: { type: 'agency', id: account.agency_id },
            after: account,
          },
          trx,
        );
      },
    }),
    guards: deps.guards,
  });
  reportsRoutes(app, { reports: createLedgerReports({ db: deps.db, ledger }), guard: deps.guards.read });
  return { ledger };
}
