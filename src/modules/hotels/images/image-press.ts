import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/** The widths a picture is served at (`srcset`); others are refused, so the cache stays bounded. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface PressedImage {
  bytes: Buffer;
  etag: string;
}

/**
 * Turns a picture (an SVG drawn here, or an imported one's bytes) into a WebP of a width, with libvips (sharp) working off the event loop, and
 * keeps the last ones pressed, up to `maxBytes`, by key. `draw` runs only when the key is not kept (it may
 * look up what it draws, and refuse with the error it throws).
 */
export function createImagePress(maxBytes = 64 * 1_048_576) {
  const cache = new LRUCache<string, PressedImage>({
    maxSize: maxBytes,
    sizeCalculation: (image) => image.bytes.length + 64,
  });
  const pressing = new Map<string, Promise<PressedImage>>();
  return {
    async press(key: string, width: ImageWidth, draw: () => Promise<string | Buffer>): Promise<PressedImage> {
      const id = `${key}@${width}`;
      const kept = cache.get(id);
      if (kept) return kept;
      const underWay = pressing.get(id);
      if (underWay) return underWay;
      const work = draw()
        .then((picture) =>
          sharp(typeof picture === 'string' ? Buffer.from(picture) : picture)
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer(),
        )
        .then((bytes) => {
          const image = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
          cache.set(id, image);
          return image;
        })
        .finally(() => pressing.delete(id));
      pressing.set(id, work);
      return work;
    },
  };
}

export type ImagePress = ReturnType<typeof createImagePress>;
