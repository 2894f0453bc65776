import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { type HotelImageImport, MAX_IMAGE_BYTES } from '../images/hotel-image-import.ts';
import type { HotelImagesRepository } from '../images/hotel-images-repository.ts';
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
export function hotelImagesRoutes(
  app: App,
  deps: {
    hotels: HotelsRepository;
    press: ImagePress;
    images: HotelImagesRepository;
    imports: HotelImageImport;
    guard: onRequestAsyncHookHandler;
  },
) {
  const send = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { code(n: number): unknown; header(k: string, v: string): unknown },
    key: string,
    width: ImageWidth,
    draw: () => Promise<string | Buffer>,
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

  app.get(
    '/images/hotels/:code/uploads/:image',
    {
      schema: {
        operationId: 'get_imported_picture',
        tags,
        security: [],
        summary: 'A picture imported for a hotel or room type, as WebP',
        description:
          'A picture an operator imported (POST /import_hotel_image, /upload_hotel_image), in three widths ' +
          '(`w`; never wider than it was imported).',
        params: Type.Object({
          code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$' }),
          image: Type.String({ pattern: '^img_[A-Za-z0-9]{1,40}\\.webp$' }),
        }),
        querystring: Type.Object({ w: Width }, { additionalProperties: false }),
        response: Picture,
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const id = request.params.image.replace(/\.webp$/, '');
      const width = (request.query.w ?? 640) as ImageWidth;
      return send(request, reply, `${code}/uploads/${id}`, width, async () => {
        const image = await deps.images.find(code, id);
        if (!image) throw new AppError('NOT_FOUND', `No picture ${id} at ${code}`);
        return Buffer.from(image.data, 'base64');
      });
    },
  );

  const Imported = Type.Object({
    id: Type.String({ examples: ['img_01jd8k3m9x4q1w8e5r3t7y6u2i'] }),
    hotel_id: Type.String(),
    room_type: Type.Union([Type.String(), Type.Null()]),
    url: Type.String({
      description: 'Where it is served',
      examples: ['/images/hotels/LON-0042/uploads/img_01jd8k3m9x4q1w8e5r3t7y6u2i.webp'],
    }),
    width: Type.Integer(),
    height: Type.Integer(),
    source: Type.String({ description: 'The URL it was fetched from, or `upload`' }),
    created_at: Type.String({ format: 'date-time' }),
  });
  const Target = {
    hotel_id: Type.String({ minLength: 4, maxLength: 64 }),
    room_type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'A room type’s code: the room’s picture' }),
    ),
    first: Type.Optional(
      Type.Boolean({ description: 'First among the hotel’s pictures (the one search shows)' }),
    ),
  };
  const importErrors = errorResponses(
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'INSUFFICIENT_SCOPE',
  );
  const about =
    'The picture is read (JPEG, PNG, WebP, AVIF, GIF or TIFF, at least 200 pixels each way, at most 15 MB), ' +
    'turned upright and kept as WebP at most 1920 pixels wide, then served at `url` in 320, 640 and 1280 ' +
    'pixels. A hotel’s picture joins its `images` (first with `first`: search shows it); a room type’s is ' +
    'shown on the hotel page’s room, in place of a drawn one. What is not a picture is 400 VALIDATION_FAILED.';

  app.post(
    '/import_hotel_image',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'import_hotel_image',
        tags: ['hotel operations'],
        security: [{ oauth2: ['admin'] }],
        summary: 'Import a hotel’s or room type’s picture from a URL (admin)',
        description: `Fetched from \`url\` (https, a public address; no redirect followed). ${about}`,
        body: Type.Object(
          { ...Target, url: Type.String({ format: 'uri', maxLength: 2000 }) },
          { additionalProperties: false },
        ),
        response: { 201: Imported, ...importErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await deps.imports.fromUrl(request.body)),
  );

  app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    const types = [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/avif',
      'image/gif',
      'image/tiff',
      'application/octet-stream',
    ];
    scope.addContentTypeParser(
      types,
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/upload_hotel_image',
      {
        onRequest: deps.guard,
        bodyLimit: MAX_IMAGE_BYTES,
        schema: {
          operationId: 'upload_hotel_image',
          tags: ['hotel operations'],
          security: [{ oauth2: ['admin'] }],
          summary: 'Upload a hotel’s or room type’s picture as a file (admin)',
          description: `The file is the request body, with its media type (\`image/jpeg\`, …). ${about}`,
          consumes: types,
          querystring: Type.Object(Target, { additionalProperties: false }),
          response: {
            201: Imported,
            ...importErrors,
            ...errorResponses('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the picture as an image/* body');
        return reply.code(201).send(await deps.imports.fromFile(request.query, body));
      },
    );
  });

  app.post(
    '/delete_hotel_image',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'delete_hotel_image',
        tags: ['hotel operations'],
        security: [{ oauth2: ['admin'] }],
        summary: 'Take an imported picture away (admin)',
        description: 'It leaves its hotel’s `images`; its URL answers 404 once the served copies expire.',
        body: Type.Object(
          { id: Type.String({ minLength: 4, maxLength: 64 }) },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null(),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => {
      await deps.imports.remove(request.body.id);
      return reply.code(204).send(null);
    },
  );
}
