import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { displayLanguage } from '../../../http/accept-language.ts';
import { AppError } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { paginate } from '../../../http/cursor.ts';
import { decodeKeyset, encodeKeyset } from '../../../http/keyset.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import type { HotelIndex } from '../search/hotel-index.ts';
import { destinations, hotelCities, hotelDetails, hotelSummary } from '../search/hotel-metadata.ts';

const tags = ['hotels'];
const security = [{ oauth2: ['read'] }];
const Limit = (max: number, fallback: number) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: fallback }));
const Cursor = Type.Optional(Type.String({ maxLength: 1024 }));
const Page = (item: ReturnType<typeof Type.Object>) =>
  Type.Object({
    data: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Type.Optional(Type.Integer()),
  });

const HotelSummarySchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  active: Type.Boolean({ description: 'false: withdrawn from sale; keep it out of your listings' }),
  city_id: Type.String(),
  city_name: Type.String(),
  chain: Type.Union([Type.String(), Type.Null()]),
  stars: Type.Integer(),
  address: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  time_zone: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
});

/** Hotel and city metadata under /b2c/: city feed, hotel feed, hotel details, destination autocomplete. */
export function hotelMetadataRoutes(
  app: App,
  deps: {
    index: { current(): Promise<HotelIndex> };
    hotels: HotelsRepository;
    /** The newest imported picture of each room type of a hotel, by room type id. */
    roomPictures: (hotelId: string) => Promise<Map<string, string>>;
    catalogue: Catalogue;
    guard: onRequestAsyncHookHandler;
  },
) {
  app.get(
    '/b2c/hotel_cities',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_hotel_cities',
        tags,
        security,
        summary: 'Cities with hotels (the city feed)',
        description: 'Every city with at least one hotel for sale, with the count; most hotels first.',
        querystring: Type.Object(
          {
            country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
            q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'City name prefix' })),
            limit: Limit(100, 50),
            cursor: Cursor,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Page(
            Type.Object({
              city_id: Type.String(),
              name: Type.String(),
              country_code: Type.String(),
              latitude: Type.Number(),
              longitude: Type.Number(),
              hotel_count: Type.Integer(),
            }),
          ),
          ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { limit = 50, cursor, ...query } = request.query;
      const cities = hotelCities(await deps.index.current(), deps.catalogue, query);
      return paginate(cities, query, cursor, limit);
    },
  );

  app.get(
    '/b2c/hotels',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_hotels',
        tags,
        security,
        summary: 'The hotel feed',
        description:
          'Every hotel, inactive ones included, in order of last change. To keep a copy in step, page through ' +
          'once, then ask again with `updated_since` set to the last `updated_at` you saw: changed, new and ' +
          'withdrawn (`active: false`) hotels come back.',
        querystring: Type.Object(
          {
            city_id: Type.Optional(Type.String({ maxLength: 64 })),
            updated_since: Type.Optional(Type.String({ format: 'date-time' })),
            limit: Limit(500, 100),
            cursor: Cursor,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Page(HotelSummarySchema),
          ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { limit = 100, cursor, ...query } = request.query;
      const position = decodeKeyset(cursor, query);
      const since = query.updated_since ? new Date(query.updated_since).toISOString() : undefined;
      const page = await deps.hotels.feed({ cityId: query.city_id, updatedSince: since }, position, limit);
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.rows.map((h) => hotelSummary(h, deps.catalogue)),
        next_cursor: page.more && last ? encodeKeyset({ value: last.updated_at, id: last.id }, query) : null,
      };
    },
  );

  app.get(
    '/b2c/hotels/:hotel_id',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_hotel',
        tags,
        security,
        summary: 'Hotel details with room types and rate plans',
        description:
          'Content for a hotel page: description (and each room type’s) in the best of the hotel’s languages ' +
          'for Accept-Language, images, amenities, policies, check-in and check-out times, ' +
          'room types with occupancy and beds, rate plans with board and refundability. Inactive hotels answer ' +
          'too, with `active: false`.',
        params: Type.Object({ hotel_id: Type.String({ maxLength: 64 }) }),
        response: {
          200: Type.Object({
            ...HotelSummarySchema.properties,
            review_score: Type.Union([Type.Number(), Type.Null()], {
              description: 'Published reviews’ average out of 10 (GET /hotel_reviews); null with none',
            }),
            review_count: Type.Integer(),
            description: Type.String({
              description: 'In the best of its languages for Accept-Language (Content-Language says which)',
            }),
            description_language: Type.String({ examples: ['de'] }),
            check_in_time: Type.String(),
            check_out_time: Type.String(),
            amenities: Type.Array(Type.String()),
            images: Type.Array(Type.String()),
            policies: Type.Object({}, { additionalProperties: true }),
            room_types: Type.Array(
              Type.Object({
                code: Type.String(),
                name: Type.String(),
                description: Type.Union([Type.String(), Type.Null()], {
                  description: 'In the reader’s language where the room has one',
                }),
                image: Type.Union([Type.String(), Type.Null()], {
                  description:
                    'A picture of the room (a path on this server, `?w=320|640|1280`), when Itinera draws the hotel’s',
                }),
                beds: Type.String(),
                max_adults: Type.Integer(),
                max_children: Type.Integer(),
                max_occupancy: Type.Integer(),
                size_m2: Type.Integer(),
                amenities: Type.Array(Type.String()),
              }),
            ),
            rate_plans: Type.Array(
              Type.Object({
                code: Type.String(),
                name: Type.String(),
                board: Type.String(),
                currency: Type.String(),
                refundable: Type.Boolean(),
                min_stay: Type.Integer(),
              }),
            ),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => {
      const { hotel_id } = request.params;
      const hotel = await deps.hotels.findHotelById(hotel_id);
      if (!hotel) throw new AppError('NOT_FOUND', `No hotel ${hotel_id}`);
      const [rooms, plans, pictures] = await Promise.all([
        deps.hotels.roomTypesOf(hotel.id),
        deps.hotels.ratePlansOf(hotel.id),
        deps.roomPictures(hotel.id),
      ]);
      const pick = (languages: string[]) => displayLanguage(request.headers['accept-language'], languages);
      const details = hotelDetails(hotel, rooms, plans, deps.catalogue, pick, pictures);
      reply.header('content-language', details.description_language).header('vary', 'Accept-Language');
      return details;
    },
  );

  app.get(
    '/b2c/destinations',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'autocomplete_destinations',
        tags,
        security,
        summary: 'Destination autocomplete: cities and hotels',
        description:
          'Cities with hotels whose name starts with `q` (most hotels first), then hotels whose name contains it. ' +
          'Case and accents are ignored. Search a city by `city_id`, a hotel by `hotel_ids`.',
        querystring: Type.Object(
          { q: Type.String({ minLength: 2, maxLength: 100 }), limit: Limit(50, 10) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                type: Type.Union([Type.Literal('city'), Type.Literal('hotel')]),
                id: Type.String(),
                name: Type.String(),
                country_code: Type.String(),
                city_id: Type.String(),
                city_name: Type.String(),
                hotel_count: Type.Union([Type.Integer(), Type.Null()], { description: 'Cities' }),
                stars: Type.Union([Type.Integer(), Type.Null()], { description: 'Hotels' }),
              }),
            ),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { q, limit = 10 } = request.query;
      return { data: destinations(await deps.index.current(), deps.catalogue, q, limit) };
    },
  );
}
