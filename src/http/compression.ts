import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { App } from './app-instance.ts';

/**
 * Answers of 1 KB and more compressed by the client's `Accept-Encoding` (brotli, gzip or deflate).
 * Brotli at quality 4, not its default 11: answers are made per request, and 11 costs more time than
 * the bytes it saves (a 60 KB search page: about 8 KB either way).
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
