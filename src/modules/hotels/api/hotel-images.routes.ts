import Type from 'typebox';
import { AppError } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { facade, lobby, room } from '../images/hotel-picture.ts';
import { IMAGE_WIDTHS, type ImagePress, type ImageWidth } from '../images/image-press.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';

const tags = ['hotel metadata'];
const Width = Type.Optional(
  Type.Integer({ enum: [...IMAGE_WIDTHS], default: 640, description: 'Pixels wide: 320, 640 or 1280' }),
);
const Picture = { 200: Type.Unknown({ description: 'image/webp' }), ...errorResponses('NOT_FOUND') };

/** How many beds a room type's beds text names (`1 double bed and 2 single beds`: 3), one to three. */
const bedsIn = (beds: string) =>
  Math.max(
    1,
    Math.min(
      3,
      [...beds.matchAll(/(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0),
    ),
  );

/**
 * The demo hotels' pictures, drawn by Itinera and served by it in three widths: public (an `<img>` sends
 * no token), cached by the browser for a week and answered 304 to its ETag.
 */
export function hotelImagesRoutes(app: App, deps: { hotels: HotelsRepository; press: ImagePress }) {
  const send = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { code(n: number): unknown; header(k: string, v: string): unknown },
    key: string,
    width: ImageWidth,
    draw: () => Promise<string>,
  ) => {
    const image = await deps.press.press(key, width, draw);
    reply.header('cache-control', 'public, max-age=604800');
    reply.header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) {
      reply.code(304);
      return '';
    }
    reply.header('content-type', 'image/webp');
    return image.bytes;
  };
  const hotelOf = async (code: string) => {
    const hotel = await deps.hotels.findHotelByCode(code);
    if (!hotel) throw new AppError('NOT_FOUND', `No hotel ${code}`);
    return hotel;
  };

  app.get(
    '/images/hotels/:code/:picture',
    {
      schema: {
        operationId: 'get_hotel_picture',
        tags,
        security: [],
        summary: 'A hotel’s picture (1: outside, 2: lobby), as WebP',
        description: 'The pictures Itinera draws for the demo hotels, in three widths (`w`).',
        params: Type.Object({
          code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$' }),
          picture: Type.String({ enum: ['1.webp', '2.webp'] }),
        }),
        querystring: Type.Object({ w: Width }, { additionalProperties: false }),
        response: Picture,
      },
    },
    async (request, reply) => {
      const { code, picture } = request.params;
      const width = (request.query.w ?? 640) as ImageWidth;
      // The hotel is looked up only to draw a picture not kept yet (a kept one is of a hotel that exists).
      const draw = async () => {
        const hotel = await hotelOf(code);
        return picture === '1.webp' ? facade(code, hotel.stars) : lobby(code);
      };
      return send(request, reply, `${code}/${picture}`, width, draw);
    },
  );

  app.get(
    '/images/hotels/:code/rooms/:room',
    {
      schema: {
        operationId: 'get_room_picture',
        tags,
        security: [],
        summary: 'A room type’s picture, as WebP',
        description: 'The picture Itinera draws for a demo hotel’s room type, in three widths (`w`).',
        params: Type.Object({
          code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$' }),
          room: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}\\.webp$' }),
        }),
        querystring: Type.Object({ w: Width }, { additionalProperties: false }),
        response: Picture,
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const roomCode = request.params.room.replace(/\.webp$/, '');
      const width = (request.query.w ?? 640) as ImageWidth;
      return send(request, reply, `${code}/rooms/${roomCode}`, width, async () => {
        const hotel = await hotelOf(code);
        const roomType = (await deps.hotels.roomTypesOf(hotel.id)).find((r) => r.code === roomCode);
        if (!roomType) throw new AppError('NOT_FOUND', `No room type ${roomCode} at ${code}`);
        return room(code, roomCode, bedsIn(roomType.beds));
      });
    },
  );
}
