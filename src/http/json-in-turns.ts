import { JSONParser } from '@streamparser/json';
import { errorCodes, type FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { yieldNow } from '../shared/yield-now.ts';
import type { App } from './app-instance.ts';

/** Bytes read between two turns of the event loop: about a millisecond of parsing. */
const SLICE_BYTES = 32 * 1024;

/**
 * What a key that could change an object's prototype looks like in JSON text: the names themselves, or
 * any `\u00..` escape (which could spell them). Only a body holding one is scanned afterwards.
 */
const SUSPECT = ['__proto__', 'constructor', '\\u00'].map((needle) => Buffer.from(needle));
const OVERLAP = Math.max(...SUSPECT.map((needle) => needle.length)) - 1;

/**
 * JSON parsed a slice at a time, yielding to the event loop between slices: a body of many megabytes
 * (an import of 60,000 schedules) never holds every other request while it is read. Refused as the
 * default parser refuses: empty or invalid text, and a key that would reach an object's prototype.
 */
export async function parseJsonInTurns(bytes: Buffer): Promise<unknown> {
  if (bytes.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const parser = new JSONParser({ paths: ['$'] });
  let root: unknown;
  let suspect = false;
  parser.onValue = ({ value }) => {
    root = value;
  };
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      if (start > 0) await yieldNow();
      const slice = bytes.subarray(start, start + SLICE_BYTES);
      const seen = bytes.subarray(Math.max(0, start - OVERLAP), start + SLICE_BYTES);
      suspect ||= SUSPECT.some((needle) => seen.includes(needle));
      parser.write(slice);
    }
    if (!parser.isEnded) parser.end();
    if (root === undefined) throw new SyntaxError('no value');
    if (suspect && root !== null && typeof root === 'object')
      secureJson.scan(root, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  return root;
}

/**
 * The routes registered in `routes` take their JSON bodies through `parseJsonInTurns`, in a scope of their
 * own (every other route keeps the default parser, which is faster for small bodies).
 */
export function jsonInTurnsScope(app: App, routes: (scope: App) => void): void {
  app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request: FastifyRequest, body: Buffer) => parseJsonInTurns(body),
    );
    routes(scope);
  });
}
