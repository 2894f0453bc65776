import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { errorResponses } from '../../http/schemas.ts';
import { auditEventView as view } from './audit-event-view.ts';
import type { AuditLog } from './audit-log.ts';

const AuditEventSchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    action: Type.String({ examples: ['user.updated'] }),
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
    actor: Type.Object({
      type: Type.Union([
        Type.Literal('user'),
        Type.Literal('client'),
        Type.Literal('anonymous'),
        Type.Literal('command'),
      ]),
      id: Type.Union([Type.String(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
    }),
    agency_id: Type.Union([Type.String(), Type.Null()]),
    target: Type.Union([Type.Object({ type: Type.String(), id: Type.String() }), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    request_id: Type.Union([Type.String(), Type.Null()]),
    before: Type.Unknown({ description: 'The state before (null where there was none)' }),
    after: Type.Unknown({ description: 'The state after (null where none is left)' }),
  },
  { $id: 'AuditEvent' },
);

const CSV_COLUMNS = [
  'id',
  'at',
  'action',
  'outcome',
  'actor_type',
  'actor_id',
  'actor_name',
  'agency_id',
  'target_type',
  'target_id',
  'ip',
  'request_id',
  'before',
  'after',
] as const;

/** A CSV field as RFC 4180 quotes it; a leading = + - @ is prefixed with ' so no spreadsheet runs it. */
function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * `GET /audit_events` (admins; agency admins see their agency's): the audit log, newest first, filtered,
 * by cursor; as CSV with `format=csv`.
 */
export function auditRoutes(
  app: App,
  deps: {
    log: AuditLog;
    guard: onRequestAsyncHookHandler;
    /** The agency the caller's listing is narrowed to (an agency admin's own), given the one asked. */
    agencyOf: (request: FastifyRequest, asked: string | undefined) => string | undefined;
  },
) {
  app.addSchema(AuditEventSchema);
  app.get(
    '/audit_events',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_audit_events',
        tags: ['accounts'],
        summary: 'Read the audit log (admin, agency admin)',
        description:
          'Administrative and security actions, newest first: sign-ins and their failures, lockouts, password ' +
          'resets and changes, invitations, accounts made and changed, sessions ended. `action` matches an ' +
          'action or every action under it (`sign_in` finds `sign_in.succeeded` and `sign_in.failed`); `from` ' +
          'and `to` bound the time. `format=csv` answers text/csv (RFC 4180) with the same page and its ' +
          '`next_cursor` in the `Itinera-Next-Cursor` header. `agency_id` narrows to what concerns one agency; an ' +
          'agency admin reads its own agency’s entries only.',
        security: [{ oauth2: ['admin'] }, { oauth2: ['manage'] }],
        querystring: Type.Object(
          {
            action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            agency_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            actor_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            from: Type.Optional(Type.String({ format: 'date-time' })),
            to: Type.Optional(Type.String({ format: 'date-time' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
            format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('AuditEvent')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INVALID_TOKEN', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_CURSOR'),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit ?? 100;
      const agencyId = deps.agencyOf(request, q.agency_id);
      const filter = {
        ...(q.action ? { action: q.action } : {}),
        ...(agencyId ? { agencyId } : {}),
        ...(q.actor_id ? { actorId: q.actor_id } : {}),
        ...(q.target_id ? { targetId: q.target_id } : {}),
        ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
        ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
      };
      const rows = await deps.log.list(filter, decodeKeyset(q.cursor, filter)?.id, limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next = rows.length > limit && last ? encodeKeyset({ value: last.id, id: last.id }, filter) : null;
      if (q.format === 'csv') {
        const lines = [
          CSV_COLUMNS.join(','),
          ...page.map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(',')),
        ];
        if (next) reply.header('itinera-next-cursor', next);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-events.csv"')
          .serializer((body: unknown) => String(body))
          .send(`${lines.join('\r\n')}\r\n` as never); // text, not the JSON the schema describes
      }
      return { data: page.map(view), next_cursor: next };
    },
  );
}
