import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { base32 } from '../ports/ids.ts';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's well-formed `X-Request-Id` so logs join up across services; otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && ACCEPTABLE.test(incoming)) return incoming;
  return `req_${base32(randomBytes(10))}`;
}
