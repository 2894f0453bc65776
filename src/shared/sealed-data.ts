import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A key for personal data at rest: 32 bytes for AES-256-GCM, named so a sealed value says which. */
export interface DataKey {
  readonly id: string;
  readonly key: Buffer;
}

export const DATA_KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;
const PREFIX = 's1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedDataError extends Error {}

/**
 * Seals and opens personal data kept at rest (travel documents, dates of birth): AES-256-GCM, a random
 * 96-bit nonce per value, the value's context (what it is) bound in as associated data so a sealed value
 * cannot be moved to another field. A sealed value is text: `s1.<key id>.<nonce>.<ciphertext and tag>`,
 * base64url. The first key seals; every key opens, so keys can be rotated (docs/security.md).
 */
export function createSealer(keys: readonly DataKey[]) {
  const [current] = keys;
  if (!current) throw new SealedDataError('no data key');
  for (const k of keys) {
    if (k.key.length !== 32) throw new SealedDataError(`data key ${k.id} is not 32 bytes`);
    if (!DATA_KEY_ID.test(k.id)) throw new SealedDataError(`data key id ${k.id} is not a key id`);
  }
  const byId = new Map(keys.map((k) => [k.id, k.key]));

  return {
    /** The id of the key that seals. */
    currentKeyId: current.id,

    seal(plain: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [PREFIX, current.id, iv.toString('base64url'), body.toString('base64url')].join('.');
    },

    open(sealed: string, context: string): string {
      const [prefix, keyId, iv, body, ...rest] = sealed.split('.');
      if (prefix !== PREFIX || !keyId || !iv || !body || rest.length > 0)
        throw new SealedDataError('not a sealed value');
      const key = byId.get(keyId);
      if (!key)
        throw new SealedDataError(`sealed with data key ${keyId}, which is not configured (DATA_KEYS)`);
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < TAG_BYTES) throw new SealedDataError('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SealedDataError('a sealed value does not open: altered, or sealed for something else');
      }
    },

    /** Whether `sealed` was sealed with the current key (else `itinera data reseal` would seal it anew). */
    isCurrent(sealed: string): boolean {
      return sealed.startsWith(`${PREFIX}.${current.id}.`);
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;

/** `DATA_KEYS` as configured: `id:base64url-key` pairs, comma-separated, the first sealing. */
export function parseDataKeys(text: string): DataKey[] | string {
  const keys: DataKey[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, encoded, ...rest] = part.split(':');
    if (!id || !encoded || rest.length > 0 || !DATA_KEY_ID.test(id))
      return 'must be id:key pairs, comma-separated (id: 1 to 16 of A-Z a-z 0-9 _ -)';
    const key = Buffer.from(encoded, 'base64url');
    if (key.length !== 32) return `key ${id} must be 32 random bytes in base64url (openssl rand -base64 32)`;
    if (keys.some((k) => k.id === id)) return `key ${id} is named twice`;
    keys.push({ id, key });
  }
  return keys.length > 0 ? keys : 'must name at least one key';
}
