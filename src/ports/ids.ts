import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Crockford base32, lower case: no ambiguous letters, safe in URLs and file names. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Makes opaque, prefixed identifiers (`usr_…`, `bkg_…`): 120 random bits each. */
export interface IdGenerator {
  next(prefix: string): string;
  /** Like `next`, but ids made later in this process sort after earlier ones (time, then a counter). */
  ordered(prefix: string): string;
}

let lastMs = 0;
let counter = 0;

export const randomIds: IdGenerator = {
  next: (prefix) => `${prefix}_${base32(randomBytes(15))}`,
  ordered(prefix) {
    const ms = Date.now();
    counter = ms === lastMs ? counter + 1 : 0;
    lastMs = ms;
    const head = Buffer.alloc(9);
    head.writeUIntBE(ms, 0, 6);
    head.writeUIntBE(counter & 0xffffff, 6, 3);
    return `${prefix}_${base32(head)}${base32(randomBytes(5))}`;
  },
};
