import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { publicUrlProblem, requestPublic } from '../../../ports/public-urls.ts';
import type { AuditLog } from '../../audit/index.ts';
import { decodeImages } from '../inventory/hotel-content-codec.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import type { HotelImagesRepository } from './hotel-images-repository.ts';

/** The largest picture taken, as sent. */
export const MAX_IMAGE_BYTES = 15 * 1_048_576;
/** Pictures are kept at most this wide; narrower ones as they are. */
const KEPT_WIDTH = 1920;
/** Narrower or lower than this is not a picture a hotel page can show. */
const LEAST_SIDE = 200;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** Where an imported picture is served. */
export const uploadPath = (hotelCode: string, id: string) => `/images/hotels/${hotelCode}/uploads/${id}.webp`;

export interface ImageImport {
  hotel_id: string;
  /** A room type's code: the picture is the room type's. */
  room_type?: string | undefined;
  /** Put first among the hotel's pictures (its search picture) rather than last. */
  first?: boolean | undefined;
}

/**
 * Real pictures for real hotels: fetched from a URL (public addresses only, as webhooks are sent) or
 * taken as a file, read by libvips (sharp), turned upright and kept as WebP of at most 1920 pixels wide;
 * served at `/images/hotels/{code}/uploads/{id}.webp` in the widths every picture is. A hotel's picture
 * joins its `images` (first when asked: the one search shows); a room type's is shown on its room.
 */
export function createHotelImageImport(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  images: HotelImagesRepository;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
  allowPrivateNetworks: boolean;
}) {
  async function fetchImage(url: string): Promise<Buffer> {
    const problem = await publicUrlProblem(url, deps.allowPrivateNetworks);
    if (problem) throw invalidField('/url', problem);
    let answer: Awaited<ReturnType<typeof requestPublic>>;
    try {
      answer = await requestPublic(url, {
        method: 'GET',
        headers: { accept: 'image/*', 'user-agent': 'Itinera-Images/1' },
        allowPrivateNetworks: deps.allowPrivateNetworks,
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: 15_000,
      });
    } catch (error) {
      throw invalidField(
        '/url',
        `could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (answer.status !== 200) throw invalidField('/url', `answered ${answer.status}, not a picture`);
    if (answer.truncated) throw invalidField('/url', `is larger than ${MAX_IMAGE_BYTES / 1_048_576} MB`);
    return answer.body;
  }

  /** The picture as kept, or why it is not one. */
  async function kept(bytes: Buffer, pointer: string) {
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw invalidField(pointer, 'is not a picture (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
    }
    if (!meta.format || !FORMATS.has(meta.format))
      throw invalidField(pointer, 'is not a picture (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
    const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: KEPT_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (info.width < LEAST_SIDE || info.height < LEAST_SIDE)
      throw invalidField(pointer, `is ${info.width}×${info.height}: at least ${LEAST_SIDE} pixels each way`);
    return { data, width: info.width, height: info.height };
  }

  async function save(input: ImageImport, bytes: Buffer, source: string, pointer: string) {
    const hotel = await deps.hotels.findHotelById(input.hotel_id);
    if (!hotel) throw new AppError('NOT_FOUND', `No hotel ${input.hotel_id}`);
    const roomType = input.room_type
      ? (await deps.hotels.roomTypesOf(hotel.id)).find((r) => r.code === input.room_type)
      : undefined;
    if (input.room_type && !roomType)
      throw new AppError('NOT_FOUND', `Hotel ${hotel.code} has no room type ${input.room_type}`);
    const picture = await kept(bytes, pointer);
    const id = deps.ids.ordered('img');
    const at = deps.clock.now().toISOString();
    const url = uploadPath(hotel.code, id);
    await deps.db.transaction().execute(async (trx) => {
      await deps.images.insert(trx, {
        id,
        hotel_id: hotel.id,
        room_type_id: roomType?.id ?? null,
        source,
        width: picture.width,
        height: picture.height,
        data: picture.data.toString('base64'),
        created_at: at,
      });
      if (!roomType) {
        const images = decodeImages(hotel.images);
        await deps.hotels.setImages(trx, hotel.id, input.first ? [url, ...images] : [...images, url], at);
        // Search shows a hotel's first picture: its index entry is brought up to date.
        await bumpVersion(trx, 'hotels', [hotel.id]);
      }
      await deps.audit.record(
        {
          action: 'hotel_image.imported',
          target: { type: 'hotel', id: hotel.id },
          after: {
            id,
            room_type: input.room_type ?? null,
            source,
            width: picture.width,
            height: picture.height,
          },
        },
        trx,
      );
    });
    return {
      id,
      hotel_id: hotel.id,
      room_type: input.room_type ?? null,
      url,
      width: picture.width,
      height: picture.height,
      source,
      created_at: at,
    };
  }

  return {
    fromUrl: async (input: ImageImport & { url: string }) =>
      save(input, await fetchImage(input.url), input.url, '/url'),
    fromFile: (input: ImageImport, bytes: Buffer) => save(input, bytes, 'upload', '/body'),

    /** Takes a picture away: from its hotel's pictures too. */
    async remove(id: string) {
      const image = await deps.images.findById(id);
      if (!image) throw new AppError('NOT_FOUND', `No picture ${id}`);
      const hotel = (await deps.hotels.findHotelById(image.hotel_id))!;
      await deps.db.transaction().execute(async (trx) => {
        await deps.images.remove(trx, id);
        if (image.room_type_id === null) {
          const url = uploadPath(hotel.code, id);
          const images = decodeImages(hotel.images).filter((u) => u !== url);
          await deps.hotels.setImages(trx, hotel.id, images, deps.clock.now().toISOString());
          await bumpVersion(trx, 'hotels', [hotel.id]);
        }
        await deps.audit.record(
          { action: 'hotel_image.removed', target: { type: 'hotel', id: hotel.id }, after: { id } },
          trx,
        );
      });
    },
  };
}

export type HotelImageImport = ReturnType<typeof createHotelImageImport>;
