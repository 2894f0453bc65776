import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless tokens (rate keys, quotes): a JSON payload in base64url and an HMAC-SHA256 over it with a
 * key shared by every process. The prefix names the kind and is part of what is signed, so one kind
 * can never stand in for another, and a client can neither forge nor alter one.
 */
export function createSignedTokens<T>(secret: string, prefix: string) {
  const sign = (body: string) =>
    createHmac('sha256', secret).update(`${prefix}:${body}`).digest().subarray(0, 16);
  const shape = new RegExp(`^${prefix}_([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$`);
  return {
    issue(payload: T): string {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${prefix}_${body}.${sign(body).toString('base64url')}`;
    },
    /** The payload of a genuine token of this kind, or undefined. */
    read(token: string): T | undefined {
      const match = shape.exec(token);
      if (!match) return undefined;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = sign(match[1]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as T;
      } catch {
        return undefined;
      }
    },
  };
}
