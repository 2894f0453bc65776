import type { onRequestAsyncHookHandler } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { textImportRoute } from '../../../http/text-imports.ts';
import type { TextImports } from '../inventory/text-imports.ts';

const tags = ['flight operations'];
const LINE_ERRORS = 'All of it or nothing: each problem is listed with its `line`.';

/**
 * Operators' files in the industry's text formats (admin): an IATA SSIM schedule file and a CSV of fares.
 * A text body is taken by these operations only; everywhere else the API speaks JSON.
 */
export function textImportRoutes(
  app: App,
  deps: { imports: TextImports; guard: onRequestAsyncHookHandler; bodyLimit: number },
) {
  const textRoute = (route: {
    url: string;
    types: string[];
    operationId: string;
    summary: string;
    description: string;
    response: TSchema;
    run: (text: string) => Promise<unknown>;
  }) => textImportRoute(app, { ...route, tags, guard: deps.guard, bodyLimit: deps.bodyLimit });
  const told = {
    changed_bookings: Type.Array(Type.String()),
    disrupted_bookings: Type.Array(Type.String()),
  };

  textRoute({
    url: '/import_ssim',
    types: ['text/plain', 'application/vnd.iata.ssim'],
    operationId: 'import_ssim',
    summary: 'Import an IATA SSIM schedule file (admin)',
    description:
      'The schedule file airlines publish (SSIM chapter 7, 200-character records), sent as `text/plain` or ' +
      '`application/vnd.iata.ssim`: passenger flight legs become schedules (cargo legs are skipped and ' +
      'counted), with local times, durations from the UTC offsets and date variations, days and periods of ' +
      'the leg itself, and seats per cabin from the aircraft configuration. SSIM carries no fares: import ' +
      'them as JSON or CSV. Rows match existing schedules on their natural keys, as in POST /import_flights. ' +
      LINE_ERRORS,
    response: Type.Object({
      schedules: Type.Integer(),
      skipped: Type.Integer({ description: 'Legs not for passengers (cargo, positioning)' }),
      ...told,
    }),
    run: async (text) => {
      const { schedules, skipped, changed_bookings, disrupted_bookings } =
        await deps.imports.importSsim(text);
      return { schedules, skipped, changed_bookings, disrupted_bookings };
    },
  });

  textRoute({
    url: '/import_fares',
    types: ['text/csv'],
    operationId: 'import_fares',
    summary: 'Import fares from a CSV file (admin)',
    description:
      'One fare a row with a header line (docs/flight-import.md): amounts as decimals in the fare’s currency, ' +
      'a blank penalty for a change or refund the fare does not allow. Fares match on carrier, route, cabin ' +
      `and brand, as in POST /import_flights. ${LINE_ERRORS}`,
    response: Type.Object({ fares: Type.Integer() }),
    run: async (text) => ({ fares: (await deps.imports.importFaresCsv(text)).fares }),
  });
}
