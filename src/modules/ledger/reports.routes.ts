import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import type { LedgerReports } from './ledger-reports.ts';
import { jsonOrCsv, PeriodQuerySchema } from './reports.schemas.ts';
import { salesReportCsv } from './sales-report.ts';
import { statementCsv } from './statement.ts';

const tags = ['balances'];
const csvType = 'text/csv; charset=utf-8';

/** Reports from the ledger, as JSON or CSV. */
export function reportsRoutes(app: App, deps: { reports: LedgerReports; guard: onRequestAsyncHookHandler }) {
  app.get(
    '/sales_report',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_sales_report',
        tags,
        summary: 'Sales, refunds and penalties by product and currency for a period',
        description:
          'Read from the ledger, so it adds up to it: per product and currency, the bookings sold, `gross` (taxes ' +
          'included) and its parts `taxes`, `net` and `markup`, agencies’ `commissions`, `refunds`, `penalties` and `revenue` (`gross - refunds`). Admins see every agency’s ' +
          'and customers’ sales, or one agency’s; agents their agency’s. Days are UTC.',
        security: [{ oauth2: ['read'] }],
        querystring: PeriodQuerySchema,
        response: {
          200: jsonOrCsv('SalesReport'),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request, reply) => {
      const report = await deps.reports.sales(principalOf(request), request.query);
      if (request.query.format !== 'csv') return report;
      return reply
        .type(csvType)
        .header('content-disposition', `attachment; filename="sales-${report.from}-${report.to}.csv"`)
        .send(salesReportCsv(report, report));
    },
  );

  app.get(
    '/agency_statement',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_agency_statement',
        tags,
        summary: 'An agency’s statement of account for a period',
        description:
          'The balance brought forward, every entry of the agency’s account in the period with the balance after ' +
          'it, and the balance carried forward. Agents: their agency’s; admins name it.',
        security: [{ oauth2: ['read'] }],
        querystring: PeriodQuerySchema,
        response: {
          200: jsonOrCsv('AgencyStatement'),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request, reply) => {
      const statement = await deps.reports.statement(principalOf(request), request.query);
      if (request.query.format !== 'csv') return statement;
      return reply
        .type(csvType)
        .header(
          'content-disposition',
          `attachment; filename="statement-${statement.agency_id}-${statement.from}-${statement.to}.csv"`,
        )
        .send(statementCsv(statement, statement, statement));
    },
  );
}
