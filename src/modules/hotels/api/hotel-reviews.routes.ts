import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { invalidField } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../../http/keyset.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { HotelReviews } from '../reviews/hotel-reviews.ts';

const tags = ['hotel reviews'];

export const HotelReviewSchema = Type.Object(
  {
    id: Type.String({ examples: ['hrv_01jd8k3m9x4q1w8e5r3t7y6u2i'] }),
    hotel_id: Type.String(),
    score: Type.Integer({ minimum: 1, maximum: 10 }),
    title: Type.Union([Type.String(), Type.Null()]),
    text: Type.String(),
    language: Type.String(),
    author: Type.String({ description: 'The guest’s given name and initial', examples: ['Ada L.'] }),
    stayed_in: Type.String({ description: 'The month of the stay', examples: ['2026-12'] }),
    created_at: Type.String({ format: 'date-time' }),
    status: Type.String({ enum: ['pending', 'published', 'rejected'] }),
    booking_id: Type.Optional(Type.String({ description: 'Admins' })),
    rejection_reason: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Admins' })),
    moderated_at: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Admins' })),
  },
  { $id: 'HotelReview' },
);

/** Guests review their stays; admins moderate; anyone signed in reads what is published. */
export function hotelReviewsRoutes(
  app: App,
  deps: {
    reviews: HotelReviews;
    guards: {
      read: onRequestAsyncHookHandler;
      book: onRequestAsyncHookHandler;
      admin: onRequestAsyncHookHandler;
    };
  },
) {
  app.post(
    '/review_hotel_stay',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'review_hotel_stay',
        tags,
        summary: 'Review a completed stay',
        description:
          'Once a confirmed booking’s check-out day has begun in the hotel’s zone, its guest (or their agent) ' +
          'may review it, once: a score from 1 to 10 and a text. It is `pending` until an admin publishes it; ' +
          'published reviews make the hotel’s `review_score` and `review_count` in search. A stay not over, ' +
          'cancelled or a no-show is 409 INVALID_STATE_TRANSITION; a second review of it 409 CONFLICT.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object(
          {
            booking_id: Type.String({ minLength: 4, maxLength: 64 }),
            score: Type.Integer({ minimum: 1, maximum: 10 }),
            title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            text: Type.String({ minLength: 20, maxLength: 2000 }),
            language: Type.Optional(
              Type.String({
                pattern: '^[a-z]{2}$',
                description: 'ISO 639-1; the holder’s language when left out',
                examples: ['de'],
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Ref('HotelReview'),
          ...errorResponses(
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CONFLICT',
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return deps.reviews.submit(principalOf(request), request.body);
    },
  );

  app.get(
    '/hotel_reviews',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'list_hotel_reviews',
        tags,
        summary: 'A hotel’s published reviews, newest first',
        description:
          'With the hotel’s `review_score` (average out of 10, one decimal) and `review_count`. Admins may ask ' +
          'for `status=pending` (to moderate) or `rejected`, of one hotel or all.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            hotel_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            status: Type.Optional(Type.String({ enum: ['published', 'pending', 'rejected'] })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            review_score: Type.Union([Type.Number(), Type.Null()]),
            review_count: Type.Union([Type.Integer(), Type.Null()], { description: 'Null across hotels' }),
            data: Type.Array(Type.Ref('HotelReview')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses(
            'NOT_FOUND',
            'INVALID_CURSOR',
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const status = (q.status ?? 'published') as 'published' | 'pending' | 'rejected';
      if (status === 'published' && !q.hotel_id)
        throw invalidField('/hotel_id', 'is required for published reviews', 'querystring');
      const filter = { hotelId: q.hotel_id, status };
      const limit = q.limit ?? 20;
      const page = await deps.reviews.list(
        principalOf(request),
        filter,
        decodeKeyset(q.cursor, filter)?.id,
        limit,
      );
      const last = page.rows.at(-1);
      return {
        review_score: page.review_score,
        review_count: page.review_count,
        data: page.data,
        next_cursor: page.more && last ? encodeKeyset({ value: last.id, id: last.id }, filter) : null,
      };
    },
  );

  app.post(
    '/moderate_hotel_review',
    {
      onRequest: deps.guards.admin,
      schema: {
        operationId: 'moderate_hotel_review',
        tags,
        summary: 'Publish or reject a review (admin)',
        description:
          'A pending review is published or rejected (`reason` kept for admins); a published one may be taken ' +
          'down (rejected). The hotel’s score and count follow at once, in every process’s search.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            review_id: Type.String({ minLength: 4, maxLength: 64 }),
            decision: Type.Union([Type.Literal('publish'), Type.Literal('reject')]),
            reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Ref('HotelReview'),
          ...errorResponses('NOT_FOUND', 'CONFLICT', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { review_id, decision, reason } = request.body;
      return deps.reviews.moderate(principalOf(request), review_id, decision, reason);
    },
  );
}
