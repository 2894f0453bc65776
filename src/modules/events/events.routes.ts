import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { invalidField } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf, visibilityOf } from '../auth/index.ts';
import type { EventCatalogue } from './event-catalogue.ts';
import type { EventsRepository } from './events-repository.ts';

const Instant = Type.String({ format: 'date-time' });

export function eventsRoutes(
  app: App,
  deps: { events: EventsRepository; catalogue: EventCatalogue; guard: onRequestAsyncHookHandler },
) {
  app.get(
    '/events',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_events',
        tags: ['events'],
        summary: 'The event log',
        description:
          'Every change the caller may see, oldest first: a customer’s own bookings, an agent’s agency’s, ' +
          'everything for admins (operator events too). Each event carries the booking as it was right ' +
          'after the change. Poll with the `next_cursor` of the last page; an event committed by another ' +
          'process may appear up to a moment behind one with a later id, so a poller that must see ' +
          'everything rereads its last minute with `created_after` and drops ids it has. Types: ' +
          Object.entries(deps.catalogue.definitions)
            .map(([t, d]) => `\`${t}\` (${d.description}${d.audience ? ' Admins only.' : ''})`)
            .join('; '),
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            types: Type.Optional(
              Type.String({
                maxLength: 1000,
                description: 'Comma-separated event types; all when absent',
                examples: ['flight_booking.cancelled,hotel_booking.cancelled'],
              }),
            ),
            booking_id: Type.Optional(Type.String({ maxLength: 100 })),
            created_after: Type.Optional(Instant),
            created_before: Type.Optional(Instant),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
            cursor: Type.Optional(Type.String({ maxLength: 512 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('Event')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
            total_count: Type.Integer({ description: 'Events matching the filters, over all pages' }),
          }),
          ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { types, booking_id, created_after, created_before, limit = 20, cursor } = request.query;
      const typeList = types
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const unknown = typeList?.filter((t) => !deps.catalogue.has(t)) ?? [];
      if (unknown.length > 0)
        throw invalidField(
          '/types',
          `names no event type: ${unknown.map((t) => JSON.stringify(t)).join(', ')}`,
          'querystring',
        );
      const filter = { types: typeList, booking_id, created_after, created_before };
      const after = decodeKeyset(cursor, filter);
      const page = await deps.events.page(
        visibilityOf(principalOf(request)),
        {
          types: typeList,
          bookingId: booking_id,
          createdAfter: created_after,
          createdBefore: created_before,
        },
        after,
        limit,
      );
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.rows,
        next_cursor: page.more && last ? encodeKeyset({ value: last.id, id: last.id }, filter) : null,
        total_count: page.total,
      };
    },
  );
}
